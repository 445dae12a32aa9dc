"""Struct element types: fields laid out by OpenCL C's alignment rules, as numpy dtypes.

A kernel that takes `__global Particle *p` sees each element with the layout its
compiler gives `typedef struct {...} Particle;`: each field at the next multiple of
its own alignment (a scalar's or vector's size, a 3-vector aligned as a 4-vector), the
whole struct rounded up to its largest alignment. `packed` (`__attribute__((packed))`)
puts each field straight after the one before. The host array uses a numpy structured
dtype with exactly these offsets, so the bytes that cross to the device are the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from clstudio.common.dtypes import ElementType, TypeNameError, kernel_type
from clstudio.common.translation import gettext


@dataclass(frozen=True)
class StructField:
    """One field: its name, its OpenCL C type (a scalar or a vector), its byte offset."""

    name: str
    type: ElementType
    offset: int

    @property
    def host_shape(self) -> tuple[int, ...]:
        """The shape of one element's field on the host: () or (lanes,)."""
        return self.type.host_shape(())


@dataclass(frozen=True)
class StructType:
    """A struct as the kernel declares it; `size` includes the padding at its end."""

    name: str
    fields: tuple[StructField, ...]
    size: int
    packed: bool = False

    @property
    def alignment(self) -> int:
        return 1 if self.packed else max(alignment_of(f.type) for f in self.fields)

    @property
    def numpy_dtype(self) -> np.dtype:
        """A structured dtype with the fields at their OpenCL offsets and the padded size."""
        return np.dtype(
            {
                "names": [f.name for f in self.fields],
                "formats": [
                    (f.type.scalar, f.host_shape) if f.host_shape else f.type.scalar
                    for f in self.fields
                ],
                "offsets": [f.offset for f in self.fields],
                "itemsize": self.size,
            }
        )

    def field(self, name: str) -> StructField | None:
        return next((f for f in self.fields if f.name == name), None)

    def element(self) -> ElementType:
        """This struct as a buffer's element type (ElementType.struct set)."""
        return ElementType(self.numpy_dtype, 1, self)


class StructError(ValueError):
    """A struct that cannot be laid out; `field` names the field at fault, when one is."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def alignment_of(element: ElementType) -> int:
    """OpenCL C's alignment of a scalar or a vector: its size, a 3-vector's that of a 4."""
    return element.itemsize


def lay_out(
    name: str, fields: Mapping[str, str] | list[tuple[str, str]], packed: bool = False
) -> StructType:
    """The struct `name` of (field name, OpenCL C type) pairs, in declaration order."""
    pairs = list(fields.items()) if isinstance(fields, Mapping) else list(fields)
    if not pairs:
        raise StructError(gettext("a struct needs at least one field"))
    laid: list[StructField] = []
    offset = 0
    for field_name, type_name in pairs:
        if any(f.name == field_name for f in laid):
            problem = gettext("field {field} is given twice").format(field=repr(field_name))
            raise StructError(problem, field_name)
        try:
            element = kernel_type(type_name)
        except TypeNameError:
            problem = gettext(
                "field {field} has type {type}; a field is an OpenCL C scalar or vector "
                "type (float, int, uchar, float4, int2, ...)"
            ).format(field=repr(field_name), type=repr(type_name))
            raise StructError(problem, field_name) from None
        if element.scalar.kind == "b":
            problem = gettext(
                "field {field} is a bool, whose size OpenCL C leaves to the device; "
                "use uchar or int"
            ).format(field=repr(field_name))
            raise StructError(problem, field_name)
        if not packed:
            offset = _round_up(offset, alignment_of(element))
        laid.append(StructField(field_name, element, offset))
        offset += element.itemsize
    align = 1 if packed else max(alignment_of(f.type) for f in laid)
    return StructType(name, tuple(laid), _round_up(offset, align), packed)


def declared_struct_name(type_name: str) -> str:
    """`Particle` for a kernel's `Particle`, `struct Particle` or `struct Particle*`."""
    words = type_name.replace("*", " ").split()
    words = [
        w
        for w in words
        if w
        not in (
            "struct",
            "const",
            "__global",
            "global",
            "volatile",
            "restrict",
            "__constant",
            "constant",
        )
    ]
    return " ".join(words)


def _round_up(value: int, multiple: int) -> int:
    return -(-value // multiple) * multiple
