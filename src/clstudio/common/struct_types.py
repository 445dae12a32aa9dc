"""Struct element types: fields laid out by OpenCL C's alignment rules, as numpy dtypes.

A kernel that takes `__global Particle *p` sees each element with the layout its
compiler gives `typedef struct {...} Particle;`: each field at the next multiple of
its own alignment (a scalar's or vector's size, a 3-vector aligned as a 4-vector, a
nested struct's largest alignment; an array `float m[4]` aligns as its element), the
whole struct rounded up to its largest alignment. `packed` (`__attribute__((packed))`)
puts each field straight after the one before. The host array uses a numpy structured
dtype with exactly these offsets, so the bytes that cross to the device are the same.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Union

import numpy as np

from clstudio.common.dtypes import ElementType, TypeNameError, kernel_type
from clstudio.common.translation import gettext

MAX_ARRAY_ITEMS = 65_536  # elements of one array field
# A struct passed by value, field by field: a number, a vector's or an array's list, a
# nested struct's mapping (an array of structs: a list of mappings); fields not given are 0.
FieldValue = Union[int, float, tuple["FieldValue", ...], Mapping[str, "FieldValue"]]  # noqa: UP007
StructValue = Mapping[str, FieldValue]
# A field as the session declares it: name, type name, and an array's lengths (() if none).
FieldDeclaration = tuple[str, str] | tuple[str, str, tuple[int, ...]]


@dataclass(frozen=True)
class StructField:
    """One field: its name, its OpenCL C type, its byte offset, an array's lengths.

    `type` is a scalar, a vector or (`type.struct` set) a nested struct; `shape` is ()
    for one of them and (4,) for `float m[4]`.
    """

    name: str
    type: ElementType
    offset: int
    shape: tuple[int, ...] = ()

    @property
    def host_shape(self) -> tuple[int, ...]:
        """The shape of one element's field on the host: the array's, then a vector's lanes."""
        return self.type.host_shape(self.shape)

    @property
    def size(self) -> int:
        return self.type.itemsize * math.prod(self.shape)

    @property
    def type_text(self) -> str:
        """The field's type as C would write it around the name: `float[4]`, `Inner`."""
        return self.type.opencl_name + "".join(f"[{n}]" for n in self.shape)


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

    def nested(self) -> tuple[StructType, ...]:
        """The structs this one holds, at any depth, each before the structs that hold it,
        then this one: the order in which C must declare them."""
        found: dict[str, StructType] = {}
        for field in self.fields:
            if field.type.struct is not None:
                for inner in field.type.struct.nested():
                    found.setdefault(inner.name, inner)
        found.setdefault(self.name, self)
        return tuple(found.values())

    def field_paths(self) -> tuple[str, ...]:
        """Every field by its dotted path, nested structs' fields too: `pos`, `inner.x`."""
        paths: list[str] = []
        for field in self.fields:
            paths.append(field.name)
            if field.type.struct is not None:
                paths += [f"{field.name}.{p}" for p in field.type.struct.field_paths()]
        return tuple(paths)

    def field_at(self, path: str) -> tuple[StructField, tuple[int, ...]] | None:
        """The field a dotted path names and the array lengths on the way to it (the arrays
        of the structs that hold it, outermost first); None when there is no such field."""
        struct: StructType | None = self
        outer: tuple[int, ...] = ()
        found = None
        for part in path.split("."):
            if struct is None:
                return None
            if found is not None:
                outer += found.shape
            found = struct.field(part)
            if found is None:
                return None
            struct = found.type.struct
        return None if found is None else (found, outer)


