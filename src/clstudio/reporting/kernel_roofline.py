"""The roofline point of one kernel of a run: every launch of it in one run of the program.

A kernel counts each launch of it (each iteration too): the work-items they launch,
the bytes the buffers they bind move (read once if "in", written once if "out", both
for "inout", as buffer_access tells the engine's use) and the median over the repeats
of the sum of their kernel times. A one-launch session's point is its run's.
"""

from __future__ import annotations

import math
import statistics

from clstudio.common import KernelSignature
from clstudio.measurements import chosen_kernel, kernel_times_per_repeat
from clstudio.reporting.finished_run import FinishedRun
from clstudio.reporting.roofline import RooflinePoint, point_of
from clstudio.reporting.run_stats import buffer_access
from clstudio.session import (
    BufferArg,
    ImageArg,
    Launch,
    Session,
    TakenRounds,
    bound_name,
    planned_launches,
)


def kernel_point(
    run: FinishedRun, kernel: str | None = None, ops_per_item: float = 1.0, label: str = ""
) -> RooflinePoint | None:
    """`kernel`'s point (the first kernel when None); None when it has no time or traffic.

    Raises KernelChoiceError when the program launches no kernel of that name.
    """
    session, build = run.session, run.result.build
    name = chosen_kernel(session, kernel)
    signature = build.kernel(name) if build is not None else None
    work_items = moved = 0
    # A loop until done counts the rounds the run took, not its most.
    taken = TakenRounds({loop.entry: loop.rounds for loop in run.result.loops})
    for planned in planned_launches(session.launches, taken):
        if planned.launch.kernel == name:
            work_items += math.prod(planned.launch.global_size)
            moved += _launch_bytes(session, planned.launch, signature)
    times = kernel_times_per_repeat(run.result, name)
    seconds = statistics.median(times) * 1e-9 if times else 0.0
    return point_of(label or name, moved, work_items, ops_per_item, seconds)


def _launch_bytes(session: Session, launch: Launch, signature: KernelSignature | None) -> int:
    """The least traffic of one launch: each buffer it binds read and/or written once.

    Without the kernel's signature, every session argument counts by its own name."""
    params = [info.name for info in signature.args] if signature else list(session.args)
    total = 0
    for param in params:
        name = bound_name(launch, param)
        spec = session.args.get(name) if name is not None else None
        if isinstance(spec, BufferArg | ImageArg):
            access = buffer_access(param, spec, signature)
            total += spec.nbytes * (2 if access == "inout" else 1)
    return total
