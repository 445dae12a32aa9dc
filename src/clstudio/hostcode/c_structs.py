"""The structs of main.c: a typedef per struct with `cl_` types whose layout the compiler
checks against the kernel's (nested structs first, arrays as C writes them), a struct
passed by value, a field gathered for its reference.

An argument's names (`own`) hold its struct's C name under "type" and each field's
member name under "member NAME", given by the program's one allocator.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from clstudio.common import StructField, StructType, struct_leaves
from clstudio.hostcode.code_text import CodeText
from clstudio.hostcode.literals import c_comment, c_number, c_string, c_type
from clstudio.hostcode.names import NameAllocator, Names, c_reserved
from clstudio.hostcode.plan import HostPlan, ReferencePlan, plan_structs
from clstudio.session import BufferArg

StructNames = Mapping[str, tuple[str, Mapping[str, str]]]  # struct -> (C name, field -> member)


def name_structs(plan: HostPlan, allocator: NameAllocator, names: Names) -> StructNames:
    """C names for each struct and its members; recorded in the names of its arguments."""
    given = {}
    for struct in plan_structs(plan):
        members = NameAllocator(c_reserved)  # members have a namespace of their own
        fields = {f.name: members.take(f.name) for f in struct.fields}
        given[struct.name] = (allocator.take(struct.name), fields)
    for arg in plan.args:
        if arg.struct is not None:
            type_name, fields = given[arg.struct.name]
            names[arg.index]["type"] = type_name
            names[arg.index] |= {f"member {f}": m for f, m in fields.items()}
    return given


def struct_definitions(plan: HostPlan, struct_names: StructNames, code: CodeText) -> None:
    """Each struct as C declares it, after the structs it holds, and static checks that
    its layout is the kernel's."""
    for struct in plan_structs(plan):
        type_name, members = struct_names[struct.name]
        packed = " __attribute__((packed))" if struct.packed else ""
        about = f"struct {c_comment(struct.name)} as the kernel lays it out"
        code.add(
            "",
            f"/* {about} ({struct.size} bytes) */",
            f"typedef struct{packed} {{",
            *(
                f"    {_member_type(f, struct_names)} {members[f.name]}"
                f"{''.join(f'[{n}]' for n in f.shape)};"
                for f in struct.fields
            ),
            f"}} {type_name};",
            f"_Static_assert(sizeof({type_name}) == {struct.size}, "
            f"{c_string(f'struct {struct.name} has the size the kernel gives it')});",
        )
        for field in struct.fields:
            code.add(
                f"_Static_assert(offsetof({type_name}, {members[field.name]}) == {field.offset}, "
                f"{c_string(f'{struct.name}.{field.name} is where the kernel has it')});"
            )


def _member_type(field: StructField, struct_names: StructNames) -> str:
    inner = field.type.struct
    if inner is not None:
        return struct_names[inner.name][0]
    return c_type(field.type.scalar, field.type.width)


def member_path(struct: StructType, path: tuple[str | int, ...], struct_names: StructNames) -> str:
    """`.corners[1].x` for the path ("corners", 1, "x"): C's members, as allocated."""
    text = ""
    current: StructType | None = struct
    for step in path:
        if isinstance(step, int):
            text += f"[{step}]"
            continue
        assert current is not None
        text += f".{struct_names[current.name][1][step]}"
        field = current.field(step)
        current = None if field is None else field.type.struct
    return text


def struct_value(
    struct: StructType,
    value: np.ndarray,
    name: str,
    struct_names: StructNames,
    code: CodeText,
) -> None:
    """A struct passed by value: zeroed, then each value the session gives."""
    code.add(f"{struct_names[struct.name][0]} {name};", f"memset(&{name}, 0, sizeof {name});")
    for path, field, numbers in struct_leaves(struct, value):
        place = name + member_path(struct, path, struct_names)
        if field.type.width == 1:
            if numbers[0]:
                code.add(f"{place} = {c_number(numbers[0].item(), field.type.scalar)};")
            continue
        for lane, number in enumerate(numbers):
            if number:
                code.add(f"{place}.s[{lane}] = {c_number(number.item(), field.type.scalar)};")


def field_ctype(ref: ReferencePlan) -> str:
    """The C type of one value a reference compares."""
    return c_type(ref.element.scalar)


def gathered_field(
    ref: ReferencePlan, own: Mapping[str, str], struct_names: StructNames, code: CodeText
) -> str:
    """The field a reference checks, copied out of the structs into an array of its own;
    a field inside an array of structs, one struct of the array after the other."""
    place = ref.field_place
    struct, spec = ref.output.struct, ref.output.spec
    assert place is not None and struct is not None and isinstance(spec, BufferArg)
    field, outer = place
    gathered = own[f"field {ref.field_path}"]
    per = math.prod(field.shape) * field.type.lanes  # one field's values, in one struct
    loops = [("i", math.prod(spec.shape)), *((f"i{n + 1}", size) for n, size in enumerate(outer))]
    code.add(f"{field_ctype(ref)} *{gathered} = new_array({ref.count}, sizeof *{gathered});")
    flat = "i"
    for depth, (var, size) in enumerate(loops):
        code.add(f"{'    ' * depth}for (size_t {var} = 0; {var} < {size}; {var}++) {{")
        if depth:
            flat = f"({flat} * {size} + {var})"
    member = _reference_place(struct, ref.field_path, [var for var, _ in loops[1:]], struct_names)
    code.add(
        f"{'    ' * len(loops)}memcpy({gathered} + {flat} * {per}, "
        f"&{own['out']}[i]{member}, {per} * sizeof *{gathered});"
    )
    for depth in reversed(range(len(loops))):
        code.add(f"{'    ' * depth}}}")
    return gathered


def _reference_place(
    struct: StructType, field_path: str, indices: list[str], struct_names: StructNames
) -> str:
    """`.corners[i1].x` for `corners.x`: each array of structs on the way indexed by the
    next loop variable."""
    text = ""
    current = struct
    remaining = iter(indices)
    names = field_path.split(".")
    for position, part in enumerate(names):
        text += f".{struct_names[current.name][1][part]}"
        field = current.field(part)
        assert field is not None
        if position < len(names) - 1:
            text += "".join(f"[{next(remaining)}]" for _ in field.shape)
            assert field.type.struct is not None
            current = field.type.struct
    return text
