"""Struct types in the session file: the `structs` table, a struct buffer's contents, a
struct passed by value. Every refusal names its key path and, where one is at fault, the field.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from clstudio.common import (
    OPENCL_SCALARS,
    ElementType,
    FieldValue,
    StructError,
    StructField,
    StructType,
    StructValue,
    declared_struct_name,
    gettext,
    lay_out,
)
from clstudio.common.struct_types import FieldDeclaration
from clstudio.session.args import ArgSpec, BufferArg, Init, LocalArg, ScalarArg, contents_problem
from clstudio.session.fields import (
    check_keys,
    describe,
    fail,
    read_bool,
    read_identifier,
    read_number,
    read_object,
    read_sizes,
    read_string,
)

MAX_FIELDS = 64
MAX_ARRAY_DIMS = 4  # lengths of one array field: float m[4][4] has two
# Contents one field takes: a struct buffer's `init` is {"fields": {name: one of these}}.
FIELD_INITS = ("zeros", "ones", "arange", "fill", "random", "normal", "values")
# arg_fields' reader of a buffer's contents: (value, where, dtype, shape) -> Init
InitReader = Callable[[object, str, ElementType, tuple[int, ...]], Init]


def read_structs(value: object) -> dict[str, StructType]:
    """The `structs` table: each struct's fields in order, laid out by OpenCL C's rules.

    A field may be another struct of the table (declared before or after it) and an
    array (`"shape": [4]`); a struct that holds itself, at any depth, is refused.
    """
    declared: dict[str, tuple[list[FieldDeclaration], bool]] = {}
    for name, entry in read_object(value, "structs").items():
        where = f"structs.{name}"
        read_identifier(name, where, gettext("a struct name"))
        if name in OPENCL_SCALARS or _is_type_name(name):
            problem = gettext("{name} is an OpenCL C type; give the struct a name of its own")
            fail(where, problem.format(name=name))
        obj = read_object(entry, where)
        check_keys(obj, where, ("fields", "packed"), required=("fields",))
        fields = obj["fields"]
        if not isinstance(fields, list) or not fields:
            problem = gettext(
                'expected a list of fields, {{"name": "x", "type": "float"}} each, got {value}'
            )
            fail(f"{where}.fields", problem.format(value=describe(fields)))
        if len(fields) > MAX_FIELDS:
            problem = gettext("a struct has at most {most} fields here, got {count}")
            fail(f"{where}.fields", problem.format(most=MAX_FIELDS, count=len(fields)))
        items: list[FieldDeclaration] = []
        for index, item in enumerate(fields):
            here = f"{where}.fields[{index}]"
            field_obj = read_object(item, here)
            check_keys(field_obj, here, ("name", "type", "shape"), required=("name", "type"))
            field_name = read_identifier(field_obj["name"], f"{here}.name", gettext("a field name"))
            type_name = read_string(field_obj["type"], f"{here}.type")
            if "shape" in field_obj:
                shape = read_sizes(field_obj["shape"], f"{here}.shape", MAX_ARRAY_DIMS)
                items.append((field_name, type_name, shape))
            else:
                items.append((field_name, type_name))
        declared[name] = (items, read_bool(obj.get("packed", False), f"{where}.packed"))
    structs: dict[str, StructType] = {}
    for name in declared:
        _lay_out_declared(name, declared, structs, ())
    return {name: structs[name] for name in declared}


def _lay_out_declared(
    name: str,
    declared: Mapping[str, tuple[list[FieldDeclaration], bool]],
    structs: dict[str, StructType],
    holders: tuple[str, ...],
) -> None:
    """Lay out `name` after the structs its fields name; `holders` are those on the way."""
    if name in structs:
        return
    where = f"structs.{name}"
    items, packed = declared[name]
    for index, item in enumerate(items):
        inner = declared_struct_name(item[1])
        if inner not in declared:
            continue
        if inner == name or inner in holders:
            chain = " -> ".join((*holders, name, inner))
            problem = gettext(
                "field {field} holds struct {struct}, which holds this one ({chain}); a struct "
                "cannot hold itself (a pointer could, but a kernel argument's struct holds none)"
            )
            fail(
                f"{where}.fields[{index}]",
                problem.format(field=repr(item[0]), struct=inner, chain=chain),
            )
        _lay_out_declared(inner, declared, structs, (*holders, name))
    try:
        structs[name] = lay_out(name, items, packed, structs)
    except StructError as exc:
        # the last field of that name: a duplicate is the second one
        at = max((i for i, item in enumerate(items) if item[0] == exc.field), default=None)
        fail(f"{where}.fields" if at is None else f"{where}.fields[{at}]", str(exc))


def _is_type_name(name: str) -> bool:
    base = name.rstrip("0123456789")
    return base in OPENCL_SCALARS and name[len(base) :] in ("2", "3", "4", "8", "16")


def structs_of(args: Iterable[ArgSpec]) -> dict[str, StructType]:
    """The structs the arguments use, each after the structs it holds, in first-use order."""
    found: dict[str, StructType] = {}
    for spec in args:
        struct = None
        if isinstance(spec, BufferArg | LocalArg):
            struct = spec.dtype.struct
        elif isinstance(spec, ScalarArg):
            struct = spec.struct
        if struct is not None:
            for one in struct.nested():
                found.setdefault(one.name, one)
    return found


def structs_to_dict(structs: Mapping[str, StructType]) -> dict[str, Any]:
    return {
        name: {
            "fields": [
                {"name": f.name, "type": f.type.opencl_name}
                | ({"shape": list(f.shape)} if f.shape else {})
                for f in struct.fields
            ],
            **({"packed": True} if struct.packed else {}),
        }
        for name, struct in structs.items()
    }


def read_struct_init(
    value: object, where: str, struct: StructType, count: int, read_init: InitReader
) -> Init:
    """A struct buffer's contents: "zeros", or {"fields": {field: contents}}; others zero.

    A nested struct's field takes {"fields": {...}} again; an array field's contents are
    those of a buffer of the field's type whose shape is the buffer's, then the array's.
    """
    if value == "zeros" or value == "uninitialised":
        return Init(value)
    return _field_inits(value, where, struct, (count,), read_init)


def _field_inits(
    value: object, where: str, struct: StructType, shape: tuple[int, ...], read_init: InitReader
) -> Init:
    if not isinstance(value, dict) or list(value) != ["fields"]:
        problem = gettext(
            'a buffer of struct {struct} starts as "zeros", "uninitialised" or '
            '{{"fields": {{...}}}}, contents for each field; got {value}'
        )
        fail(where, problem.format(struct=struct.name, value=describe(value)))
    here = f"{where}.fields"
    fields: dict[str, Init] = {}
    for name, field_init in read_object(value["fields"], here).items():
        field = _field_of(struct, name, f"{here}.{name}")
        field_shape = (*shape, *field.shape)
        if field.type.struct is not None:
            fields[name] = _field_inits(
                field_init, f"{here}.{name}", field.type.struct, field_shape, read_init
            )
            continue
        kind = field_init if isinstance(field_init, str) else None
        if isinstance(field_init, dict) and len(field_init) == 1:
            kind = next(iter(field_init))
        if kind not in FIELD_INITS:
            problem = gettext("a field takes one of {forms}, got {value}")
            fail(
                f"{here}.{name}",
                problem.format(forms=", ".join(FIELD_INITS), value=describe(field_init)),
            )
        # A field's contents read as those of a buffer of the field's type and shape.
        fields[name] = read_init(field_init, f"{here}.{name}", field.type, field_shape)
    return Init("fields", {"fields": fields})


def _field_of(struct: StructType, name: str, where: str) -> StructField:
    field = struct.field(name)
    if field is None:
        problem = gettext("{field} is not a field of struct {struct} (its fields: {known})")
        known = ", ".join(f.name for f in struct.fields)
        fail(where, problem.format(field=repr(name), struct=struct.name, known=known))
    return field


def read_struct_value(value: object, where: str, struct: StructType) -> StructValue:
    """A struct passed by value: {field: value}; fields not given are 0.

    A field's value is a number, a vector's list, a nested struct's object, and for an
    array a list of as many of these as its length (nested lists for several lengths).
    """
    obj = read_object(value, where)
    out: dict[str, FieldValue] = {}
    for name, item in obj.items():
        field = _field_of(struct, name, f"{where}.{name}")
        out[name] = _read_field_value(item, f"{where}.{name}", field, field.shape)
    return out


def _read_field_value(
    item: object, where: str, field: StructField, shape: tuple[int, ...]
) -> FieldValue:
    if shape:
        if not isinstance(item, list) or len(item) != shape[0]:
            problem = gettext(
                "field {field} is a {type}: give a list of {count} values, got {value}"
            )
            fail(
                where,
                problem.format(
                    field=repr(field.name),
                    type=field.type_text,
                    count=shape[0],
                    value=describe(item),
                ),
            )
        return tuple(
            _read_field_value(v, f"{where}[{i}]", field, shape[1:]) for i, v in enumerate(item)
        )
    if field.type.struct is not None:
        return read_struct_value(item, where, field.type.struct)
    given: FieldValue
    if field.type.width == 1:
        given = read_number(item, where)
    else:
        if not isinstance(item, list) or len(item) != field.type.width:
            problem = gettext(
                "field {field} is a {type}: give a list of {count} numbers, got {value}"
            )
            fail(
                where,
                problem.format(
                    field=repr(field.name),
                    type=field.type.opencl_name,
                    count=field.type.width,
                    value=describe(item),
                ),
            )
        given = tuple(read_number(v, f"{where}[{i}]") for i, v in enumerate(item))
    numbers = list(given) if isinstance(given, tuple) else [given]
    unfit = contents_problem(field.type, Init("values", {"values": numbers}))
    if unfit:
        fail(where, unfit)
    return given
