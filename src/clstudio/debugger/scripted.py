"""A debug run that follows a script instead of a user: what `clstudio debug` does.

It stops at up to `hits` breakpoint hits of the work-item, takes `steps` steps over
after each, and reads the asked expressions (else the variables in scope) at every stop.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace

from clstudio.common import RunError, gettext
from clstudio.debugger.debug_plan import DebugPlan
from clstudio.debugger.debug_results import ENDED, FINISHED, DebugRun, DebugStop, ids_text
from clstudio.debugger.driver import DebugDriver, StartDebugger
from clstudio.debugger.pipe import start_debugger

MAX_STOPS = 1000  # a script's stops, all told: --hits times (--steps + 1)
FATAL = "OCLGRIND FATAL ERROR"


def run_script(
    plan: DebugPlan,
    expressions: Sequence[str] = (),
    hits: int = 1,
    steps: int = 0,
    start: StartDebugger = start_debugger,
) -> DebugRun:
    """Debug `plan` by the script (its process started by `start`); the process is gone
    when this returns."""
    started = time.perf_counter()
    driver = DebugDriver(plan, start=start)
    stops: list[DebugStop] = []
    try:
        stop = driver.start()
        stops.append(_with_values(driver, stop, expressions))
        hit, taken = 1, 0
        while stop.reason not in (ENDED, FINISHED) and len(stops) < MAX_STOPS:
            if taken < steps:
                taken += 1
                stop = driver.step_over()
            elif hit < hits:
                hit, taken = hit + 1, 0
                stop = driver.resume()
            else:
                break
            stops.append(_with_values(driver, stop, expressions))
    finally:
        driver.stop()
        driver.close()
    last = stops[-1]
    error = last.error
    reached = any(s.reason != ENDED and s.line is not None for s in stops)
    fatal = next((s.oclgrind for s in stops if FATAL in s.oclgrind), "")
    if error is None and not reached and fatal:
        error = RunError("run", _fatal_words(fatal))
    if error is None and not reached:
        error = RunError(
            "run",
            gettext(
                "work-item {item} never reached a breakpoint (lines {lines}): the kernel "
                "finished without passing there"
            ).format(item=ids_text(plan.work_item), lines=", ".join(map(str, plan.breakpoints))),
        )
    return DebugRun(
        ok=error is None,
        kernel=plan.session.kernel,
        breakpoints=plan.breakpoints,
        stops=tuple(stops),
        info=driver.info,
        error=error,
        simulator_found=driver.simulator_found,
        seconds=time.perf_counter() - started,
    )


def _with_values(driver: DebugDriver, stop: DebugStop, expressions: Sequence[str]) -> DebugStop:
    if stop.line is None:
        return stop
    values = driver.values(expressions) if expressions else driver.variables()
    return replace(stop, values=values)


def _fatal_words(report: str) -> str:
    """Why Oclgrind stopped the kernel before a breakpoint, from its fatal error's report."""
    if "Unsupported float size: 2 bytes" in report:  # its interpreter has no half arithmetic
        return gettext(
            "Oclgrind stopped the kernel before the breakpoint: it cannot simulate arithmetic "
            "on half (16-bit floats); debug the kernel with float"
        )
    lines = [line.strip() for line in report.splitlines() if line.strip()]
    reason = lines[1] if len(lines) > 1 else lines[0]
    return gettext("Oclgrind stopped the kernel before the breakpoint: {reason}").format(
        reason=reason
    )
