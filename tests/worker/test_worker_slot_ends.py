"""A one-shot worker that has answered ends without its caller waiting for the exit."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import cast

from clstudio.worker.client import WorkerClient
from clstudio.worker.worker_slot import Environment, OneShotWorkers


class SlowToEnd:
    """A stand-in worker whose exit takes until `may_end` is set."""

    def __init__(self) -> None:
        self.may_end = threading.Event()
        self.closed = threading.Event()

    def start(self) -> None:
        """Nothing to boot."""

    def close(self) -> None:
        self.may_end.wait()
        self.closed.set()


class Slot(OneShotWorkers):
    def ask(self, asked: Callable[[WorkerClient], str] = lambda worker: "answer") -> str:
        return self._serve((), asked)


def test_the_answer_comes_before_the_worker_has_ended_and_close_waits_for_its_end() -> None:
    made: list[SlowToEnd] = []

    def new_client(environment: Environment) -> WorkerClient:
        made.append(SlowToEnd())
        return cast(WorkerClient, made[-1])

    slot = Slot(new_client=new_client)
    assert slot.ask() == "answer"
    (worker,) = made
    assert not worker.closed.is_set()  # still ending, and the answer is already here
    worker.may_end.set()
    slot.close()
    assert worker.closed.is_set()


def test_a_request_that_ends_after_close_ends_its_worker_at_once() -> None:
    made: list[SlowToEnd] = []
    slot: Slot

    def asked(worker: WorkerClient) -> str:
        cast(SlowToEnd, worker).may_end.set()
        slot.close()  # another thread closes the slot while the request runs
        return "answer"

    def new_client(environment: Environment) -> WorkerClient:
        made.append(SlowToEnd())
        return cast(WorkerClient, made[-1])

    slot = Slot(new_client=new_client)
    assert slot.ask(asked) == "answer"
    assert all(w.closed.is_set() for w in made)
    assert not [t for t in threading.enumerate() if t.name == "one-shot worker ending"]
