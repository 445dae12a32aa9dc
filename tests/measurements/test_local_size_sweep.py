"""A local-size sweep through the worker: timed sizes, failed sizes skipped, Stop."""

import pytest

from clstudio.common import parse_element_type
from clstudio.engine import InProcessBackend
from clstudio.measurements.local_size_sweep import SweepResult, sweep_local_sizes
from clstudio.session import ArgSpec, BufferArg, Launch, Reference, Session
from clstudio.worker.client import WorkerClient

pytestmark = pytest.mark.opencl

SOURCE = "__kernel void twice(__global float *x) { x[get_global_id(0)] *= 2.0f; }"
FLOAT = parse_element_type("float32")


def session() -> Session:
    args: dict[str, ArgSpec] = {"x": BufferArg(FLOAT, (1024,), access="inout")}
    return Session(source=SOURCE, launches=(Launch("twice", (1024,)),), args=args, guards=False)


def test_each_size_is_timed_after_a_warm_up_and_a_refused_size_is_marked() -> None:
    progress = []
    heard: list[SweepResult] = []
    with WorkerClient() as worker:
        sweep = sweep_local_sizes(
            worker,
            session(),
            [(16,), (3,), (64,)],  # 3 does not divide 1024: OpenCL 1.2 refuses it
            lambda done, total, size: progress.append((done, size)),
            measured=heard.append,
        )
    # The sweep so far after each size, for a plot that grows as they come.
    assert [[p.local_size for p in h.points] for h in heard] == [
        [(16,)],
        [(16,), (3,)],
        [(16,), (3,), (64,)],
    ]
    assert heard[-1].points == sweep.points
    assert [p.local_size for p in sweep.points] == [(16,), (3,), (64,)]
    good, refused, other = sweep.points
    assert good.median_s is not None and good.median_s > 0
    assert other.median_s is not None and other.median_s > 0
    assert refused.median_s is None and refused.error
    assert sweep.best in (good, other)
    assert progress == [(0, (16,)), (1, (3,)), (2, (64,)), (3, None)]


def test_stop_ends_the_sweep_between_sizes_and_keeps_the_timed_ones() -> None:
    checks: list[int] = []

    def stop_after_the_first() -> bool:
        checks.append(1)
        return len(checks) > 1

    sweep = sweep_local_sizes(
        InProcessBackend(), session(), [(16,), (32,), (64,)], cancelled=stop_after_the_first
    )
    assert [p.local_size for p in sweep.points] == [(16,)]
    assert sweep.stopped == "stopped by the user after 1 of 3 sizes"


def test_a_size_whose_outputs_miss_the_reference_is_marked_and_never_best() -> None:
    source = "__kernel void size(__global float *x) { x[get_global_id(0)] = get_local_size(0); }"
    args: dict[str, ArgSpec] = {"x": BufferArg(FLOAT, (64,), access="out")}
    checked = Session(
        source=source,
        launches=(Launch("size", (64,)),),
        args=args,
        references={"x": Reference("16 + 0 * x")},
    )
    sweep = sweep_local_sizes(InProcessBackend(), checked, [(8,), (16,)])
    wrong, right = sweep.points
    assert wrong.median_s is not None and wrong.error.startswith("wrong results: x: 64 of 64")
    assert right.ok and sweep.best == right
