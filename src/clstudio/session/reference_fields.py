"""The references section of a session: what each output is expected to hold.

A reference is a restricted numpy expression over the arguments, or a golden file
(a .npy of a known-good output) for results no expression can state.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# clstudio.references imports this module's Reference: import the checker from its source.
from clstudio.common import gettext
from clstudio.expressions import ExpressionError, Fields, check_expression, expression_name
from clstudio.session.args import (
    UNINITIALISED,
    ArgSpec,
    BufferArg,
    ImageArg,
    LocalArg,
    NullArg,
    SamplerArg,
    ScalarArg,
)
from clstudio.session.fields import (
    check_keys,
    describe,
    fail,
    read_npy_header,
    read_number,
    read_object,
    read_string,
)


@dataclass(frozen=True)
class Reference:
    """The expected value of one output: a restricted numpy expression, or a golden file.

    Exactly one of `expr` and `file` is given; `file` is a .npy of a known-good output,
    relative to the session, for results no expression can state (a loop, say).
    """

    expr: str = ""
    rtol: float = 1e-5
    atol: float = 1e-6
    file: str | None = None

    def __post_init__(self) -> None:
        if bool(self.expr) == (self.file is not None):
            raise ValueError("a reference has exactly one of expr and file")

    @property
    def label(self) -> str:
        """How reports show the reference: the expression, or `file: expected.npy`."""
        return self.expr if self.file is None else f"file: {self.file}"

    def to_dict(self) -> dict[str, Any]:
        """The JSON object saving writes: expr or file, then both tolerances."""
        source = {"expr": self.expr} if self.file is None else {"file": self.file}
        return {**source, "rtol": self.rtol, "atol": self.atol}


def read_references(
    value: object,
    args: Mapping[str, ArgSpec],
    base_dir: Path | None,
    sizes: Mapping[str, int] | None = None,
) -> dict[str, Reference]:
    """The references, each expression checked against the names it may use: the
    arguments', and the named sizes' that no argument's name hides."""
    references = {}
    outputs = [name for name, spec in args.items() if isinstance(spec, BufferArg | ImageArg)]
    names = tuple(
        expression_name(name)
        for name, spec in args.items()
        if not isinstance(spec, LocalArg | SamplerArg | NullArg)
    )
    names += tuple(size for size in sizes or {} if size not in names)
    fields = argument_fields(args)
    for name, entry in read_object(value, "references").items():
        where = f"references.{name}"
        spec = args.get(name.partition(".")[0] if "." in name else name)
        if isinstance(spec, BufferArg) and (spec.dtype.struct is not None or "." in name):
            spec = _field_output(name, spec, where)
        if not isinstance(spec, BufferArg | ImageArg):
            if spec is None:
                what = gettext("'{name}' is not an argument").format(name=name)
            else:
                what = gettext("'{name}' is a {kind} argument").format(name=name, kind=spec.kind)
            problem = gettext("{what}; references check buffer and image arguments ({outputs})")
            outputs_text = ", ".join(outputs) or gettext("there are none")
            fail(where, problem.format(what=what, outputs=outputs_text))
        if spec.access in ("in", "read_only"):
            problem = gettext(
                "'{name}' has access \"{access}\", so it is never read back to compare"
            )
            fail(where, problem.format(name=name, access=spec.access))
        obj = read_object(entry, where)
        check_keys(obj, where, ("expr", "file", "rtol", "atol"))
        if ("expr" in obj) == ("file" in obj):
            if "expr" in obj:
                problem = gettext(
                    "give exactly one of expr (a numpy expression) and file (a .npy of the "
                    "expected output, relative to the session file), not both"
                )
            else:
                problem = gettext(
                    "give exactly one of expr (a numpy expression) and file (a .npy of the "
                    "expected output, relative to the session file), got neither"
                )
            fail(where, problem)
        rtol, atol = (
            float(read_number(obj[key], f"{where}.{key}", 0.0)) if key in obj else default
            for key, default in (("rtol", Reference.rtol), ("atol", Reference.atol))
        )
        if "file" in obj:
            path = _read_golden_file(obj["file"], f"{where}.file", spec, base_dir)
            references[name] = Reference(rtol=rtol, atol=atol, file=path)
            continue
        expr = read_string(obj["expr"], f"{where}.expr", non_empty=True)
        _check_expression(expr, names, fields, f"{where}.expr")
        _check_defined(expr, args, f"{where}.expr")
        references[name] = Reference(expr, rtol, atol)
    return references


