"""Readers for the fields of a decoded session file, argument specs included.

Each reader takes the key path of its value ("args.a.shape") and refuses a wrong
value with a SessionError that starts with that path, so a learner can find it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NoReturn

import numpy as np

from clstudio.args import ACCESS_MODES, ArgSpec, BufferArg, Init, LocalArg, ScalarArg
from clstudio.dtypes import (
    VECTOR_WIDTHS,
    ElementType,
    TypeNameError,
    parse_element_type,
    value_range,
)

MAX_ITEMS = 2**34  # elements of a buffer, work-items of an NDRange; the device decides later
MAX_DIMS = 32  # numpy's own historical limit on array dimensions
ARG_KINDS = ("buffer", "scalar", "local")
ARG_KEYS = {
    "buffer": ("kind", "dtype", "shape", "init", "access"),
    "scalar": ("kind", "value"),
    "local": ("kind", "dtype", "count"),
}
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


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
        return "an object"
    if isinstance(value, list | tuple):
        return "an empty list" if not value else f"a list of {len(value)}"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_keys(
    obj: Mapping[str, Any], where: str, known: tuple[str, ...], required: tuple[str, ...] = ()
) -> None:
    """Refuse unknown keys (typos would otherwise be ignored silently) and missing ones."""
    prefix = f"{where}." if where else ""
    for key in obj:
        if key not in known:
            fail(f"{prefix}{key}", f"unknown key; the known keys here are {', '.join(known)}")
    for key in required:
        if key not in obj:
            fail(f"{prefix}{key}", "this key is required but missing")


def read_object(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        fail(where, f"expected an object, got {describe(value)}")
    return value


def read_string(value: object, where: str, non_empty: bool = False) -> str:
    if not isinstance(value, str):
        fail(where, f"expected a string, got {describe(value)}")
    if non_empty and not value.strip():
        fail(where, "expected a non-empty string")
    return value


def read_identifier(value: object, where: str, what: str) -> str:
    text = read_string(value, where)
    if not _IDENTIFIER.match(text):
        fail(
            where,
            f"expected {what} (letters, digits and _, not starting with a digit), "
            f"got {describe(text)}",
        )
    return text


def read_bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        fail(where, f"expected true or false, got {describe(value)}")
    return value


def read_int(value: object, where: str, low: int, high: int) -> int:
    # bool is a subclass of int: `true` must not pass for 1.
    if not isinstance(value, int) or isinstance(value, bool):
        fail(where, f"expected an integer, got {describe(value)}")
    if not low <= value <= high:
        fail(where, f"expected an integer from {low} to {high}, got {value}")
    return value


def read_number(value: object, where: str, low: float = -math.inf) -> int | float:
    """A finite number; NaN and Infinity (which Python's json accepts) are refused here."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        fail(where, f"expected a number, got {describe(value)}")
    if not math.isfinite(value):
        problem = f"expected a finite number, got {describe(value)}"
        fail(where, f"{problem} (JSON has no NaN or Infinity)")
    if value < low:
        fail(where, f"expected a number of at least {low:g}, got {value}")
    return value


def read_sizes(value: object, where: str, max_dims: int) -> tuple[int, ...]:
    """A list of 1 to max_dims positive integers whose product stays below MAX_ITEMS."""
    count = "" if max_dims == MAX_DIMS else f"1 to {max_dims} "
    wanted = f"a list of {count}positive integers"
    if not isinstance(value, list) or not 1 <= len(value) <= max_dims:
        fail(where, f"expected {wanted}, got {describe(value)}")
    for i, size in enumerate(value):
        if not isinstance(size, int) or isinstance(size, bool) or size < 1:
            fail(where, f"expected {wanted}, got {describe(size)} at position {i}")
    if math.prod(value) > MAX_ITEMS:
        fail(where, f"{math.prod(value)} items is more than CL Studio allows ({MAX_ITEMS})")
    return tuple(value)


def read_text_file(path: Path, limit: int) -> str:
    """A UTF-8 text file of at most `limit` bytes; raises OSError or UnicodeDecodeError."""
    with path.open("rb") as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise OSError(f"the file is larger than {limit // 2**20} MiB")
    # utf-8-sig: a byte-order mark written by some Windows editors is not an error.
    return data.decode("utf-8-sig")


def shown(text: str, path: Path) -> str:
    """A path as written, and where it led when that differs."""
    return text if str(path) == text else f"{text} ({path})"


def read_element_type(value: object, where: str) -> ElementType:
    try:
        return parse_element_type(read_string(value, where))
    except TypeNameError as exc:
        fail(where, f"{exc}; write a numpy name (float32, uint8) or an OpenCL one (float, float4)")


def read_args(value: object, where: str, base_dir: Path | None) -> dict[str, ArgSpec]:
    args: dict[str, ArgSpec] = {}
    for name, spec in read_object(value, where).items():
        read_identifier(name, f"{where}.{name}", "an argument name")
        args[name] = read_arg(spec, f"{where}.{name}", base_dir)
    return args


def read_arg(value: object, where: str, base_dir: Path | None) -> ArgSpec:
    obj = read_object(value, where)
    kinds = ", ".join(ARG_KINDS)
    if "kind" not in obj:
        fail(f"{where}.kind", f"this key is required but missing; it is one of {kinds}")
    kind = read_string(obj["kind"], f"{where}.kind")
    if kind not in ARG_KINDS:
        fail(f"{where}.kind", f"unknown kind {kind!r}; expected one of {kinds}")
    keys = ARG_KEYS[kind]
    check_keys(obj, where, keys, required=keys[:3])
    if kind == "scalar":
        return ScalarArg(_read_scalar_value(obj["value"], f"{where}.value"))
    dtype = read_element_type(obj["dtype"], f"{where}.dtype")
    if kind == "local":
        return LocalArg(dtype, read_int(obj["count"], f"{where}.count", 1, MAX_ITEMS))
    shape = read_sizes(obj["shape"], f"{where}.shape", MAX_DIMS)
    init = _read_init(obj.get("init", "zeros"), f"{where}.init", dtype, shape, base_dir)
    access = obj.get("access")
    if access is not None and access not in ACCESS_MODES:
        fail(
            f"{where}.access",
            f"expected one of {', '.join(ACCESS_MODES)} or null, got {describe(access)}",
        )
    return BufferArg(dtype, shape, init, access)


def _read_scalar_value(value: object, where: str) -> int | float | tuple[int | float, ...]:
    if isinstance(value, bool):
        return value
    if isinstance(value, list):
        if len(value) not in VECTOR_WIDTHS:
            widths = ", ".join(map(str, VECTOR_WIDTHS[:-1])) + f" or {VECTOR_WIDTHS[-1]}"
            fail(where, f"a vector value has {widths} components, got {describe(value)}")
        return tuple(read_number(v, f"{where}[{i}]") for i, v in enumerate(value))
    return read_number(value, where)


_INIT_WORDS = ("zeros", "ones", "arange")
_INIT_OBJECTS = ("fill", "random", "normal", "values", "file")


def _read_init(
    value: object, where: str, dtype: ElementType, shape: tuple[int, ...], base_dir: Path | None
) -> Init:
    forms = ", ".join(
        [*(f'"{w}"' for w in _INIT_WORDS), *(f'{{"{k}": ...}}' for k in _INIT_OBJECTS)]
    )
    if isinstance(value, str):
        if value not in _INIT_WORDS:
            fail(where, f"unknown init {value!r}; expected one of {forms}")
        return Init(value)
    if not isinstance(value, dict):
        fail(where, f"expected one of {forms}, got {describe(value)}")
    if len(value) != 1:
        fail(where, f"expected an object with one key, got keys {', '.join(map(str, value))}")
    if next(iter(value)) not in _INIT_OBJECTS:
        fail(where, f"unknown init {next(iter(value))!r}; expected one of {forms}")
    ((kind, params),) = value.items()
    here = f"{where}.{kind}"
    needed = math.prod(dtype.host_shape(shape))
    if kind == "fill":
        fill = read_number(params, here)
        low, high = value_range(dtype.scalar)
        if not low <= fill <= high:
            fail(here, f"{fill} does not fit in {dtype.scalar.name} ({low} to {high})")
        return Init("fill", {"value": fill})
    if kind == "random":
        obj = read_object(params, here)
        check_keys(obj, here, ("low", "high"))
        bounds = {k: read_number(v, f"{here}.{k}") for k, v in obj.items()}
        low, high = bounds.get("low", 0.0), bounds.get("high", 1.0)
        if not low < high:
            fail(here, f"low ({low}) must be less than high ({high})")
        if dtype.scalar.kind in "iu" and not int(low) < int(high):
            fail(
                here,
                f"integers are drawn from int(low) to int(high) - 1; "
                f"[{int(low)}, {int(high)}) is empty",
            )
        return Init("random", bounds)
    if kind == "normal":
        obj = read_object(params, here)
        check_keys(obj, here, ("mean", "std"))
        moments = {
            k: read_number(v, f"{here}.{k}", 0.0 if k == "std" else -math.inf)
            for k, v in obj.items()
        }
        return Init("normal", moments)
    if kind == "values":
        count = _count_values(params, here)
        if count != needed:
            fail(
                here,
                f"{count} values given, but shape {list(shape)} of {dtype.name} needs {needed}",
            )
        return Init("values", {"values": params})
    path = read_string(params, here, non_empty=True)
    if not path.endswith(".npy"):
        fail(here, f"expected the path of a .npy file, got {describe(path)}")
    _check_npy(path, here, base_dir, needed)
    return Init("file", {"path": path})


def _count_values(value: object, where: str) -> int:
    """How many numbers a nested, rectangular list holds (walked without recursion)."""
    if not isinstance(value, list) or not value:
        fail(where, f"expected a non-empty list of numbers, got {describe(value)}")
    level, count = [value], 0
    while level:
        lists = [v for v in level if isinstance(v, list)]
        if (lists and len(lists) != len(level)) or len({len(v) for v in lists}) > 1:
            fail(where, "expected a rectangular nested list (rows of equal length)")
        if lists:
            level = [item for row in lists for item in row]
            continue
        for i, number in enumerate(level):
            read_number(number, f"{where} (value {i})")
        count = len(level)
        break
    return count


def _check_npy(text: str, where: str, base_dir: Path | None, needed: int) -> None:
    """Read only the header: the file must exist, hold plain numbers and the right count."""
    path = Path(text) if base_dir is None else base_dir / text
    try:
        with path.open("rb") as stream:
            version = np.lib.format.read_magic(stream)
            if version == (1, 0):
                header = np.lib.format.read_array_header_1_0(stream)
            elif version == (2, 0):
                header = np.lib.format.read_array_header_2_0(stream)
            else:
                header = None
    except OSError as exc:
        fail(where, f"cannot read {shown(text, path)}: {exc.strerror or exc}")
    except ValueError as exc:
        fail(where, f"{text} is not a .npy file: {exc}")
    if header is None:
        fail(where, f"{text}: .npy format version {version} is not supported")
    file_shape, _, dtype = header
    if dtype.hasobject or dtype.kind not in "biuf":
        fail(where, f"{text} holds {dtype} values; expected plain numbers (pickles are refused)")
    count = math.prod(file_shape)
    if count != needed:
        fail(
            where,
            f"{text} holds {count} values (shape {list(file_shape)}), but {needed} are needed",
        )