class StructError(ValueError):
    """A struct that cannot be laid out; `field` names the field at fault, when one is."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def alignment_of(element: ElementType) -> int:
    """OpenCL C's alignment: a scalar's or vector's size (a 3-vector's that of a 4), a
    struct's largest field's."""
    return element.struct.alignment if element.struct is not None else element.itemsize


NO_STRUCTS: Mapping[str, StructType] = {}


def lay_out(
    name: str,
    fields: Mapping[str, str] | Sequence[FieldDeclaration],
    packed: bool = False,
    structs: Mapping[str, StructType] = NO_STRUCTS,
) -> StructType:
    """The struct `name` of (field name, OpenCL C type[, array lengths]) in declaration
    order; a type may name one of `structs`, laid out before."""
    declared = list(fields.items()) if isinstance(fields, Mapping) else list(fields)
    if not declared:
        raise StructError(gettext("a struct needs at least one field"))
    laid: list[StructField] = []
    offset = 0
    for item in declared:
        field_name, type_name = item[0], item[1]
        shape = item[2] if len(item) == 3 else ()
        if any(f.name == field_name for f in laid):
            problem = gettext("field {field} is given twice").format(field=repr(field_name))
            raise StructError(problem, field_name)
        element = field_type(field_name, type_name, structs)
        if shape and (min(shape) < 1 or math.prod(shape) > MAX_ARRAY_ITEMS):
            problem = gettext(
                "field {field} is an array of {shape} elements; each length is at least 1 "
                "and an array holds at most {most} elements"
            ).format(field=repr(field_name), shape=list(shape), most=MAX_ARRAY_ITEMS)
            raise StructError(problem, field_name)
        if not packed:
            offset = _round_up(offset, alignment_of(element))
        laid.append(StructField(field_name, element, offset, tuple(shape)))
        offset += laid[-1].size
    align = 1 if packed else max(alignment_of(f.type) for f in laid)
    return StructType(name, tuple(laid), _round_up(offset, align), packed)


def field_type(field_name: str, type_name: str, structs: Mapping[str, StructType]) -> ElementType:
    """A field's type: a scalar, a vector or one of `structs`; a refusal names the field
    and, for what OpenCL C structs may hold but CL Studio cannot lay out, the feature."""
    words = type_name.replace("*", " * ").split()
    feature = None
    if "*" in words:
        feature = gettext(
            "is a pointer; a struct a kernel takes as an argument may not hold pointers in OpenCL C"
        )
    elif "union" in words:
        feature = gettext("is a union, whose layout CL Studio does not describe")
    elif ":" in type_name:
        feature = gettext("is a bit-field, whose layout OpenCL C leaves to the compiler")
    elif "[" in type_name:
        feature = gettext('is an array: write its lengths in "shape", as in [4]')
    if feature is not None:
        problem = gettext("field {field} ({type}) {feature}")
        raise StructError(
            problem.format(field=repr(field_name), type=repr(type_name), feature=feature),
            field_name,
        )
    struct = structs.get(declared_struct_name(type_name))
    if struct is not None:
        return struct.element()
    try:
        element = kernel_type(type_name)
    except TypeNameError:
        problem = gettext(
            "field {field} has type {type}; a field is an OpenCL C scalar or vector "
            "type (float, int, uchar, float4, int2, ...) or one of the session's structs"
        ).format(field=repr(field_name), type=repr(type_name))
        raise StructError(problem, field_name) from None
    if element.scalar.kind == "b":
        problem = gettext(
            "field {field} is a bool, whose size OpenCL C leaves to the device; use uchar or int"
        ).format(field=repr(field_name))
        raise StructError(problem, field_name)
    return element


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


def struct_array(struct: StructType, value: StructValue) -> np.ndarray:
    """A struct passed by value as a 0-d structured array; fields not given are 0."""
    out = np.zeros((), struct.numpy_dtype)
    _fill(out, struct, value)
    return out


def _fill(target: np.ndarray, struct: StructType, value: StructValue) -> None:
    for name, given in value.items():
        field = struct.field(name)
        assert field is not None
        part = target[name]
        inner = field.type.struct
        if inner is None:
            part[...] = _padded(given, field.type)
            continue
        for index in np.ndindex(*field.shape):
            item: FieldValue = given
            for i in index:
                assert isinstance(item, tuple)
                item = item[i]
            assert isinstance(item, Mapping)
            _fill(part[(*index, Ellipsis)], inner, item)


def _padded(given: FieldValue, element: ElementType) -> object:
    """Numbers shaped as the host holds them: a 3-vector's values with a fourth lane of 0."""
    if isinstance(given, tuple) and given and not isinstance(given[0], tuple):
        if element.width == 3:
            return [*given, 0]
        return list(given)
    if isinstance(given, tuple):
        return [_padded(g, element) for g in given]
    return given


def struct_leaves(
    struct: StructType, value: np.ndarray
) -> Iterator[tuple[tuple[str | int, ...], StructField, np.ndarray]]:
    """Each scalar or vector inside a struct value, with its path (field names and array
    indices, in the order C writes them: `a[1].b`), its field and its lanes' values."""
    for field in struct.fields:
        part = value[field.name]
        for index in np.ndindex(*field.shape):
            path: tuple[str | int, ...] = (field.name, *index)
            item = part[(*index, Ellipsis)]
            if field.type.struct is not None:
                for inner, leaf, numbers in struct_leaves(field.type.struct, item):
                    yield (*path, *inner), leaf, numbers
            else:
                yield path, field, np.atleast_1d(item)


def value_to_json(value: FieldValue | StructValue) -> object:
    """A struct value as the session file writes it: lists for tuples, objects for structs."""
    if isinstance(value, Mapping):
        return {k: value_to_json(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [value_to_json(v) for v in value]
    return value


def _round_up(value: int, multiple: int) -> int:
    return -(-value // multiple) * multiple
