"""The session's structs against the kernel source's: a field out of place is refused.

OpenCL cannot tell the host how a kernel lays out a struct, so a session whose struct
differs from the kernel's (a field missing, moved, of another type, packed on one side
only) would fill every element at the wrong offsets and fail for no visible reason.
The source's declarations are read with a small parser (fields of scalar, vector and
declared struct types, arrays of literal lengths); one it does not understand (a length
a macro gives, a typedef'd field type) is not compared rather than guessed at. A struct
that holds a union, a bit-field or a pointer is named with what it holds.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from clstudio.common import (
    ElementType,
    RunError,
    StructType,
    TypeNameError,
    declared_struct_name,
    gettext,
    kernel_type,
)
from clstudio.session import ArgSpec, BufferArg, LocalArg, ScalarArg

_COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)
_PACKED = r"(?:__attribute__\s*\(\(\s*(?:__)?packed(?:__)?\s*\)\)\s*)?"
# typedef struct [Tag] {body} Name;  and  struct Name {body};  (unions alike)
_TYPEDEF = re.compile(
    r"typedef\s+(struct|union)\s*("
    + _PACKED
    + r")(?:\w+\s*)?\{([^{}]*)\}\s*("
    + _PACKED
    + r")(\w+)\s*;"
)
_TAGGED = re.compile(
    r"(struct|union)\s*(" + _PACKED + r")(\w+)\s*\{([^{}]*)\}\s*(" + _PACKED + r");"
)
_DECLARATION = re.compile(
    r"^\s*((?:struct\s+|union\s+|unsigned\s+)?\w+)\s*(.*?)\s*(" + _PACKED + r")$",
    re.DOTALL,
)
_DECLARATOR = re.compile(r"^(\*?)\s*(\w+)\s*((?:\[[^\]]*\]\s*)*)(:\s*\w+)?$")
_QUALIFIERS = re.compile(r"\b(?:const|volatile|restrict|__global|__constant|__local|__private)\b")
_LENGTH = re.compile(r"\[\s*(\d+)\s*[uU]?\s*\]")

# (field name, type as written, array lengths) in order, and packed
DeclaredField = tuple[str, str, tuple[int, ...]]
Declared = tuple[tuple[DeclaredField, ...], bool]


def declared_structs(source: str) -> dict[str, Declared]:
    """The structs the source declares in a form this parser understands, by name: fields
    of scalar, vector or another declared struct's type, arrays of literal lengths."""
    return _parsed(source)[0]


def held_features(source: str) -> dict[str, str]:
    """What a struct of the source holds that CL Studio cannot lay out, by struct name:
    a union, a bit-field, a pointer; a union itself too."""
    return _parsed(source)[1]


def _parsed(source: str) -> tuple[dict[str, Declared], dict[str, str]]:
    text = _COMMENTS.sub(" ", source)
    bodies: dict[str, tuple[str, str, bool]] = {}  # name -> (struct or union, body, packed)
    for match in _TYPEDEF.finditer(text):
        packed = bool(match.group(2) or match.group(4))
        bodies[match.group(5)] = (match.group(1), match.group(3), packed)
    for match in _TAGGED.finditer(text):
        packed = bool(match.group(2) or match.group(5))
        bodies.setdefault(match.group(3), (match.group(1), match.group(4), packed))
    found: dict[str, Declared] = {}
    features: dict[str, str] = {}
    for name, (kind, body, packed) in bodies.items():
        if kind == "union":
            features[name] = gettext("{name} is a union in the kernel").format(name=name)
            continue
        fields = _fields(body, packed, bodies)
        if isinstance(fields, str):
            features[name] = fields
        elif fields is not None:
            found[name] = (fields, packed)
    return found, features


