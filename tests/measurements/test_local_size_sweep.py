"""A local-size sweep through the worker: timed sizes, failed sizes skipped, Stop."""

import pytest

from clstudio.common import parse_element_type
from clstudio.engine import InProcessBackend
from clstudio.measurements.local_size_sweep import sweep_local_sizes
from clstudio.session import ArgSpec, BufferArg, Session
from clstudio.worker.client import WorkerClient

pytestmark = pytest.mark.opencl

SOURCE = "__kernel void twice(__global float *x) { x[get_global_id(0)] *= 2.0f; }"
FLOAT = parse_element_type("float32")


def session() -> Session:
    args: dict[str, ArgSpec] = {"x": BufferArg(FLOAT, (1024,), access="inout")}
    return Session("twice", SOURCE, global_size=(1024,), args=args, guards=False)


def test_each_size_is_timed_after_a_warm_up_and_a_refused_size_is_marked() -> None:
    progress = []
    with WorkerClient() as worker:
        sweep = sweep_local_sizes(
            worker,
            session(),
            [(16,), (3,), (64,)],  # 3 does not divide 1024: OpenCL 1.2 refuses it
            lambda done, total, size: progress.append((done, size)),
        )
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
