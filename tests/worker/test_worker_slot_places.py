"""A slot's worker serves only requests for its own place: a worker booted ahead, or kept,
on this machine never serves a request routed to a remote machine (the window's
clstudio.remote.RoutedWorkers), nor the other way round."""

from __future__ import annotations

from typing import cast

from clstudio.worker.client import WorkerClient
from clstudio.worker.worker_slot import Environment, OneShotWorkers, place_of


class Worker:
    """A stand-in worker: where it was made, and whether it was closed."""

    def __init__(self, place: str) -> None:
        self.place = place
        self.closed = False

    def start(self) -> None:
        """Nothing to boot."""

    def close(self) -> None:
        self.closed = True


class Routed:
    """A factory routed as the window's is: `place` names where its next worker starts."""

    def __init__(self) -> None:
        self.where = "here"
        self.made: list[Worker] = []

    def place(self) -> str:
        return self.where

    def __call__(self, environment: Environment) -> WorkerClient:
        worker = Worker(self.where)
        self.made.append(worker)
        return cast(WorkerClient, worker)


class Slot(OneShotWorkers):
    def ask(self) -> str:
        """The place of the worker that served the request."""
        return self._serve((), lambda worker: cast(Worker, worker).place)

    def prepare(self) -> None:
        self._prepare(())


def test_a_worker_booted_here_does_not_serve_a_request_for_the_remote_machine() -> None:
    routed = Routed()
    slot = Slot(ready_next=True, new_client=routed)
    slot.prepare()
    (ahead,) = routed.made
    routed.where = "gpu-server"  # the user picks a device of the remote machine
    assert slot.ask() == "gpu-server"
    assert ahead.closed, "the worker booted here is closed, not kept"
    assert slot.ask() == "gpu-server"  # served by the one booted there after the first
    assert [w.place for w in routed.made] == ["here", "gpu-server", "gpu-server", "gpu-server"]
    slot.close()
    assert all(w.closed for w in routed.made)


def test_a_plain_factory_starts_its_workers_here() -> None:
    assert place_of(lambda environment: cast(WorkerClient, Worker("here"))) is None
    assert place_of(Routed()) == "here"
