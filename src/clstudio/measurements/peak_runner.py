"""A whole peak measurement: every probe in turn, each a request of its own.

A probe whose kernel crashes the worker becomes a failed figure; the worker is
restarted by its client and the next probe runs. The measurement stops early
only when no device matches or the user stops it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from clstudio.backend import MeasuringBackend
from clstudio.common import PEAK_PROBES, PeakDevice, PeakPlan, PeakProbe, PeakReport, gettext
from clstudio.devices import DeviceSelector

ProbeProgress = Callable[[int, int, str], None]  # done, total, the key being measured next


def measure_peaks(
    backend: MeasuringBackend,
    selector: DeviceSelector | None,
    plan: PeakPlan | None = None,
    probes: Sequence[PeakProbe] = PEAK_PROBES,
    progress: ProbeProgress | None = None,
    cancelled: Callable[[], bool] = lambda: False,
) -> PeakReport:
    """Measure `probes` on the device `selector` picks (the first device when None)."""
    plan = plan or PeakPlan()
    device: PeakDevice | None = None
    figures = []
    stopped = ""
    for done, probe in enumerate(probes):
        if cancelled():
            stopped = _stopped_after(done, len(probes))
            break
        if progress is not None:
            progress(done, len(probes), probe.key)
        sample = backend.measure_peak(selector, probe, plan)
        if sample.stopped == "device":
            stopped = sample.figure.error
            break
        if sample.stopped == "cancelled":
            stopped = _stopped_after(done, len(probes))
            break
        device = device or sample.device
        figures.append(sample.figure)
    if progress is not None and not stopped:
        progress(len(probes), len(probes), "")
    if device is None:
        wanted = (
            " / ".join(s for s in (selector.platform, selector.device) if s) if selector else ""
        )
        device = PeakDevice(wanted or gettext("no device"), "", "")
    measured_at = datetime.now(UTC).isoformat(timespec="seconds")
    return PeakReport(device, measured_at, tuple(figures), stopped)


def _stopped_after(done: int, total: int) -> str:
    return gettext("stopped by the user after {done} of {total} figures").format(
        done=done, total=total
    )
