"""Step mode through the real worker: the stepper lives between requests, and dies with it."""

import numpy as np
import pytest

from clstudio.common import HOST_STEP_COUNT
from clstudio.common.dtypes import parse_element_type
from clstudio.common.results import StepOutcome
from clstudio.session import Launch
from clstudio.session.args import BufferArg, Init, ScalarArg
from clstudio.session.format import Session
from clstudio.worker.client import WorkerClient

pytestmark = pytest.mark.opencl

FLOAT = parse_element_type("float")
SOURCE = """\
__kernel void twice(__global const float* a, __global float* c) {
    c[get_global_id(0)] = 2 * a[get_global_id(0)];
}

__kernel void spin(__global float* c, int forever) {
    while (forever || c[0] < 0) { c[1] += 1; }
}

__kernel void wild(__global float* c) {
    c[get_global_id(0) * 100000000L] = 1;  // hundreds of megabytes past the end
}
"""
TWICE = Session(
    source=SOURCE,
    launches=(Launch("twice", (1 << 16,)),),
    args={"a": BufferArg(FLOAT, (1 << 16,), Init("arange")), "c": BufferArg(FLOAT, (1 << 16,))},
)
WILD = Session(
    source=SOURCE, launches=(Launch("wild", (64,)),), args={"c": BufferArg(FLOAT, (16,))}
)
SPIN = Session(
    source=SOURCE,
    launches=(Launch("spin", (1,)),),
    timeout_s=1.0,
    args={"c": BufferArg(FLOAT, (4,)), "forever": ScalarArg(1)},
)


def test_one_step_per_request_then_the_rest_with_each_heard_as_it_ends(
    client: WorkerClient,
) -> None:
    first = client.step(TWICE, 1, 1)
    assert [(o.number, o.ok) for o in first] == [(1, True)]
    heard: list[StepOutcome] = []
    rest = client.step(TWICE, 2, HOST_STEP_COUNT, heard.append)
    assert [o.number for o in rest] == list(range(2, HOST_STEP_COUNT + 1))
    assert [o.number for o in heard] == list(range(2, HOST_STEP_COUNT))  # 11 is in the reply
    run = rest[-1].run
    assert run is not None and run.ok
    np.testing.assert_array_equal(run.outputs["c"], 2 * np.arange(1 << 16, dtype=np.float32))


def test_going_on_without_the_earlier_steps_says_to_reset(client: WorkerClient) -> None:
    client.step(TWICE, 1, 2)
    (outcome,) = client.step(WILD, 3, 1)  # another session: its steps 1 and 2 never ran
    assert not outcome.ok and outcome.number == 3
    assert outcome.error is not None
    assert "press Reset" in outcome.error.message
    assert [o.ok for o in client.step(TWICE, 1, 1)] == [True]  # Reset works


def test_a_crash_in_a_step_fails_that_step_and_reset_works_in_the_new_worker(
    client: WorkerClient,
) -> None:
    client.step(WILD, 1, 8)
    restarts = client.restarts
    # The driver may run the kernel as soon as it is queued: the wild write can end the
    # worker during step 9, 10 or 11, but it ends it within this request.
    outcomes = client.step(WILD, 9, 3)
    failed = outcomes[-1]
    assert failed.error is not None
    assert not failed.ok and failed.error.stage == "crash"
    assert "SIGSEGV while stepping through kernel 'wild'" in failed.error.message
    assert failed.number in (9, 10, 11)
    assert client.restarts == restarts + 1
    (gone,) = client.step(WILD, failed.number + 1, 1)
    assert gone.error is not None
    assert "press Reset" in gone.error.message
    assert client.step(TWICE, 1, HOST_STEP_COUNT)[-1].ok


def test_a_timeout_fails_the_waiting_step_and_names_it(client: WorkerClient) -> None:
    outcomes = client.step(SPIN, 1, HOST_STEP_COUNT)
    failed = outcomes[-1]
    assert [o.ok for o in outcomes[:-1]] == [True] * 9  # the launch is only queued at step 9
    assert failed.error is not None
    assert failed.number == 10 and failed.error.stage == "timeout"
    assert failed.error.message.startswith("kernel 'spin' did not finish within 1 s")
