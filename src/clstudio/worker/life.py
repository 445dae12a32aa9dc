"""What the client needs of one life of a worker, wherever it runs.

A life is a WorkerProcess on this machine, or a worker on another machine reached over
ssh (clstudio.remote); WorkerClient's limits, cancel and restarts are the same for both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from clstudio.worker.protocol import Released, Request, Response


class WorkerDied(Exception):
    """The worker is gone (crashed, killed, exited, or its connection lost)."""


class CancelFlag(Protocol):
    def set(self) -> None: ...

    def clear(self) -> None: ...

    def is_set(self) -> bool: ...


class Counter(Protocol):
    """A number the worker updates while it runs: its run step, or its launch."""

    value: int


class ReplyArrays(Protocol):
    """How the arrays of a life's replies reach the app (shared memory, or inline)."""

    def take(self, payload: object) -> object: ...

    def released(self) -> Released | None: ...

    def close(self) -> None: ...


class WorkerLife(Protocol):
    @property
    def tag(self) -> str: ...

    @property
    def cancel(self) -> CancelFlag: ...

    @property
    def step(self) -> Counter: ...

    @property
    def launch(self) -> Counter: ...

    @property
    def ready(self) -> bool:
        """Whether the worker has said Ready."""
        ...

    @property
    def started_at(self) -> float: ...

    @property
    def blocks(self) -> ReplyArrays: ...

    @property
    def pid(self) -> int | None: ...

    def send(self, request: Request) -> None:
        """Raises WorkerDied when the worker is gone."""

    def receive(self, timeout_s: float) -> Response | None:
        """The next message, or None; WorkerDied once the worker is gone."""

    def alive(self) -> bool: ...

    def exitcode(self) -> int | None: ...

    def stderr_text(self) -> str: ...

    def lost(self, doing: str) -> str | None:
        """Why this life ended while `doing`, when the worker's own exit does not say it
        (a connection that was lost, an answer that was not a message); else None."""

    def kill(self) -> None: ...

    def close(self) -> None: ...


# A new life: its generation, and the environment its worker starts with.
NewLife = Callable[[int, tuple[tuple[str, str], ...]], WorkerLife]
