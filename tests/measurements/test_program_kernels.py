"""One kernel of a program: chosen by name, given a local size in every launch of it, timed
by its own launches."""

import pytest

from clstudio.common import RunResult, Timing
from clstudio.measurements import (
    KernelChoiceError,
    chosen_kernel,
    kernel_times_per_repeat,
    program_kernels,
    with_kernel_local_size,
)
from clstudio.session import Launch, LaunchGroup, Session, leaf_launches

PROGRAM = Session(
    source="",
    launches=(
        Launch("scan", (1024,), (256,)),
        LaunchGroup((Launch("add", (1024,), None), Launch("scan", (4,), (4,))), 3),
    ),
)


def test_the_kernels_are_named_in_launch_order_and_the_first_is_the_default() -> None:
    assert program_kernels(PROGRAM) == ["scan", "add"]
    assert chosen_kernel(PROGRAM, None) == "scan"
    assert chosen_kernel(PROGRAM, "add") == "add"
    with pytest.raises(KernelChoiceError, match="it launches: scan, add"):
        chosen_kernel(PROGRAM, "sum")


def test_every_launch_of_the_kernel_takes_the_size_and_no_other_does() -> None:
    sized = with_kernel_local_size(PROGRAM, "scan", (64,))
    assert [launch.local_size for launch in leaf_launches(sized.launches)] == [(64,), None, (64,)]
    assert sized.local_size == (64,)
    other = with_kernel_local_size(PROGRAM, "add", (32,))
    assert [launch.local_size for launch in leaf_launches(other.launches)] == [(256,), (32,), (4,)]
    assert other.local_size == (256,)  # the session's size is its first launch's


def test_a_kernels_time_in_a_repeat_sums_its_launches_only() -> None:
    def kernel(name: str, repeat: int, ns: int) -> Timing:
        return Timing("kernel", name, repeat, 0, 0, 0, ns)

    result = RunResult(
        ok=True,
        timings=(
            kernel("scan", 0, 10),
            kernel("add", 0, 100),
            kernel("scan", 0, 5),
            kernel("scan", 1, 7),
            kernel("add", 1, 100),
        ),
    )
    assert kernel_times_per_repeat(result, "scan") == [15, 7]
    assert kernel_times_per_repeat(result, "add") == [100, 100]