def _fields(
    body: str, packed: bool, bodies: Mapping[str, tuple[str, str, bool]]
) -> tuple[DeclaredField, ...] | str | None:
    """The fields; a text naming what CL Studio cannot lay out; None for what this parser
    does not read (a length a macro gives, a typedef'd field type): not compared."""
    fields: list[DeclaredField] = []
    for declaration in body.split(";")[:-1]:
        match = _DECLARATION.match(_QUALIFIERS.sub(" ", declaration))
        if match is None:
            return None
        if match.group(3) and not packed:
            return None  # one packed field in a struct that is not: a layout sessions lack
        type_name = " ".join(match.group(1).split())
        inner = declared_struct_name(type_name)
        for declarator in match.group(2).split(","):
            part = _DECLARATOR.match(declarator.strip())
            if part is None:
                return None
            pointer, name, lengths, bits = part.groups()
            if pointer:
                return gettext("field {field} is a pointer").format(field=repr(name))
            if bits:
                return gettext("field {field} is a bit-field").format(field=repr(name))
            if type_name.startswith("union ") or bodies.get(inner, ("",))[0] == "union":
                return gettext("field {field} is a union").format(field=repr(name))
            shape = tuple(int(n) for n in _LENGTH.findall(lengths))
            if len(shape) != lengths.count("["):
                return None
            if inner not in bodies:
                try:
                    kernel_type(type_name)
                except TypeNameError:
                    return None
            fields.append((name, type_name, shape))
    return tuple(fields) if fields else None


def layout_problem(struct: StructType, declared: Declared) -> str | None:
    """How the session's struct differs from the kernel's, naming the field; None if alike."""
    fields, packed = declared
    for index, (mine, kernel) in enumerate(zip(struct.fields, fields, strict=False)):
        name, type_name, shape = kernel
        if mine.name != name:
            return gettext(
                "field {index} of struct {struct} is {field} in the session but {declared} in "
                "the kernel; give the fields in the kernel's order"
            ).format(index=index, struct=struct.name, field=repr(mine.name), declared=repr(name))
        theirs = _type_text(type_name, shape)
        if _kernel_type(type_name) != _session_type(mine.type) or shape != mine.shape:
            return gettext(
                "field {field} of struct {struct} is a {type} in the session but a {declared} "
                "in the kernel"
            ).format(
                field=repr(mine.name), struct=struct.name, type=mine.type_text, declared=theirs
            )
    if len(struct.fields) != len(fields):
        ours = [f.name for f in struct.fields]
        theirs_names = [name for name, _, _ in fields]
        shorter = min(len(ours), len(theirs_names))
        longer = ours if len(ours) > shorter else theirs_names
        extra = ", ".join(repr(name) for name in longer[shorter:])
        if len(ours) > len(theirs_names):
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


def _kernel_type(type_name: str) -> str:
    """A kernel field's type as the session would name it: `float4`, or a struct's name."""
    try:
        return kernel_type(type_name).opencl_name
    except TypeNameError:
        return declared_struct_name(type_name)


def _session_type(element: ElementType) -> str:
    return element.opencl_name


def _type_text(type_name: str, shape: tuple[int, ...]) -> str:
    return _kernel_type(type_name) + "".join(f"[{n}]" for n in shape)


def struct_layout_problems(source: str, args: Mapping[str, ArgSpec]) -> list[RunError]:
    """One problem per argument whose struct the kernel source declares otherwise."""
    declared, features = _parsed(source)
    problems = []
    for name, spec in args.items():
        struct = spec.struct if isinstance(spec, ScalarArg) else None
        if isinstance(spec, BufferArg | LocalArg):
            struct = spec.dtype.struct
        for one in () if struct is None else struct.nested():
            problem = None
            if one.name in features:
                problem = gettext(
                    "struct {struct}: {feature}, whose layout CL Studio cannot describe"
                ).format(struct=one.name, feature=features[one.name])
            elif one.name in declared:
                problem = layout_problem(one, declared[one.name])
            if problem is not None:
                message = gettext("argument '{name}': {problem}").format(name=name, problem=problem)
                problems.append(RunError("validate", message, argument=name))
                break
    return problems
