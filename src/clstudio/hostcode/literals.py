"""Numbers as program text: the shortest digits that give back the same value.

A float32 written with its shortest unique digits reads back as the same float32 in
both languages (via a double in Python, which cannot change it: 53 >= 2 * 24 + 2 bits).
"""

from __future__ import annotations

import math

import numpy as np

C_TYPES = {
    "int8": "cl_char",
    "uint8": "cl_uchar",
    "int16": "cl_short",
    "uint16": "cl_ushort",
    "int32": "cl_int",
    "uint32": "cl_uint",
    "int64": "cl_long",
    "uint64": "cl_ulong",
    "float16": "cl_half",
    "float32": "cl_float",
    "float64": "cl_double",
}


def c_type(dtype: np.dtype, lanes: int = 1) -> str:
    """The host type of the OpenCL C API headers: cl_float, cl_uint4."""
    base = C_TYPES[dtype.name]
    return base if lanes == 1 else f"{base}{lanes}"


def _float_digits(value: float, dtype: np.dtype) -> str:
    scalar = dtype.type(value)
    if value == 0 or 1e-4 <= abs(value) < 1e16:
        return np.format_float_positional(scalar, unique=True, trim="0")
    return np.format_float_scientific(scalar, unique=True, trim="0")


def python_number(value: int | float, dtype: np.dtype) -> str:
    """A literal for np.array(..., dtype=dtype) or np.<dtype>(...)."""
    if dtype.kind in "iub":
        return str(int(value))
    if math.isnan(value):
        return "np.nan"
    if math.isinf(value):
        return "np.inf" if value > 0 else "-np.inf"
    return _float_digits(float(value), dtype)


def c_number(value: int | float, dtype: np.dtype) -> str:
    """A C literal of the host type: 2.5f, 7u, -3LL, INFINITY."""
    if dtype.kind in "iub":
        number = int(value)
        if dtype.itemsize == 8:
            return f"{number}ULL" if dtype.kind == "u" else f"{number}LL"
        if dtype.kind == "u":
            return f"{number}u"
        if number == -(2**31):
            return "(-2147483647 - 1)"
        return str(number)
    if dtype.name == "float16":
        return str(int(np.float16(value).view(np.uint16)))  # cl_half holds the bits
    suffix = "f" if dtype.name == "float32" else ""
    if math.isnan(value):
        return "NAN"
    if math.isinf(value):
        return "INFINITY" if value > 0 else "-INFINITY"
    return _float_digits(float(value), dtype) + suffix


def wrapped(items: list[str], width: int, indent: str) -> list[str]:
    """Comma-separated items in lines of at most `width` characters after `indent`."""
    lines, line = [], ""
    for item in items:
        piece = f"{item},"
        if line and len(indent) + len(line) + 1 + len(piece) > width:
            lines.append(indent + line)
            line = piece
        else:
            line = f"{line} {piece}" if line else piece
    if line:
        lines.append(indent + line)
    return lines
