"""Counting's run: a session once on Oclgrind with its counts on, then its printout read.

Oclgrind prints the counts on stdout after the kernel, where the worker's printf
capture catches them with the kernel's own printf; the IR it executed, dumped
beside, gives each floating-point opcode's vector width.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from clstudio.checkmode import GET_OCLGRIND
from clstudio.common import RunError, gettext
from clstudio.counts import (
    CountingError,
    CountPlan,
    CountResult,
    classify,
    dumps_now,
    lane_widths,
    read_counts,
    take_ir,
)
from clstudio.engine.check_run import has_simulator
from clstudio.engine.run import Cancelled, Engine, Progress


def count_session(
    engine: Engine,
    plan: CountPlan,
    read_printed: Callable[[], str],
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> CountResult:
    """Run the planned session on Oclgrind; `read_printed` returns what the run printed."""
    session = plan.session
    kernel = session.kernel
    started = time.perf_counter()
    if not has_simulator(session.device.platform if session.device else ""):
        return CountResult(False, kernel, RunError("validate", gettext(GET_OCLGRIND)))
    before = dumps_now()
    run = engine.run(session, progress, cancelled)
    ir = take_ir(before, kernel)
    executed, _ = read_counts(read_printed(), kernel)
    seconds = time.perf_counter() - started
    if run.error is not None:
        return CountResult(False, kernel, run.error, seconds=seconds)
    if executed is None or ir is None:
        said = gettext(
            "Oclgrind ran kernel '{kernel}' but printed no counts for it (or left no IR "
            "to tell vector widths by), so nothing was measured"
        ).format(kernel=kernel)
        return CountResult(False, kernel, RunError("run", said), seconds=seconds)
    try:
        counts = classify(executed, lane_widths(ir))
    except CountingError as exc:
        said = gettext("cannot count this kernel: {reason}").format(reason=exc)
        return CountResult(False, kernel, RunError("run", said), seconds=seconds)
    sampled = plan.sampling is not None
    passed = None if sampled else all(r.ok for r in run.references.values())
    return CountResult(
        ok=passed is not False,
        kernel=kernel,
        error=None,
        counts=counts.scaled(plan.sampling.factor) if plan.sampling else counts,
        sampling=plan.sampling,
        references_passed=passed,
        instructions=executed.instructions,
        seconds=seconds,
    )
