"""A run's inputs cross from the worker once, not with every run of an unchanged session.

The engine hands back the same array for an argument whose initial contents did not
change (clstudio.engine.kept), so the worker sends a KeptInput in its place after the
first time, and the app fills it in from the arrays it was sent before. A result in
the app always carries every input, as it did when each run sent them all.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from clstudio.common import RunResult
from clstudio.worker.repeated_results import RepeatedResult

Told = TypeVar("Told", bound=RunResult | RepeatedResult)


@dataclass(frozen=True)
class KeptInput:
    """Stands in for an input array the app was sent in an earlier reply."""

    name: str


class SentInputs:
    """In the worker: the input arrays the app already holds, by name."""

    def __init__(self) -> None:
        self._sent: dict[str, np.ndarray] = {}

    def strip(self, result: Told) -> tuple[Told, dict[str, np.ndarray]]:
        """`result` with the inputs the app holds replaced, and those it is sent now.

        Call `sent` with the second once the reply has gone.
        """
        inputs: dict[str, object] = {}
        sending: dict[str, np.ndarray] = {}
        for name, array in result.inputs.items():
            if self._sent.get(name) is array:
                inputs[name] = KeptInput(name)
            else:
                inputs[name] = sending[name] = array
        return dataclasses.replace(result, inputs=inputs), sending  # type: ignore[arg-type]

    def sent(self, arrays: dict[str, np.ndarray]) -> None:
        self._sent.update(arrays)


class ReceivedInputs:
    """In the app: the input arrays each worker reply brought, read-only, by name."""

    def __init__(self) -> None:
        self._received: dict[str, np.ndarray] = {}

    def fill(self, result: Told) -> Told:
        """`result` with every KeptInput replaced by the array it stands for (filled in what
        the worker told, a RunResult is made once, not twice)."""
        inputs: dict[str, np.ndarray] = {}
        for name, value in result.inputs.items():
            if isinstance(value, KeptInput):
                inputs[name] = self._received[name]
            else:
                value.flags.writeable = False  # shared by the results of later runs
                inputs[name] = self._received[name] = value
        return dataclasses.replace(result, inputs=inputs)

    def forget(self) -> None:
        """A new worker sends everything again."""
        self._received.clear()
