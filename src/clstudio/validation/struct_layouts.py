"""The session's structs against the kernel source's: a field out of place is refused.

OpenCL cannot tell the host how a kernel lays out a struct, so a session whose struct
differs from the kernel's (a field missing, moved, of another type, packed on one side
only) would fill every element at the wrong offsets and fail for no visible reason.
The source's declarations are read with a small parser; one it does not understand
(arrays, nested structs, macros) is not compared rather than guessed at.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from clstudio.common import RunError, StructType, TypeNameError, gettext, kernel_type
from clstudio.session import ArgSpec, BufferArg, LocalArg, ScalarArg

_COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)
_PACKED = r"(?:__attribute__\s*\(\(\s*(?:__)?packed(?:__)?\s*\)\)\s*)?"
# typedef struct [Tag] {body} Name;  and  struct Name {body};
_TYPEDEF = re.compile(
    r"typedef\s+struct\s*(" + _PACKED + r")(?:\w+\s*)?\{([^{}]*)\}\s*(" + _PACKED + r")(\w+)\s*;"
)
_TAGGED = re.compile(r"struct\s*(" + _PACKED + r")(\w+)\s*\{([^{}]*)\}\s*(" + _PACKED + r");")
_FIELD = re.compile(r"^\s*((?:unsigned\s+)?\w+)\s+(\w+)\s*(" + _PACKED + r")$")

Declared = tuple[tuple[tuple[str, str], ...], bool]  # (field name, type) pairs, packed


def declared_structs(source: str) -> dict[str, Declared]:
    """The structs the source declares in a form this parser understands, by name."""
    text = _COMMENTS.sub(" ", source)
    found: dict[str, Declared] = {}
    for match in _TYPEDEF.finditer(text):
        packed = bool(match.group(1) or match.group(3))
        fields = _fields(match.group(2), packed)
        if fields is not None:
            found[match.group(4)] = (fields, packed)
    for match in _TAGGED.finditer(text):
        packed = bool(match.group(1) or match.group(4))
        fields = _fields(match.group(3), packed)
        if fields is not None:
            found.setdefault(match.group(2), (fields, packed))
    return found


def _fields(body: str, packed: bool) -> tuple[tuple[str, str], ...] | None:
    pairs = []
    for declaration in body.split(";")[:-1]:
        match = _FIELD.match(declaration)
        if match is None:
            return None  # an array, a pointer, several names, a nested struct: not compared
        if match.group(3) and not packed:
            return None  # one packed field in a struct that is not: a layout sessions lack
        type_name, name = " ".join(match.group(1).split()), match.group(2)
        try:
            kernel_type(type_name)
        except TypeNameError:
            return None
        pairs.append((name, type_name))
    return tuple(pairs) if pairs else None


def layout_problem(struct: StructType, declared: Declared) -> str | None:
    """How the session's struct differs from the kernel's, naming the field; None if alike."""
    fields, packed = declared
    ours = [(f.name, f.type) for f in struct.fields]
    theirs = [(name, kernel_type(type_name)) for name, type_name in fields]
    for index, (mine, kernel) in enumerate(zip(ours, theirs, strict=False)):
        if mine[0] != kernel[0]:
            return gettext(
                "field {index} of struct {struct} is {field} in the session but {declared} in "
                "the kernel; give the fields in the kernel's order"
            ).format(index=index, struct=struct.name, field=repr(mine[0]), declared=repr(kernel[0]))
        if mine[1] != kernel[1]:
            return gettext(
                "field {field} of struct {struct} is a {type} in the session but a {declared} "
                "in the kernel"
            ).format(
                field=repr(mine[0]),
                struct=struct.name,
                type=mine[1].opencl_name,
                declared=kernel[1].opencl_name,
            )
    if len(ours) != len(theirs):
        shorter = min(len(ours), len(theirs))
        longer = ours if len(ours) > shorter else theirs
        extra = ", ".join(repr(name) for name, _ in longer[shorter:])
        if len(ours) > len(theirs):
            problem = gettext("struct {struct} has fields {fields} in the session only")
        else:
            problem = gettext("struct {struct} has fields {fields} in the kernel only")
        return problem.format(struct=struct.name, fields=extra)
    if packed != struct.packed:
        if packed:
            return gettext(
                'struct {struct} is packed in the kernel: give it "packed": true in the session'
            ).format(struct=struct.name)
        return gettext(
            "struct {struct} is packed in the session but not in the kernel, whose fields "
            "sit at other offsets"
        ).format(struct=struct.name)
    return None


def struct_layout_problems(source: str, args: Mapping[str, ArgSpec]) -> list[RunError]:
    """One problem per argument whose struct the kernel source declares otherwise."""
    declared = declared_structs(source)
    problems = []
    for name, spec in args.items():
        struct = spec.struct if isinstance(spec, ScalarArg) else None
        if isinstance(spec, BufferArg | LocalArg):
            struct = spec.dtype.struct
        if struct is None or struct.name not in declared:
            continue
        problem = layout_problem(struct, declared[struct.name])
        if problem is not None:
            message = gettext("argument '{name}': {problem}").format(name=name, problem=problem)
            problems.append(RunError("validate", message, argument=name))
    return problems
