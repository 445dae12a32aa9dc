"""Values as Oclgrind prints them ("5", "(1,2.5,-3,4)", "{{0,1},{2,3}}") and as memory holds them.

Oclgrind prints every integer as signed (a `uchar` of 200 as -56, a `ulong` of
2**64-1 as -1) and floats with six significant digits; the declared type sets the
first right, and exact values come from memory dumps (`read_elements`).
"""

from __future__ import annotations

import math
import re

import numpy as np

from clstudio.common import ElementType, TypeNameError, kernel_type
from clstudio.debugger.debug_results import Components

_TOKEN = re.compile(r"\s*([(){},]|[^(){},\s]+)")
NOT_VALUES = (
    "not found",
    "not a pointer type",
    "not a pointer",
    "invalid memory address",
    "invalid address space",
    "invalid index",
    "invalid variable",
    "missing ']'",
)


def parse_value(text: str) -> Components | None:
    """The numbers in a printed value; None when it is not one (an error word)."""
    tokens = [m[1] for m in _TOKEN.finditer(text)]
    if not tokens or text.strip() in NOT_VALUES:
        return None
    try:
        value, rest = _read(tokens, 0)
    except (ValueError, IndexError):
        return None
    return value if rest == len(tokens) else None


def _read(tokens: list[str], at: int) -> tuple[Components, int]:
    token = tokens[at]
    if token in "({":
        close = ")" if token == "(" else "}"
        items: list[Components] = []
        at += 1
        while True:
            item, at = _read(tokens, at)
            items.append(item)
            if tokens[at] == close:
                return tuple(items), at + 1
            if tokens[at] != ",":
                raise ValueError(token)
            at += 1
    return _number(token), at + 1


def _number(token: str) -> int | float:
    if token.lower().startswith(("0x", "-0x")):
        return int(token, 16)
    try:
        return int(token)
    except ValueError:
        return float(token)  # also "nan", "inf", "-inf", "1e+10"


def element_type(type_name: str) -> ElementType | None:
    """The element of a declared type: `float4` of `float4`, `float` of `float[3]`."""
    base = type_name.split("[")[0].replace("*", " ").split()
    words = [w for w in base if w not in ("const", "volatile", "restrict", "unsigned")]
    if "unsigned" in base and words and not words[-1].startswith("u"):
        words[-1] = "u" + words[-1]
    try:
        return kernel_type(" ".join(words[-1:]))
    except TypeNameError:
        return None


def as_declared(value: Components | None, type_name: str) -> Components | None:
    """A printed value as its declared type: Oclgrind's signed integers as the unsigned
    type declared, whole floats as floats."""
    kind = element_type(type_name)
    if value is None or kind is None:
        return value
    if kind.scalar.kind == "f":
        return _floats(value)
    if kind.scalar.kind != "u":
        return value
    return _unsigned(value, kind.scalar.itemsize * 8)


def _floats(value: Components) -> Components:
    """A float Oclgrind printed without a point ("3") is still a float."""
    if isinstance(value, tuple):
        return tuple(_floats(v) for v in value)
    return float(value)


def _unsigned(value: Components, bits: int) -> Components:
    if isinstance(value, tuple):
        return tuple(_unsigned(v, bits) for v in value)
    if isinstance(value, int):
        return value % (1 << bits)
    return value


def read_elements(data: bytes, kind: ElementType) -> tuple[Components, ...]:
    """Elements of `kind` from a memory dump, exactly: vectors as tuples of components."""
    count = len(data) // kind.itemsize
    array = np.frombuffer(data[: count * kind.itemsize], dtype=kind.scalar)
    if kind.width == 1:
        return tuple(_plain(v) for v in array)
    rows = array.reshape(count, kind.lanes)[:, : kind.width]
    return tuple(tuple(_plain(v) for v in row) for row in rows)


def _plain(value: np.generic) -> int | float:
    number = value.item()
    if isinstance(number, bool):
        return int(number)
    return number if isinstance(number, int) else float(number)


def value_text(value: Components, kind: ElementType | None = None) -> str:
    """A value in Oclgrind's notation; a float in the fewest digits that give it back
    in its own type (0.5488135 for a float32, not 0.5488135027885437)."""
    if isinstance(value, tuple):
        return "(" + ",".join(value_text(v, kind) for v in value) + ")"
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return str(int(value))
    if isinstance(value, float) and kind is not None and kind.scalar.kind == "f":
        return str(kind.scalar.type(value))
    return str(value)


def flat(value: Components) -> tuple[int | float, ...]:
    """The numbers of a value in order: an array's elements, a vector's components."""
    if isinstance(value, tuple):
        return tuple(n for v in value for n in flat(v))
    return (value,)
