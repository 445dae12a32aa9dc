"""Struct types in the session file: the `structs` table, a struct buffer's contents, a
struct passed by value. Every refusal names its key path and, where one is at fault, the field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from clstudio.common import (
    OPENCL_SCALARS,
    ElementType,
    StructError,
    StructType,
    gettext,
    lay_out,
    value_problem,
)
from clstudio.session.args import ArgSpec, BufferArg, Init, LocalArg, ScalarArg
from clstudio.session.fields import (
    check_keys,
    describe,
    fail,
    read_bool,
    read_identifier,
    read_number,
    read_object,
    read_string,
)

MAX_FIELDS = 64
# Contents one field takes: a struct buffer's `init` is {"fields": {name: one of these}}.
FIELD_INITS = ("zeros", "ones", "arange", "fill", "random", "normal", "values")
ScalarValue = int | float | tuple[int | float, ...]
# arg_fields' reader of a buffer's contents: (value, where, dtype, shape) -> Init
InitReader = Callable[[object, str, ElementType, tuple[int, ...]], Init]


def read_structs(value: object) -> dict[str, StructType]:
    """The `structs` table: each struct's fields in order, laid out by OpenCL C's rules."""
    structs = {}
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
        pairs = []
        for index, item in enumerate(fields):
            here = f"{where}.fields[{index}]"
            field_obj = read_object(item, here)
            check_keys(field_obj, here, ("name", "type"), required=("name", "type"))
            field_name = read_identifier(field_obj["name"], f"{here}.name", gettext("a field name"))
            pairs.append((field_name, read_string(field_obj["type"], f"{here}.type")))
        packed = read_bool(obj.get("packed", False), f"{where}.packed")
        try:
            structs[name] = lay_out(name, pairs, packed)
        except StructError as exc:
            # the last field of that name: a duplicate is the second one
            at = max((i for i, (f, _) in enumerate(pairs) if f == exc.field), default=None)
            fail(f"{where}.fields" if at is None else f"{where}.fields[{at}]", str(exc))
    return structs


def _is_type_name(name: str) -> bool:
    base = name.rstrip("0123456789")
    return base in OPENCL_SCALARS and name[len(base) :] in ("2", "3", "4", "8", "16")


def structs_of(args: Mapping[str, ArgSpec]) -> dict[str, StructType]:
    """The structs the arguments use, in the order they first appear."""
    found: dict[str, StructType] = {}
    for spec in args.values():
        struct = None
        if isinstance(spec, BufferArg | LocalArg):
            struct = spec.dtype.struct
        elif isinstance(spec, ScalarArg):
            struct = spec.struct
        if struct is not None:
            found.setdefault(struct.name, struct)
    return found


def structs_to_dict(structs: Mapping[str, StructType]) -> dict[str, Any]:
    return {
        name: {
            "fields": [{"name": f.name, "type": f.type.opencl_name} for f in struct.fields],
            **({"packed": True} if struct.packed else {}),
        }
        for name, struct in structs.items()
    }


def read_struct_init(
    value: object, where: str, struct: StructType, count: int, read_init: InitReader
) -> Init:
    """A struct buffer's contents: "zeros", or {"fields": {field: contents}}; others zero."""
    if value == "zeros" or value == "uninitialised":
        return Init(value)
    if not isinstance(value, dict) or list(value) != ["fields"]:
        problem = gettext(
            'a buffer of struct {struct} starts as "zeros", "uninitialised" or '
            '{{"fields": {{...}}}}, contents for each field; got {value}'
        )
        fail(where, problem.format(struct=struct.name, value=describe(value)))
    here = f"{where}.fields"
    fields: dict[str, Init] = {}
    for name, field_init in read_object(value["fields"], here).items():
        field = struct.field(name)
        if field is None:
            problem = gettext("{field} is not a field of struct {struct} (its fields: {known})")
            known = ", ".join(f.name for f in struct.fields)
            fail(
                f"{here}.{name}", problem.format(field=repr(name), struct=struct.name, known=known)
            )
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
        fields[name] = read_init(field_init, f"{here}.{name}", field.type, (count,))
    return Init("fields", {"fields": fields})


def read_struct_value(value: object, where: str, struct: StructType) -> dict[str, ScalarValue]:
    """A struct passed by value: {field: number or vector list}; fields not given are 0."""
    obj = read_object(value, where)
    out: dict[str, ScalarValue] = {}
    for name, item in obj.items():
        field = struct.field(name)
        here = f"{where}.{name}"
        if field is None:
            problem = gettext("{field} is not a field of struct {struct} (its fields: {known})")
            known = ", ".join(f.name for f in struct.fields)
            fail(here, problem.format(field=repr(name), struct=struct.name, known=known))
        if field.type.width == 1:
            number = read_number(item, here)
            out[name] = number
        else:
            if not isinstance(item, list) or len(item) != field.type.width:
                problem = gettext(
                    "field {field} is a {type}: give a list of {count} numbers, got {value}"
                )
                fail(
                    here,
                    problem.format(
                        field=repr(name),
                        type=field.type.opencl_name,
                        count=field.type.width,
                        value=describe(item),
                    ),
                )
            out[name] = tuple(read_number(v, f"{here}[{i}]") for i, v in enumerate(item))
        given = out[name]
        for number in given if isinstance(given, tuple) else (given,):
            unfit = value_problem(number, field.type.scalar, field.type.scalar.name)
            if unfit:
                fail(here, unfit)
    return out
