"""Readers for the plain values of a decoded session file: numbers, names, sizes, files.

Each reader takes the key path of its value ("args.a.shape") and refuses a wrong
value with a SessionError that starts with that path, so a learner can find it.
"""

from __future__ import annotations

import math
import os
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import numpy as np

from clstudio.common import (
    ElementType,
    TypeNameError,
    count_text,
    gettext,
    open_regular_file,
    parse_element_type,
    resolve,
)

MAX_ITEMS = 2**34  # elements of a buffer, work-items of an NDRange; the device decides later
MAX_DIMS = 32  # numpy's own historical limit on array dimensions
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_SURROGATE = re.compile("[\ud800-\udfff]")


class SessionError(ValueError):
    """A session file or value that cannot be used; the message starts with where."""


def fail(where: str, problem: str) -> NoReturn:
    raise SessionError(f"{where}: {problem}")


def describe(value: object) -> str:
    """A short JSON-flavoured rendering of a wrong value, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, Mapping):
        return gettext("an object")
    if isinstance(value, list | tuple):
        if not value:
            return gettext("an empty list")
        return gettext("a list of {count}").format(count=len(value))
    if isinstance(value, int):
        return count_text(value)
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


Choice = TypeVar("Choice", bound=str)


def choice_of(value: object, choices: tuple[Choice, ...]) -> Choice | None:
    """`value` as one of `choices`, typed as they are; None when it is none of them."""
    return next((choice for choice in choices if choice == value), None)


def read_choice(
    value: object, where: str, choices: tuple[Choice, ...], or_null: bool = False
) -> Choice:
    """`value` as one of `choices`; anything else fails, naming them (and null where allowed)."""
    chosen = choice_of(value, choices)
    if chosen is None:
        if or_null:
            problem = gettext("expected one of {choices} or null, got {value}")
        else:
            problem = gettext("expected one of {choices}, got {value}")
        fail(where, problem.format(choices=", ".join(choices), value=describe(value)))
    return chosen


def check_keys(
    obj: Mapping[str, Any], where: str, known: tuple[str, ...], required: tuple[str, ...] = ()
) -> None:
    """Refuse unknown keys (typos would otherwise be ignored silently) and missing ones."""
    prefix = f"{where}." if where else ""
    for key in obj:
        if key not in known:
            problem = gettext("unknown key; the known keys here are {keys}")
            fail(f"{prefix}{key}", problem.format(keys=", ".join(known)))
    for key in required:
        if key not in obj:
            fail(f"{prefix}{key}", gettext("this key is required but missing"))


def read_object(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        fail(where, gettext("expected an object, got {value}").format(value=describe(value)))
    return value


def read_string(value: object, where: str, non_empty: bool = False) -> str:
    if not isinstance(value, str):
        fail(where, gettext("expected a string, got {value}").format(value=describe(value)))
    # JSON's \ud800 escapes give text that no file, compiler or program can take.
    surrogate = _SURROGATE.search(value)
    if surrogate is not None:
        problem = gettext(
            "not valid Unicode: a lone surrogate ({char}) at position {index}; "
            "write the character itself"
        )
        fail(where, problem.format(char=repr(surrogate.group())[1:-1], index=surrogate.start()))
    if non_empty and not value.strip():
        fail(where, gettext("expected a non-empty string"))
    return value


def read_identifier(value: object, where: str, what: str) -> str:
    text = read_string(value, where)
    if not _IDENTIFIER.match(text):
        fail(
            where,
            gettext(
                "expected {what} (letters, digits and _, not starting with a digit), got {value}"
            ).format(what=what, value=describe(text)),
        )
    return text


def read_bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        fail(where, gettext("expected true or false, got {value}").format(value=describe(value)))
    return value


def read_int(value: object, where: str, low: int, high: int) -> int:
    # bool is a subclass of int: `true` must not pass for 1.
    if not isinstance(value, int) or isinstance(value, bool):
        fail(where, gettext("expected an integer, got {value}").format(value=describe(value)))
    if not low <= value <= high:
        problem = gettext("expected an integer from {low} to {high}, got {value}")
        fail(where, problem.format(low=low, high=high, value=count_text(value)))
    return value


def read_number(value: object, where: str, low: float = -math.inf) -> int | float:
    """A finite number; NaN and Infinity (which Python's json accepts) are refused here."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        fail(where, gettext("expected a number, got {value}").format(value=describe(value)))
    if isinstance(value, int) and abs(value) > sys.float_info.max:
        problem = gettext("{value} is too large: numbers stop at about 1.8e308")
        fail(where, problem.format(value=describe(value)))
    if not math.isfinite(value):
        problem = gettext("expected a finite number, got {value} (JSON has no NaN or Infinity)")
        fail(where, problem.format(value=describe(value)))
    if value < low:
        problem = gettext("expected a number of at least {low}, got {value}")
        fail(where, problem.format(low=f"{low:g}", value=describe(value)))
    return value


def read_sizes(value: object, where: str, max_dims: int) -> tuple[int, ...]:
    """A list of 1 to max_dims positive integers whose product stays below MAX_ITEMS."""
    if max_dims == MAX_DIMS:
        wanted = gettext("a list of positive integers")
    else:
        wanted = gettext("a list of 1 to {most} positive integers").format(most=max_dims)
    if not isinstance(value, list) or not 1 <= len(value) <= max_dims:
        problem = gettext("expected {wanted}, got {value}")
        fail(where, problem.format(wanted=wanted, value=describe(value)))
    for i, size in enumerate(value):
        if not isinstance(size, int) or isinstance(size, bool) or size < 1:
            problem = gettext("expected {wanted}, got {value} at position {position}")
            fail(where, problem.format(wanted=wanted, value=describe(size), position=i))
    too_many = items_problem(value)
    if too_many:
        fail(where, too_many)
    return tuple(value)


def items_problem(shape: list[int] | tuple[int, ...]) -> str:
    """Why a shape holds too many items for CL Studio, or ""; the product is never shown whole."""
    count = 1
    for size in shape:
        count *= size
        if count > MAX_ITEMS:
            total = math.prod(shape)
            if total.bit_length() > 64:
                shown_total = count_text(total)
                return gettext(
                    "the sizes multiply to {total}: more than CL Studio allows ({most})"
                ).format(total=shown_total, most=MAX_ITEMS)
            return gettext("{total} items is more than CL Studio allows ({most})").format(
                total=total, most=MAX_ITEMS
            )
    return ""


def shown(text: str, path: Path) -> str:
    """A path as written, and where it led when that differs."""
    return text if str(path) == text else f"{text} ({path})"


def read_element_type(value: object, where: str) -> ElementType:
    try:
        return parse_element_type(read_string(value, where))
    except TypeNameError as exc:
        problem = gettext(
            "{problem}; write a numpy name (float32, uint8) or an OpenCL one (float, float4)"
        )
        fail(where, problem.format(problem=exc))


def read_npy_header(
    text: str, where: str, base_dir: Path | None
) -> tuple[tuple[int, ...], np.dtype]:
    """The shape and dtype of a .npy file, from its header only; plain numbers only."""
    path = resolve(text, base_dir)
    try:
        with open_regular_file(path) as stream:
            version = np.lib.format.read_magic(stream)
            if version == (1, 0):
                header = np.lib.format.read_array_header_1_0(stream)
            elif version == (2, 0):
                header = np.lib.format.read_array_header_2_0(stream)
            else:
                header = None
            data_bytes = os.fstat(stream.fileno()).st_size - stream.tell()
    except OSError as exc:
        problem = gettext("cannot read {file}: {reason}")
        fail(where, problem.format(file=shown(text, path), reason=exc.strerror or exc))
    except ValueError as exc:
        fail(where, gettext("{file} is not a .npy file: {reason}").format(file=text, reason=exc))
    if header is None:
        problem = gettext("{file}: .npy format version {version} is not supported")
        fail(where, problem.format(file=text, version=version))
    shape, _, dtype = header
    if len(shape) > MAX_DIMS:
        problem = gettext("{file} has {dims} dimensions; CL Studio reads at most {most}")
        fail(where, problem.format(file=text, dims=len(shape), most=MAX_DIMS))
    too_many = items_problem(shape)
    if too_many:
        problem = gettext("{file}: its header promises {problem}")
        fail(where, problem.format(file=text, problem=too_many))
    if dtype.hasobject or dtype.kind not in "biuf":
        problem = gettext(
            "{file} holds {dtype} values; expected plain numbers (pickles are refused)"
        )
        fail(where, problem.format(file=text, dtype=dtype))
    promised = math.prod(shape) * dtype.itemsize
    if data_bytes < promised:
        problem = gettext(
            "{file} is cut short: its header promises {promised} bytes, it holds {size}"
        )
        fail(where, problem.format(file=text, promised=promised, size=data_bytes))
    return tuple(shape), dtype
