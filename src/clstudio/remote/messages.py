"""The messages only a worker on another machine needs, beside clstudio.worker.protocol's:
what shared memory carries for a local worker travels as messages here."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Start:
    """The app's first message: the environment the worker loads OpenCL with (Oclgrind's
    switches, the user's language) and the tag its replies go by."""

    environment: tuple[tuple[str, str], ...]
    tag: str


@dataclass(frozen=True)
class CancelNow:
    """Stop the running request between repeats (a local worker's shared cancel flag)."""


@dataclass(frozen=True)
class Where:
    """Where request `id` is: its run step and the program's launch (a local worker's
    shared numbers), so that a timeout or a crash is told by them."""

    id: int
    step: int
    launch: int


class Number:
    """The run step or launch of a remote life, as a plain number: what a local worker
    shares through memory (a Slot of clstudio.worker.child), each side keeps one of."""

    def __init__(self, value: int) -> None:
        self.value = value
