"""A program's timeout, through the real worker, names the launch that was running."""

import pytest

from clstudio.common.dtypes import parse_element_type
from clstudio.session import IterationArg, Launch, LaunchGroup
from clstudio.session.args import BufferArg, Init
from clstudio.session.format import Session
from clstudio.worker.client import WorkerClient
from clstudio.worker.request_ends import program_launch_at

pytestmark = pytest.mark.opencl

FLOAT = parse_element_type("float")
SOURCE = """\
__kernel void twice(__global float* c) { c[get_global_id(0)] *= 2.0f; }

__kernel void spin(__global float* c, int step) {
    while (step == 2 || c[0] < 0) { c[1] += 1; }  // at iteration 2 the condition never changes
}
"""


def program(iterations: int, timeout_s: float) -> Session:
    return Session(
        source=SOURCE,
        timeout_s=timeout_s,
        args={"c": BufferArg(FLOAT, (4,), Init("ones"))},
        launches=(
            Launch("twice", (4,), None),
            LaunchGroup((Launch("spin", (1,), None, {"step": IterationArg()}),), iterations),
        ),
    )


def test_a_program_that_hangs_names_the_launch_and_iteration_of_the_hang(
    client: WorkerClient,
) -> None:
    assert client.run(program(iterations=2, timeout_s=30.0)).ok  # built: the hang is the kernel's
    result = client.run(program(iterations=5, timeout_s=2.0))
    assert result.error is not None and result.error.stage == "timeout"
    assert result.error.message.startswith("kernel 'spin' did not finish within 2 s")
    assert "It happened in launch 2 of 2, kernel `spin`, iteration 2." in result.error.message
    assert client.run(program(iterations=2, timeout_s=30.0)).ok


def test_a_launch_number_counts_on_over_the_repeats() -> None:
    launch_at = program_launch_at(program(iterations=3, timeout_s=1.0))
    first, third, fifth = launch_at(1), launch_at(3), launch_at(5)
    assert first is not None and first.launch.kernel == "twice"
    assert third is not None and (third.position, third.iteration) == (2, 1)
    assert fifth is not None and (fifth.position, fifth.iteration) == (1, 0)  # the 2nd repeat
