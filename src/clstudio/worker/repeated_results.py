"""A run's result crosses from the worker as what changed since the last one it sent.

Runs of an unchanged session differ in little but their times: the build, the steps'
titles and details, the guard and reference reports come back equal. Pickling them
again, and taking them apart in the app, cost a tiny run more than its kernel
(bench/tiny_run_breakdown.py). The worker sends a RepeatedResult naming only the
fields that changed, and the steps' seconds alone when nothing else about the steps
did; the app rebuilds the whole RunResult from the last one it was sent. Arrays
(inputs, outputs, snapshots) always travel, as kept_inputs and the blocks carry them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from clstudio.common import RunResult, Step

_ARRAYS = ("inputs", "outputs", "snapshots")
_TOLD = tuple(f.name for f in dataclasses.fields(RunResult) if f.name not in _ARRAYS)


@dataclass(frozen=True)
class RepeatedResult:
    """Stands in for a RunResult: the last one sent, with these changes."""

    inputs: dict[str, Any]  # arrays, or what stands for them (KeptInput, SharedArray)
    outputs: dict[str, Any]
    snapshots: tuple[Any, ...]
    changed: dict[str, object] = field(default_factory=dict)  # the other fields that differ
    step_seconds: tuple[float, ...] | None = None  # the steps' times, when only they changed


class SentResults:
    """In the worker: the fields of the last result the app was sent."""

    def __init__(self) -> None:
        self._last: dict[str, object] | None = None
        self._pending: dict[str, object] | None = None

    def tell(self, result: RunResult) -> RunResult | RepeatedResult:
        """`result` itself, or its changes since the last one sent. Call `sent` once the
        reply has gone: a reply that never left must not become the app's last result."""
        fields = {name: getattr(result, name) for name in _TOLD}
        self._pending = fields
        last = self._last
        if last is None:
            return result
        changed = {
            name: value
            for name, value in fields.items()
            if value is not last[name] and not _equal(value, last[name])
        }
        seconds = None
        steps = changed.get("steps")
        if isinstance(steps, tuple) and _same_but_seconds(steps, last["steps"]):
            del changed["steps"]
            seconds = tuple(step.seconds for step in steps)
        return RepeatedResult(result.inputs, result.outputs, result.snapshots, changed, seconds)

    def sent(self) -> None:
        self._last, self._pending = self._pending, None


class ReceivedResults:
    """In the app: the fields of the last result each worker life sent, to rebuild the next."""

    def __init__(self) -> None:
        self._last: dict[str, Any] | None = None

    def whole(self, told: RunResult | RepeatedResult) -> RunResult:
        """The RunResult `told` stands for."""
        if isinstance(told, RunResult):
            # Kept without its arrays: a lease on an output's block keeps it from the worker.
            self._last = {name: getattr(told, name) for name in _TOLD}
            return told
        assert self._last is not None, "a worker told the changes of a result it never sent"
        fields = self._last = {**self._last, **told.changed}
        if told.step_seconds is not None:
            fields["steps"] = tuple(
                Step(api=step.api, title=step.title, seconds=seconds, detail=step.detail)
                for step, seconds in zip(fields["steps"], told.step_seconds, strict=True)
            )
        return RunResult(
            **fields, inputs=told.inputs, outputs=told.outputs, snapshots=told.snapshots
        )

    def forget(self) -> None:
        """A new worker life sends its first result whole."""
        self._last = None


def _equal(value: object, last: object) -> bool:
    try:
        return bool(value == last)
    except (ValueError, TypeError):  # an array somewhere inside: say it changed
        return False


def _same_but_seconds(steps: tuple[Step, ...], last: object) -> bool:
    return (
        isinstance(last, tuple)
        and len(steps) == len(last)
        and all(
            (a.api, a.title, a.detail) == (b.api, b.title, b.detail)
            for a, b in zip(steps, last, strict=True)
        )
    )
