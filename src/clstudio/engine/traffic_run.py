"""Traffic's run: the instrumented session on its device, then its log read.

The kernel runs whole (every work-group computes), so its outputs pass or fail the
session's references as a normal run's would; only which groups log is sampled.
"""

from __future__ import annotations

import time

import numpy as np

from clstudio.common import RunError, RunResult, gettext
from clstudio.engine.device_program import Cancelled
from clstudio.engine.run import Engine, Progress
from clstudio.engine.run_record import Entering, nowhere
from clstudio.traffic import LOG_ARG, LogReading, TrafficPlan, TrafficResult

ATTEMPTS = 4  # runs with a doubled stride before a log that overflows is given up


def measure_traffic(
    engine: Engine,
    plan: TrafficPlan,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
    entering: Entering = nowhere,
) -> TrafficResult:
    """The plan's runs; `entering` hears each run's steps, so that a watcher knows when
    the build has ended (its allowance with it)."""
    started = time.perf_counter()
    kernel = plan.session.kernel
    stride = 1
    if plan.groups > 1:
        pilot = engine.run(plan.session_for(plan.groups), None, cancelled, entering)
        if pilot.error is not None:
            return _failed(kernel, pilot, started)
        per_group = int(pilot.outputs[LOG_ARG][0])
        if per_group > plan.capacity:
            said = gettext(
                "one work-group makes {count:,} accesses, more than the log holds ({most:,})"
            ).format(count=per_group, most=plan.capacity)
            return TrafficResult(False, kernel, RunError("run", said))
        stride = plan.stride_for(per_group)
    for _ in range(ATTEMPTS):
        run = engine.run(plan.session_for(stride), progress, cancelled, entering)
        if run.error is not None:
            return _failed(kernel, run, started)
        log: np.ndarray = run.outputs[LOG_ARG]
        if int(log[0]) <= plan.capacity:
            break
        stride *= 2
    else:
        said = gettext("the log overflowed even with one work-group in {stride} logging")
        return TrafficResult(False, kernel, RunError("run", said.format(stride=stride)))
    reading = LogReading(log, plan)
    passed = all(r.ok for r in run.references.values()) if run.references else None
    return TrafficResult(
        ok=passed is not False,
        kernel=kernel,
        error=None,
        buffers=reading.buffer_traffic(),
        accesses=reading.accesses(),
        traces=reading.traces(),
        global_size=tuple(plan.session.global_size),
        local_size=plan.local_size,
        groups_logged=len(reading.logged_groups),
        groups=plan.groups,
        device=run.device,
        references_passed=passed,
        seconds=time.perf_counter() - started,
    )


def _failed(kernel: str, run: RunResult, started: float) -> TrafficResult:
    assert run.error is not None
    error = run.error
    if error.stage == "build":
        said = gettext("the instrumented kernel did not build: {message}")
        error = RunError("build", said.format(message=error.message), line=error.line)
    return TrafficResult(False, kernel, error, seconds=time.perf_counter() - started)
