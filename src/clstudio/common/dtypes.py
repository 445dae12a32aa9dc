"""OpenCL C element types and their numpy equivalents.

A buffer of a vector type of width w and shape S is, everywhere outside the
device, an array of shape S + (w,) of the scalar type; 3-vectors occupy four
slots, as OpenCL lays them out in memory.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from clstudio.common.translation import gettext

if TYPE_CHECKING:
    from clstudio.common.struct_types import StructType

OPENCL_SCALARS: dict[str, str] = {
    "char": "int8",
    "uchar": "uint8",
    "short": "int16",
    "ushort": "uint16",
    "int": "int32",
    "uint": "uint32",
    "long": "int64",
    "ulong": "uint64",
    "half": "float16",
    "float": "float32",
    "double": "float64",
    "bool": "bool",
}
NUMPY_TO_OPENCL: dict[str, str] = {v: k for k, v in OPENCL_SCALARS.items() if k != "bool"}
# Spellings the C side may report for the same types.
_ALIASES = {
    "unsigned char": "uchar",
    "unsigned short": "ushort",
    "unsigned int": "uint",
    "unsigned long": "ulong",
    "signed char": "char",
    "size_t": "ulong",
    "ptrdiff_t": "long",
    "intptr_t": "long",
    "uintptr_t": "ulong",
}
VECTOR_WIDTHS = (2, 3, 4, 8, 16)
_POINTER_QUALIFIERS = {
    "const",
    "restrict",
    "volatile",
    "__global",
    "__constant",
    "global",
    "constant",
}
_VECTOR_RE = re.compile(r"^([a-z]+?)(2|3|4|8|16)$")


class TypeNameError(ValueError):
    """A type name that is neither an OpenCL C nor a numpy element type."""


@dataclass(frozen=True)
class ElementType:
    """One element of a buffer: a numpy scalar type and a vector width (1 for scalars).

    A struct (`struct` set) has its structured numpy dtype as `scalar` and width 1.
    """

    scalar: np.dtype
    width: int = 1
    struct: StructType | None = None

    @property
    def name(self) -> str:
        """Canonical session spelling: numpy names for scalars, OpenCL names for vectors."""
        if self.struct is not None:
            return self.struct.name
        if self.width == 1:
            return self.scalar.name
        return f"{NUMPY_TO_OPENCL[self.scalar.name]}{self.width}"

    @property
    def opencl_name(self) -> str:
        if self.struct is not None:
            return self.struct.name
        base = NUMPY_TO_OPENCL.get(self.scalar.name, self.scalar.name)
        return base if self.width == 1 else f"{base}{self.width}"

    @property
    def lanes(self) -> int:
        """Scalars stored per element: a 3-vector takes the room of a 4-vector."""
        return 4 if self.width == 3 else self.width

    @property
    def itemsize(self) -> int:
        return self.scalar.itemsize * self.lanes

    def host_shape(self, shape: tuple[int, ...]) -> tuple[int, ...]:
        """Shape of the host array holding `shape` elements of this type."""
        return shape if self.width == 1 else (*shape, self.lanes)

    def __str__(self) -> str:
        return self.name


def parse_element_type(text: str) -> ElementType:
    """Read `float32`, `float`, `uchar`, `float4`, `unsigned int` and the like."""
    name = " ".join(text.strip().split())
    name = _ALIASES.get(name, name)
    if name in OPENCL_SCALARS:
        return ElementType(np.dtype(OPENCL_SCALARS[name]))
    if name in NUMPY_TO_OPENCL:
        return ElementType(np.dtype(name))
    match = _VECTOR_RE.match(name)
    if match and match.group(1) in OPENCL_SCALARS and match.group(1) != "bool":
        return ElementType(np.dtype(OPENCL_SCALARS[match.group(1)]), int(match.group(2)))
    raise TypeNameError(gettext("unknown element type {name}").format(name=repr(text)))


def kernel_type(type_name: str) -> ElementType:
    """A type as a kernel declares it: OpenCL C spellings only.

    `float16` and `int8` are 16- and 8-wide vectors in OpenCL C, but half and
    byte scalars to numpy, so a kernel's type names never go through numpy's.
    """
    name = " ".join(type_name.strip().split())
    name = _ALIASES.get(name, name)
    if name in OPENCL_SCALARS:
        return ElementType(np.dtype(OPENCL_SCALARS[name]))
    match = _VECTOR_RE.match(name)
    if match and match.group(1) in OPENCL_SCALARS and match.group(1) != "bool":
        return ElementType(np.dtype(OPENCL_SCALARS[match.group(1)]), int(match.group(2)))
    raise TypeNameError(gettext("unknown OpenCL C type {name}").format(name=repr(type_name)))


def pointee_type(type_name: str) -> ElementType | None:
    """The element type behind a kernel pointer type name such as `float4*`.

    None when the pointee is not a plain scalar or vector type (a struct, say).
    """
    try:
        return kernel_type(base_type_name(type_name))
    except TypeNameError:
        return None


def value_range(dtype: np.dtype) -> tuple[int, int] | tuple[float, float]:
    """Smallest and largest value a scalar of `dtype` can hold (exact ints for integers)."""
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return int(info.min), int(info.max)
    if dtype.kind == "b":
        return 0, 1
    finfo = np.finfo(dtype)
    return float(finfo.min), float(finfo.max)


def value_problem(number: int | float, scalar: np.dtype, type_name: str) -> str | None:
    """Why `number` cannot be a value of `type_name` (whose numpy scalar is `scalar`), in
    words; None when it can. The one check of a value against its element type, wherever
    values enter: scalars, struct fields, a buffer's contents, iteration numbers.

    numpy would take 1.5 for an int as 1, wrap 300 in a uchar, or raise OverflowError.
    """
    low, high = value_range(scalar)
    if scalar.kind in "iub":
        if isinstance(number, float) and not number.is_integer():
            return gettext("{value} is not whole ({type} holds whole numbers)").format(
                value=f"{number:.6g}", type=type_name
            )
        if low <= number <= high:
            return None
        shown = count_text(int(number))
        span = f"{low} to {high}"
    else:
        if low <= number <= high:
            return None
        shown = count_text(number) if isinstance(number, int) else f"{number:.4g}"
        span = f"{low:.4g} to {high:.4g}"
    return gettext("{value} does not fit in {type} ({span})").format(
        value=shown, type=type_name, span=span
    )


# Python turns integers of over 4300 digits into text only on request: never show one whole.
_SHOWN_DIGITS = 30


def count_text(number: int) -> str:
    """An integer for a message; one of thousands of digits as its number of digits."""
    if number.bit_length() < 4 * _SHOWN_DIGITS and len(str(abs(number))) <= _SHOWN_DIGITS:
        return str(number)
    digits = round(number.bit_length() * math.log10(2))
    if number < 0:
        return gettext("a negative number of about {digits} digits").format(digits=digits)
    return gettext("a number of about {digits} digits").format(digits=digits)


def base_type_name(type_name: str) -> str:
    """`float4` of `__global const float4*`: the type without pointers and qualifiers."""
    words = type_name.replace("*", " ").split()
    return " ".join(w for w in words if w not in _POINTER_QUALIFIERS)
