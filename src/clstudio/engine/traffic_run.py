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
from clstudio.traffic import LOG_ARG, WRAPPED, LogReading, TrafficPlan, TrafficResult

ATTEMPTS = 4  # runs after the first, each with a larger stride, before an overflow is given up


def measure_traffic(
    engine: Engine,
    plan: TrafficPlan,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
    entering: Entering = nowhere,
) -> TrafficResult:
    """The plan's runs; `entering` hears each run's steps, so that a watcher knows when
    the build has ended (its allowance with it).

    Every work-group logs in the first run: when the log holds them all, as it does for
    most kernels a learner traces, that run is the measurement. Otherwise its count (the
    log counts every record, kept or not) gives the stride, and the kernel runs again."""
    started = time.perf_counter()
    kernel = plan.session.kernel
    stride = 1
    for attempt in range(1 + ATTEMPTS):
        run = engine.run(plan.session_for(stride), progress, cancelled, entering)
        if run.error is not None:
            return _failed(kernel, run, started)
        log: np.ndarray = run.outputs[LOG_ARG]
        if not plan.overflowed(log):
            break
        if attempt > 0:
            stride *= 2
            continue
        chosen = _stride(engine, plan, log, cancelled, entering)
        if not isinstance(chosen, int):
            return chosen if isinstance(chosen, TrafficResult) else _failed(kernel, chosen, started)
        stride = chosen
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


def _stride(
    engine: Engine,
    plan: TrafficPlan,
    log: np.ndarray,
    cancelled: Cancelled | None,
    entering: Entering,
) -> int | TrafficResult | RunResult:
    """The stride after a first run whose log overflowed: from that run's count when it is
    whole and no group alone can fill the log; else from a pilot run in which only
    work-group 0 logs. A refusal, or the pilot's failed run, when there is none."""
    records = int(log[0])
    if not log[WRAPPED] and plan.groups > 1 and records <= plan.capacity * plan.groups:
        return plan.stride_for(records)
    per_group = records + (1 << 32 if log[WRAPPED] else 0)  # at least that many
    if plan.groups > 1:
        pilot = engine.run(plan.session_for(plan.groups), None, cancelled, entering)
        if pilot.error is not None:
            return pilot
        per_group = int(pilot.outputs[LOG_ARG][0])
    if per_group > plan.capacity or plan.groups == 1:
        said = gettext(
            "one work-group makes {count:,} accesses, more than the log holds ({most:,})"
        ).format(count=per_group, most=plan.capacity)
        return TrafficResult(False, plan.session.kernel, RunError("run", said))
    return plan.stride_for(per_group * plan.groups)
