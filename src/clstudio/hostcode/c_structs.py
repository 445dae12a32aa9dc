"""The structs of main.c: a typedef per struct with `cl_` types whose layout the compiler
checks against the kernel's, a struct passed by value, a field gathered for its reference.

An argument's names (`own`) hold its struct's C name under "type" and each field's
member name under "member NAME", given by the program's one allocator.
"""

from __future__ import annotations

from collections.abc import Mapping

from clstudio.common import StructField
from clstudio.hostcode.code_text import CodeText
from clstudio.hostcode.literals import c_comment, c_number, c_string, c_type
from clstudio.hostcode.names import NameAllocator, Names, c_reserved
from clstudio.hostcode.plan import ArgPlan, HostPlan, ReferencePlan, plan_structs

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
    """Each struct as C declares it, and static checks that its layout is the kernel's."""
    for struct in plan_structs(plan):
        type_name, members = struct_names[struct.name]
        packed = " __attribute__((packed))" if struct.packed else ""
        about = f"struct {c_comment(struct.name)} as the kernel lays it out"
        code.add(
            "",
            f"/* {about} ({struct.size} bytes) */",
            f"typedef struct{packed} {{",
            *(f"    {_member_type(f)} {members[f.name]};" for f in struct.fields),
            f"}} {type_name};",
            f"_Static_assert(sizeof({type_name}) == {struct.size}, "
            f"{c_string(f'struct {struct.name} has the size the kernel gives it')});",
        )
        for field in struct.fields:
            code.add(
                f"_Static_assert(offsetof({type_name}, {members[field.name]}) == {field.offset}, "
                f"{c_string(f'{struct.name}.{field.name} is where the kernel has it')});"
            )


def _member_type(field: StructField) -> str:
    return c_type(field.type.scalar, field.type.width)


def struct_value(arg: ArgPlan, own: Mapping[str, str], code: CodeText) -> None:
    """A struct passed by value: zeroed, then each field the session gives."""
    struct = arg.struct
    assert struct is not None
    value, name = arg.scalar_value, own["value"]
    code.add(f"{own['type']} {name};", f"memset(&{name}, 0, sizeof {name});")
    for field in struct.fields:
        member = own[f"member {field.name}"]
        numbers = value[field.name].ravel()
        if field.type.width == 1:
            if numbers[0]:
                code.add(f"{name}.{member} = {c_number(numbers[0].item(), field.type.scalar)};")
            continue
        for lane, number in enumerate(numbers):
            if number:
                code.add(
                    f"{name}.{member}.s[{lane}] = {c_number(number.item(), field.type.scalar)};"
                )


def field_ctype(ref: ReferencePlan) -> str:
    """The C type of one value a reference compares."""
    return c_type(ref.element.scalar)


def gathered_field(ref: ReferencePlan, own: Mapping[str, str], code: CodeText) -> str:
    """The field a reference checks, copied out of the structs into an array of its own."""
    field = ref.field
    assert field is not None
    gathered, lanes = own[f"field {field.name}"], field.type.lanes
    elements = ref.count // lanes
    code.add(
        f"{field_ctype(ref)} *{gathered} = new_array({ref.count}, sizeof *{gathered});",
        f"for (size_t i = 0; i < {elements}; i++) {{",
        f"    memcpy({gathered} + i * {lanes}, &{own['out']}[i].{own[f'member {field.name}']}, "
        f"{lanes} * sizeof *{gathered});",
        "}",
    )
    return gathered
