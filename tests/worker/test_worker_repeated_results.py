"""A run's result crosses as its changes since the last: the app still sees every field."""

import dataclasses
import pickle

import numpy as np
import pytest

from clstudio.common import GuardReport, RunResult, Step
from clstudio.common.dtypes import parse_element_type
from clstudio.session import Launch
from clstudio.session.args import BufferArg, Init
from clstudio.session.format import Session
from clstudio.worker.client import WorkerClient
from clstudio.worker.repeated_results import ReceivedResults, RepeatedResult, SentResults

STEPS = (
    Step("clCreateContext", "Create a context", 0.5, "for the CPU"),
    Step("clFinish", "Wait for the device", 0.25, "the queue is empty"),
)
FIRST = RunResult(
    ok=True,
    kernel="add",
    steps=STEPS,
    guards={"c": GuardReport("c", True)},
    outputs={"c": np.arange(4.0)},
)


FLOAT = parse_element_type("float")
DOUBLING = Session(
    source="__kernel void double_it(__global float* c) { c[get_global_id(0)] *= 2; }",
    launches=(Launch("double_it", (1024,)),),
    args={"c": BufferArg(FLOAT, (1024,), Init("random"))},
)


def again(result: RunResult, **changes: object) -> RunResult:
    """`result` as a later run of the same session makes it: new times, new arrays."""
    steps = tuple(dataclasses.replace(s, seconds=s.seconds * 2) for s in result.steps)
    outputs = {"c": np.arange(4.0) + 1}
    return dataclasses.replace(result, steps=steps, outputs=outputs, **changes)  # type: ignore[arg-type]


def crossed(told: RunResult | RepeatedResult) -> RunResult | RepeatedResult:
    """What the app gets: the pipe pickles every reply."""
    return pickle.loads(pickle.dumps(told))  # type: ignore[no-any-return]


def assert_same(result: RunResult, expected: RunResult) -> None:
    for f in dataclasses.fields(RunResult):
        if f.name != "outputs":
            assert getattr(result, f.name) == getattr(expected, f.name), f.name
    assert result.outputs.keys() == expected.outputs.keys()
    for name, array in expected.outputs.items():
        np.testing.assert_array_equal(result.outputs[name], array)


def test_a_repeated_run_sends_its_times_and_arrays_and_the_app_sees_it_whole() -> None:
    worker, app = SentResults(), ReceivedResults()
    assert_same(app.whole(crossed(worker.tell(FIRST))), FIRST)
    worker.sent()
    second = again(FIRST)
    told = worker.tell(second)
    assert isinstance(told, RepeatedResult)
    assert told.changed == {}  # the steps' titles and details held: their seconds alone
    assert told.step_seconds == (1.0, 0.5)
    assert len(pickle.dumps(told)) < len(pickle.dumps(second)) / 2
    assert_same(app.whole(crossed(told)), second)


def test_a_field_that_changed_travels_and_stays_for_the_next_run() -> None:
    worker, app = SentResults(), ReceivedResults()
    app.whole(crossed(worker.tell(FIRST)))
    worker.sent()
    held_not = GuardReport("c", False, after=3, message="3 elements written after the end")
    second = again(FIRST, printf="hello\n", guards={"c": held_not})
    told = worker.tell(second)
    assert isinstance(told, RepeatedResult)
    assert set(told.changed) == {"printf", "guards"}
    assert_same(app.whole(crossed(told)), second)
    worker.sent()
    third = again(second)
    assert_same(app.whole(crossed(worker.tell(third))), third)


def test_steps_that_changed_otherwise_than_in_time_travel_whole() -> None:
    worker, app = SentResults(), ReceivedResults()
    app.whole(crossed(worker.tell(FIRST)))
    worker.sent()
    second = again(FIRST)
    second = dataclasses.replace(second, steps=(*second.steps, Step("clFinish", "Wait", 0.1)))
    told = worker.tell(second)
    assert isinstance(told, RepeatedResult)
    assert told.step_seconds is None and "steps" in told.changed
    assert_same(app.whole(crossed(told)), second)


def test_a_reply_that_never_left_is_not_the_apps_last_result() -> None:
    worker, app = SentResults(), ReceivedResults()
    app.whole(crossed(worker.tell(FIRST)))
    worker.sent()
    worker.tell(again(FIRST, printf="lost with its pipe"))  # no sent(): the send failed
    third = again(FIRST)
    told = worker.tell(third)
    assert isinstance(told, RepeatedResult) and "printf" not in told.changed
    assert_same(app.whole(crossed(told)), third)


@pytest.mark.opencl
def test_runs_of_an_unchanged_session_through_the_worker_differ_only_in_time() -> None:
    with WorkerClient() as client:
        first, second, third = (client.run(DOUBLING) for _ in range(3))
    assert first.ok and second.ok and third.ok
    # The first run made the context and built; the second and third kept them.
    assert third.build == second.build == first.build and third.guards == first.guards
    assert [(s.api, s.title, s.detail) for s in third.steps] == [
        (s.api, s.title, s.detail) for s in second.steps
    ]
    assert [s.seconds for s in third.steps] != [s.seconds for s in second.steps]
    for later in (second, third):
        np.testing.assert_array_equal(later.outputs["c"], first.outputs["c"])
