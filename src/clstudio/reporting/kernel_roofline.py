"""The roofline point of one kernel of a run, a program's kernel included.

For a one-launch session this is the run's point. In a program, a kernel counts every
launch of it in one run of the program (each iteration too): the work-items they
launch, the bytes the buffers they bind move (read once if the kernel or the session
only reads them, written once if written, both for read-write) and the median over the
repeats of the sum of their kernel times.
"""

from __future__ import annotations

import math
import statistics

from clstudio.common import KernelSignature
from clstudio.measurements import chosen_kernel, kernel_times_per_repeat
from clstudio.reporting.finished_run import FinishedRun
from clstudio.reporting.roofline import RooflinePoint, point_of
from clstudio.session import BufferArg, ImageArg, Launch, bound_name, planned_launches


def kernel_point(
    run: FinishedRun, kernel: str | None = None, ops_per_item: float = 1.0, label: str = ""
) -> RooflinePoint | None:
    """`kernel`'s point (the first kernel when None); None when it has no time or traffic.

    Raises KernelChoiceError when the program launches no kernel of that name.
    """
    session, result = run.session, run.result
    name = chosen_kernel(session, kernel)
    label = label or name
    if session.is_single_launch:
        stats = run.stats()
        seconds = stats.median_s if stats is not None else 0.0
        return point_of(label, run.traffic().total_bytes, run.work_items, ops_per_item, seconds)
    build = result.build
    signature = build.kernel(name) if build is not None else None
    work_items = moved = 0
    for planned in planned_launches(session.launches):
        if planned.launch.kernel != name:
            continue
        work_items += math.prod(planned.launch.global_size)
        moved += _launch_bytes(run, planned.launch, signature)
    times = kernel_times_per_repeat(result, name)
    seconds = statistics.median(times) * 1e-9 if times else 0.0
    return point_of(label, moved, work_items, ops_per_item, seconds)


def _launch_bytes(run: FinishedRun, launch: Launch, signature: KernelSignature | None) -> int:
    """The least traffic of one launch: each buffer it binds read and/or written once."""
    if signature is None:
        return 0
    total = 0
    for info in signature.args:
        name = bound_name(launch, info.name)
        spec = run.session.args.get(name) if name is not None else None
        if isinstance(spec, ImageArg):
            total += spec.nbytes  # an image is read only or written only
        elif isinstance(spec, BufferArg):
            reads = info.is_const or spec.access != "out"
            writes = not info.is_const and spec.access != "in"
            total += spec.nbytes * (int(reads) + int(writes))
    return total