def _check_defined(expr: str, args: Mapping[str, ArgSpec], where: str) -> None:
    """An uninitialised buffer has no starting contents for an expression to stand for."""
    used = {
        node.id
        for node in ast.walk(ast.parse(expr.strip(), mode="eval"))
        if isinstance(node, ast.Name)
    }
    by_expression_name = {expression_name(name): name for name in args}
    for used_name in sorted(used):
        name = by_expression_name.get(used_name, used_name)
        spec = args.get(name)
        if isinstance(spec, BufferArg | ImageArg) and spec.init.kind == UNINITIALISED:
            problem = gettext(
                "'{name}' starts uninitialised, so it has no contents for the expression "
                "to stand for"
            )
            fail(where, problem.format(name=name))


def argument_fields(args: Mapping[str, ArgSpec]) -> Fields:
    """The fields of each struct argument, which expressions name as `p["pos"]`."""
    fields = {}
    for name, spec in args.items():
        struct = spec.struct if isinstance(spec, ScalarArg) else None
        if isinstance(spec, BufferArg):
            struct = spec.dtype.struct
        if struct is not None:  # a nested struct's fields too: p["inner"]["x"]
            names = {path.rpartition(".")[2] for path in struct.field_paths()}
            fields[expression_name(name)] = frozenset(names)
    return fields


def _field_output(name: str, spec: BufferArg, where: str) -> BufferArg:
    """A reference to one field of a buffer of structs, `p.pos`: that field as an output."""
    buffer, _, field_name = name.partition(".")
    struct = spec.dtype.struct
    if struct is None:
        problem = gettext(
            "'{buffer}' holds {type}, not structs, so it has no field {field}; name it "
            "'{buffer}' alone"
        )
        fail(where, problem.format(buffer=buffer, type=spec.dtype.name, field=repr(field_name)))
    known = ", ".join(
        f"{buffer}.{path}"
        for path in struct.field_paths()
        if (found := struct.field_at(path)) is not None and found[0].type.struct is None
    )
    if not field_name:
        problem = gettext(
            "'{buffer}' holds struct {struct}, which is checked field by field: name a "
            "field ({known})"
        )
        fail(where, problem.format(buffer=buffer, struct=struct.name, known=known))
    place = struct.field_at(field_name)
    if place is None:
        problem = gettext("{field} is not a field of struct {struct} ({known})")
        fail(where, problem.format(field=repr(field_name), struct=struct.name, known=known))
    field, outer = place
    if field.type.struct is not None:
        problem = gettext(
            "'{name}' holds struct {struct}, which is checked field by field: name a "
            "field ({known})"
        )
        fail(where, problem.format(name=name, struct=field.type.struct.name, known=known))
    return BufferArg(field.type, (*spec.shape, *outer, *field.shape), access=spec.access)


def _read_golden_file(
    value: object, where: str, spec: BufferArg | ImageArg, base_dir: Path | None
) -> str:
    """The header must promise the output's exact shape; the data is read when a run checks."""
    path = read_string(value, where, non_empty=True)
    if not path.endswith(".npy"):
        problem = gettext("expected the path of a .npy file, got {value}")
        fail(where, problem.format(value=describe(path)))
    shape, _ = read_npy_header(path, where, base_dir)
    expected = spec.dtype.host_shape(spec.shape)
    if shape != expected:
        problem = gettext("{file} has shape {shape}, but the output has {expected}")
        fail(where, problem.format(file=path, shape=list(shape), expected=list(expected)))
    return path


def _check_expression(expr: str, names: tuple[str, ...], fields: Fields, where: str) -> None:
    """Parse the expression against the allow-lists; it is evaluated only when a run checks."""
    try:
        check_expression(expr, names, fields)
    except ExpressionError as exc:
        fail(where, str(exc))
