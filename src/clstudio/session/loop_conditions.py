"""A group's `until`: the condition on a small buffer that ends its rounds, as host code
loops until the data says stop (`do { ... } while (h_over);`).

After each round the host reads the buffer back and the condition decides: `equals`
holds when every element equals a number (a flag that the host resets before each round
and a kernel sets while work remains), `unchanged` when the round left the buffer as it
found it (a count that stops changing). The group's `iterations` is then the most rounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from clstudio.common import format_bytes, gettext
from clstudio.session.args import ArgSpec, BufferArg, Init, contents_problem
from clstudio.session.fields import (
    check_keys,
    fail,
    read_choice,
    read_number,
    read_object,
    read_string,
)

UntilKind = Literal["equals", "unchanged"]
UNTIL_KINDS: tuple[UntilKind, ...] = ("equals", "unchanged")
UNTIL_KEYS = ("kind", "buffer", "value", "reset")
MAX_CONDITION_BYTES = 4096  # the buffer is read back after every round

__all__ = [
    "MAX_CONDITION_BYTES",
    "UNTIL_KINDS",
    "Until",
    "UntilKind",
    "read_until",
    "until_problem",
    "until_to_dict",
]


@dataclass(frozen=True)
class Until:
    """Rounds end once the condition holds after one; `reset` is written before each."""

    buffer: str
    kind: UntilKind = "equals"
    value: int | float = 0  # equals: what every element must be
    reset: int | float | None = None  # equals: what the host writes to it before each round

    def holds(self, before: np.ndarray | None, after: np.ndarray) -> bool:
        """Whether the round that turned `before` (the buffer as it began) into `after` ends
        the loop."""
        if self.kind == "equals":
            return bool(np.all(after == self.value))
        return before is not None and np.array_equal(before, after)

    def words(self) -> str:
        """`over` equals 0, `count` stops changing: the condition as messages name it."""
        if self.kind == "equals":
            return gettext("`{buffer}` equals {value}").format(buffer=self.buffer, value=self.value)
        return gettext("`{buffer}` stops changing").format(buffer=self.buffer)


def read_until(value: object, where: str, args: Mapping[str, ArgSpec]) -> Until:
    """A group's `until`; its buffer must be one of the session's (validation checks the rest)."""
    obj = read_object(value, where)
    check_keys(obj, where, UNTIL_KEYS, required=("kind", "buffer"))
    kind = read_choice(obj["kind"], f"{where}.kind", UNTIL_KINDS)
    buffer = read_string(obj["buffer"], f"{where}.buffer", non_empty=True)
    if not isinstance(args.get(buffer), BufferArg):
        problem = gettext("{name} is not a buffer of the session")
        fail(f"{where}.buffer", problem.format(name=repr(buffer)))
    if kind == "unchanged":
        for key in ("value", "reset"):
            if key in obj:
                problem = gettext("'unchanged' compares the buffer with itself; it takes no {key}")
                fail(f"{where}.{key}", problem.format(key=key))
        return Until(buffer, kind)
    number = read_number(obj.get("value", 0), f"{where}.value")
    reset = obj.get("reset")
    return Until(
        buffer,
        kind,
        number,
        None if reset is None else read_number(reset, f"{where}.reset"),
    )


def until_to_dict(until: Until) -> dict[str, Any]:
    """The condition as the file writes it: `reset` only when the host writes one."""
    if until.kind == "unchanged":
        return {"kind": until.kind, "buffer": until.buffer}
    out: dict[str, Any] = {"kind": until.kind, "buffer": until.buffer, "value": until.value}
    if until.reset is not None:
        out["reset"] = until.reset
    return out


def until_problem(
    until: Until, swaps: tuple[tuple[str, str], ...], args: Mapping[str, ArgSpec]
) -> str | None:
    """Why the condition cannot be read after each round; None when it can.

    The buffer must be there, small (it is read back every round), of numbers, and not
    moved by a swap; the numbers must fit its type.
    """
    spec = args.get(until.buffer)
    if not isinstance(spec, BufferArg):
        return gettext("the condition reads {name}, which is not a buffer of the session").format(
            name=repr(until.buffer)
        )
    if spec.nbytes > MAX_CONDITION_BYTES:
        return gettext(
            "the condition reads {name} after every round: it holds {size}, and a condition's "
            "buffer holds at most {most} (a flag or a count)"
        ).format(
            name=repr(until.buffer),
            size=format_bytes(spec.nbytes),
            most=format_bytes(MAX_CONDITION_BYTES),
        )
    if spec.dtype.struct is not None or spec.dtype.width != 1:
        return gettext(
            "the condition reads {name}, a buffer of {type}: give it a buffer of numbers "
            "(int, uint, char, float)"
        ).format(name=repr(until.buffer), type=spec.dtype.opencl_name)
    if any(until.buffer in pair for pair in swaps):
        return gettext(
            "the condition reads {name}, which a swap of its group moves: give it a buffer of "
            "its own"
        ).format(name=repr(until.buffer))
    for number in (until.value, until.reset):
        if number is not None and (
            problem := contents_problem(spec.dtype, Init("fill", {"value": number}))
        ):
            return gettext("the condition on {name}: {problem}").format(
                name=repr(until.buffer), problem=problem
            )
    return None
