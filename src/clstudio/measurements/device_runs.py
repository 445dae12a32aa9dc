"""One session run on several devices in turn, each run isolated as any other."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from clstudio.backend import Backend
from clstudio.common import RunError, RunResult, gettext
from clstudio.devices import DeviceSelector, is_simulator
from clstudio.session import Session

DeviceProgress = Callable[[int, int, DeviceSelector | None], None]  # done, total, next device


def run_on_devices(
    backend: Backend,
    session: Session,
    devices: Sequence[DeviceSelector],
    progress: DeviceProgress | None = None,
    cancelled: Callable[[], bool] = lambda: False,
    backends: Sequence[Backend] = (),
) -> list[RunResult]:
    """A result per device, in order; a device skipped by Stop gets a cancelled result.
    `backends`: each device's own (the window's devices on other machines), else `backend`."""
    results = []
    for done, selector in enumerate(devices):
        if progress is not None:
            progress(done, len(devices), selector)
        if cancelled():
            error = RunError("cancelled", gettext("stopped by the user before this device's turn"))
            results.append(
                RunResult(ok=False, error=error, kernel=session.kernel, device=_wanted(selector))
            )
            continue
        runs = backends[done] if backends else backend
        result = runs.run(replace(session, device=selector))
        results.append(_named(result, selector, session))
    if progress is not None:
        progress(len(devices), len(devices), None)
    return results


def _wanted(selector: DeviceSelector) -> str:
    return ":".join(part for part in (selector.platform, selector.device) if part)


def _named(result: RunResult, selector: DeviceSelector, session: Session) -> RunResult:
    """A run that ended before naming its device is named by the selector asked for.

    A simulator past its time limit was slow, not stuck: Oclgrind interprets every
    work-item, so saxpy at N = 1 M takes minutes where a CPU takes milliseconds.
    """
    device = result.device or _wanted(selector)
    error = result.error
    if error is not None and error.stage == "timeout" and is_simulator(selector.platform):
        message = gettext(
            "{device} is a simulator: it runs a kernel far slower than a real device, and "
            "did not finish within {limit:g} s. Try it with a smaller size, or raise the "
            "time limit (timeout_s)."
        ).format(device=device, limit=session.timeout_s)
        error = replace(error, message=message)
    return replace(result, device=device, error=error)
