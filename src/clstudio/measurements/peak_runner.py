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
from clstudio.measurements.in_turn import InTurn

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
    told = None if progress is None else _told_by_key(progress)
    probes_in_turn = InTurn(probes, told, cancelled, _stopped_after)
    for probe in probes_in_turn:
        sample = backend.measure_peak(selector, probe, plan)
        if sample.stopped in ("device", "cancelled"):
            probes_in_turn.stop(sample.figure.error if sample.stopped == "device" else None)
            break
        device = device or sample.device
        figures.append(sample.figure)
    if device is None:
        wanted = (
            " / ".join(s for s in (selector.platform, selector.device) if s) if selector else ""
        )
        device = PeakDevice(wanted or gettext("no device"), "", "")
    measured_at = datetime.now(UTC).isoformat(timespec="seconds")
    return PeakReport(device, measured_at, tuple(figures), probes_in_turn.stopped)


def _told_by_key(progress: ProbeProgress) -> Callable[[int, int, PeakProbe | None], None]:
    """The progress callers hear the key of the probe measured next ("" at the end)."""
    return lambda done, total, probe: progress(done, total, probe.key if probe else "")


def _stopped_after(done: int, total: int) -> str:
    return gettext("stopped by the user after {done} of {total} figures").format(
        done=done, total=total
    )
