"""One session run on several devices in turn, each run isolated as any other."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from clstudio.backend import Backend
from clstudio.common import RunError, RunResult, gettext
from clstudio.devices import DeviceSelector
from clstudio.session import Session

DeviceProgress = Callable[[int, int, DeviceSelector | None], None]  # done, total, next device


def run_on_devices(
    backend: Backend,
    session: Session,
    devices: Sequence[DeviceSelector],
    progress: DeviceProgress | None = None,
    cancelled: Callable[[], bool] = lambda: False,
) -> list[RunResult]:
    """A result per device, in order; a device skipped by Stop gets a cancelled result."""
    results = []
    for done, selector in enumerate(devices):
        if progress is not None:
            progress(done, len(devices), selector)
        if cancelled():
            error = RunError("cancelled", gettext("stopped by the user before this device's turn"))
            wanted = ":".join(part for part in (selector.platform, selector.device) if part)
            results.append(RunResult(ok=False, error=error, kernel=session.kernel, device=wanted))
            continue
        results.append(backend.run(replace(session, device=selector)))
    if progress is not None:
        progress(len(devices), len(devices), None)
    return results
