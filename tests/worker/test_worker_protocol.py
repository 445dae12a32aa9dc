"""The messages between app and worker are frozen plain data that survive a pipe."""

import dataclasses
import multiprocessing
import pickle
from typing import Any

import numpy as np
import pytest

from clstudio.common.dtypes import parse_element_type
from clstudio.common.results import RunError, RunResult
from clstudio.devices.selector import DeviceSelector
from clstudio.session import Launch
from clstudio.session.args import BufferArg, Init
from clstudio.session.format import Session
from clstudio.worker.protocol import (
    BuildRequest,
    DevicesRequest,
    Failure,
    Progress,
    Ready,
    Reply,
    RunRequest,
    WorkerFailure,
)

SESSION = Session(
    source="__kernel void add(__global float* c) { c[0] = 1; }",
    launches=(Launch("add", (16,)),),
    timeout_s=2.0,
    args={"c": BufferArg(parse_element_type("float"), (16,), Init("fill", {"value": 3}))},
)
MESSAGES = [
    DevicesRequest(1),
    BuildRequest(2, "__kernel void k() {}", "-cl-fast-relaxed-math", DeviceSelector("", "cpu")),
    RunRequest(3, SESSION),
    Ready(1234),
    Progress(3, 5, 10),
    Reply(3, RunResult(ok=False, error=RunError("validate", "no", argument="c"), kernel="add")),
    Failure(3, "Traceback (most recent call last):\n  ...\nKeyError: 'value'\n"),
]


@pytest.mark.parametrize("message", MESSAGES, ids=lambda m: type(m).__name__)
def test_messages_pickle_to_equal_copies(message: object) -> None:
    assert pickle.loads(pickle.dumps(message)) == message


def test_messages_cross_a_pipe_in_order() -> None:
    sender, receiver = multiprocessing.Pipe()
    for message in MESSAGES:
        sender.send(message)
    received = [receiver.recv() for _ in MESSAGES]
    assert received == MESSAGES
    sender.close()
    receiver.close()


def test_a_reply_keeps_its_arrays() -> None:
    result = RunResult(ok=True, outputs={"c": np.arange(8, dtype=np.float32)})
    back = pickle.loads(pickle.dumps(Reply(7, result)))
    np.testing.assert_array_equal(back.payload.outputs["c"], result.outputs["c"])


@pytest.mark.parametrize("message", MESSAGES, ids=lambda m: type(m).__name__)
def test_messages_are_frozen(message: Any) -> None:
    field = dataclasses.fields(message)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(message, field, 99)


def test_a_worker_failure_carries_the_traceback_text() -> None:
    failure = MESSAGES[-1]
    assert isinstance(failure, Failure)
    text = failure.traceback
    error = WorkerFailure(text)
    assert error.traceback == text
    assert "KeyError: 'value'" in str(error)
