"""Named sizes: one problem size, typed once, standing wherever a size or a count goes.

A session may name its sizes (`"sizes": {"N": 1000003}`) and write `"N"`, `["H", "W"]`
or `"N/4"` in a buffer's shape, a scalar's value, the NDRange and a `__local` count.
Reading resolves every such place to its number, so everything past the reader sees
plain integers; the places written by name are kept as links, so that changing a size
changes every place that names it, and saving writes the names back.
"""

from __future__ import annotations

import ast
import keyword
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from clstudio.common import gettext
from clstudio.session.args import ArgSpec, BufferArg, ImageArg, LocalArg, ScalarArg
from clstudio.session.fields import (
    MAX_ITEMS,
    SessionError,
    describe,
    fail,
    read_identifier,
    read_int,
)
from clstudio.session.launches import Launch, LaunchGroup, with_launch_size

if TYPE_CHECKING:
    from clstudio.session.format import Session

MAX_SIZES = 64
MAX_EXPRESSION_CHARS = 100
Path = tuple[str | int, ...]  # ("args", "a", "shape", 0): where a size stands in the file

__all__ = [
    "MAX_SIZES",
    "Path",
    "SizeLinks",
    "evaluate",
    "path_text",
    "read_sizes_table",
    "resolve_names",
    "restore_names",
    "size_name_problem",
    "with_sizes",
    "without_stale_links",
]


# The places of a session written with size names, and what each said ("N*4").
SizeLinks = dict[Path, str]


def path_text(path: Path) -> str:
    """("args", "a", "shape", 0) -> "args.a.shape[0]", as messages name places."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def read_sizes_table(value: object) -> dict[str, int]:
    if not isinstance(value, dict):
        problem = gettext("expected an object of names and positive integers, got {value}")
        fail("sizes", problem.format(value=describe(value)))
    if len(value) > MAX_SIZES:
        problem = gettext("{count} sizes; at most {most} are allowed")
        fail("sizes", problem.format(count=len(value), most=MAX_SIZES))
    table: dict[str, int] = {}
    for name, size in value.items():
        read_identifier(name, f"sizes.{name}", gettext("a size name"))
        reserved = size_name_problem(name)
        if reserved is not None:
            fail(f"sizes.{name}", reserved)
        table[name] = read_int(size, f"sizes.{name}", 1, MAX_ITEMS)
    return table


def size_name_problem(name: str, reserved: frozenset[str] = frozenset()) -> str | None:
    """Why an identifier cannot name a size: expressions read `True` and `None` as values
    and cannot parse `if`; `reserved` adds the names an evaluator keeps (numpy's `np`)."""
    if keyword.iskeyword(name) or name in reserved:
        problem = gettext("{name} is a word that expressions reserve; choose another size name")
        return problem.format(name=repr(name))
    return None


def resolve_names(
    obj: dict[str, Any], sizes: Mapping[str, int]
) -> tuple[dict[str, Any], SizeLinks]:
    """The decoded file with every size expression replaced by its number, and the links.

    The caller's objects are left as they were: the containers on the way are copied.
    """
    obj = _copied_places(obj)
    links: SizeLinks = {}
    for path, value in _size_places(obj):
        if isinstance(value, str):
            _set(obj, path, evaluate(value, sizes, path_text(path)))
            links[path] = value
    return obj, links


def restore_names(out: dict[str, Any], sizes: Mapping[str, int], links: SizeLinks) -> None:
    """Write the size names back where they still give the number saved there.

    A place edited since it was read (a shape typed over) keeps its number and loses
    the link, so a saved file always means what the form showed.
    """
    for path, text in links.items():
        try:
            current = _get(out, path)
            if current == evaluate(text, sizes, path_text(path)):
                _set(out, path, text)
        except (KeyError, IndexError, TypeError, ValueError):
            continue


def with_sizes(session: Session, sizes: Mapping[str, int]) -> Session:
    """The session with new values for its sizes, and every linked place following.

    Raises SessionError naming the place when a size no longer fits there (`N/4` of 1001).
    """
    updated = replace(session, sizes=dict(sizes))
    for path, text in session.size_links.items():
        updated = _apply(updated, path, evaluate(text, sizes, path_text(path)))
    return updated


def without_stale_links(session: Session) -> Session:
    """The session without the links of places typed over since (a shape no longer N).

    A place the user typed a number into follows that number, no longer the size.
    """
    kept = {
        path: text
        for path, text in session.size_links.items()
        if _value_at(session, path) == _quiet_evaluate(text, session.sizes)
    }
    return session if kept == session.size_links else replace(session, size_links=kept)


def _launch_value_at(entries: tuple[Launch | LaunchGroup, ...], path: Path) -> object:
    """The number at `path` below `launches`, as _value_at reads the session's own."""
    index = path[0]
    if not isinstance(index, int) or index >= len(entries):
        return None
    entry = entries[index]
    if isinstance(entry, LaunchGroup):
        inner = path[2] if path[1:2] == ("launches",) and len(path) > 3 else None
        if not isinstance(inner, int) or inner >= len(entry.launches):
            return None
        launch, tail = entry.launches[inner], path[3:]
    else:
        launch, tail = entry, path[1:]
    if tail[0] in ("global_size", "local_size") and isinstance(tail[-1], int):
        sizes = launch.global_size if tail[0] == "global_size" else launch.local_size
        return sizes[tail[-1]] if sizes is not None and tail[-1] < len(sizes) else None
    binding = launch.args.get(str(tail[1])) if tail[0] == "args" else None
    return binding.value if isinstance(binding, ScalarArg) else None


def _quiet_evaluate(text: str, sizes: Mapping[str, int]) -> int | None:
    try:
        return evaluate(text, sizes, "")
    except SessionError:
        return None


def _value_at(session: Session, path: Path) -> object:
    """The number a session holds at a place _size_places yields; None when it has none."""
    index = path[-1]
    if path[0] == "launches":
        return _launch_value_at(session.launches, path[1:])
    if path[0] == "operations_per_item":
        return session.operations_per_item.get(str(path[1]))
    if path[0] in ("global_size", "local_size"):
        sizes = session.global_size if path[0] == "global_size" else session.local_size
        return (
            sizes[index]
            if sizes is not None and isinstance(index, int) and index < len(sizes)
            else None
        )
    spec = session.args.get(str(path[1]))
    if (
        isinstance(spec, BufferArg | ImageArg)
        and isinstance(index, int)
        and index < len(spec.shape)
    ):
        return spec.shape[index]
    if isinstance(spec, LocalArg):
        return spec.count
    if isinstance(spec, ScalarArg):
        return spec.value
    return None


def evaluate(text: str, sizes: Mapping[str, int], where: str) -> int:
    """A positive whole number from names, integers, + - * / // and parentheses; never eval.

    `/` must divide exactly: a size that does not divide is a mistake to show, not to
    round. `//` rounds down, as a round-up to a multiple needs: (N+L-1)//L*L.
    """
    if len(text) > MAX_EXPRESSION_CHARS:
        problem = gettext("a size expression has at most {most} characters")
        fail(where, problem.format(most=MAX_EXPRESSION_CHARS))
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError:
        problem = gettext('{text} is neither a number nor a size expression such as "N*4"')
        fail(where, problem.format(text=repr(text)))
    value = _value(tree.body, sizes, where, text)
    if not 1 <= value <= MAX_ITEMS:
        problem = gettext("{text} is {value}; a size must be from 1 to {most}")
        fail(where, problem.format(text=repr(text), value=value, most=MAX_ITEMS))
    return value


def _value(node: ast.expr, sizes: Mapping[str, int], where: str, text: str) -> int:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name):
        if node.id not in sizes:
            known = ", ".join(sizes) or gettext('none (add a "sizes" object)')
            problem = gettext("unknown size {name} in {text}; the sizes are {known}")
            fail(where, problem.format(name=repr(node.id), text=repr(text), known=known))
        return sizes[node.id]
    operators = ast.Add | ast.Sub | ast.Mult | ast.Div | ast.FloorDiv
    if isinstance(node, ast.BinOp) and isinstance(node.op, operators):
        left = _value(node.left, sizes, where, text)
        right = _value(node.right, sizes, where, text)
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            return left * right
        if right == 0:
            fail(where, gettext("{text}: division by zero").format(text=repr(text)))
        if isinstance(node.op, ast.Div) and left % right:
            problem = gettext(
                "{text}: {left} is not divisible by {right}; write // to divide rounding down"
            )
            fail(where, problem.format(text=repr(text), left=left, right=right))
        return left // right
    problem = gettext(
        "{text}: only size names, whole numbers, + - * / // and parentheses are allowed"
    )
    fail(where, problem.format(text=repr(text)))


def _size_places(obj: dict[str, Any]) -> Iterator[tuple[Path, object]]:
    """Every place of a decoded session file where a size or a count may stand."""
    for key in ("global_size", "local_size"):
        if isinstance(obj.get(key), list):
            yield from (((key, i), v) for i, v in enumerate(obj[key]))
    operations = obj.get("operations_per_item")
    if isinstance(operations, dict):
        yield from ((("operations_per_item", name), v) for name, v in operations.items())
    args = obj.get("args")
    if not isinstance(args, dict):
        return
    for name, spec in args.items():
        if not isinstance(spec, dict):
            continue
        kind = spec.get("kind")
        if kind in ("buffer", "image") and isinstance(spec.get("shape"), list):
            yield from ((("args", name, "shape", i), v) for i, v in enumerate(spec["shape"]))
        elif kind == "local" and "count" in spec:
            yield ("args", name, "count"), spec["count"]
        elif kind == "scalar" and "value" in spec:
            yield ("args", name, "value"), spec["value"]
    for prefix, launch in _launch_objects(obj):
        for key in ("global_size", "local_size"):
            if isinstance(launch.get(key), list):
                yield from (((*prefix, key, i), v) for i, v in enumerate(launch[key]))
        bindings = launch.get("args")
        if isinstance(bindings, dict):
            for name, binding in bindings.items():
                if (
                    isinstance(binding, dict)
                    and binding.get("kind") == "scalar"
                    and "value" in binding
                ):
                    yield (*prefix, "args", name, "value"), binding["value"]


def _launch_objects(obj: dict[str, Any]) -> Iterator[tuple[Path, dict[str, Any]]]:
    """Each launch object of `launches`, those inside groups too, with its path."""
    entries = obj.get("launches")
    if not isinstance(entries, list):
        return
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict):
            continue
        inner = entry.get("launches")
        if isinstance(inner, list):
            for j, launch in enumerate(inner):
                if isinstance(launch, dict):
                    yield ("launches", i, "launches", j), launch
        else:
            yield ("launches", i), entry


def _copied_places(obj: dict[str, Any]) -> dict[str, Any]:
    """A copy of the containers _size_places walks through (the sizes, the arguments and
    their shapes, the launches and groups within), everything else shared."""
    obj = dict(obj)
    for key in ("global_size", "local_size"):
        if isinstance(obj.get(key), list):
            obj[key] = list(obj[key])
    if isinstance(obj.get("args"), dict):
        obj["args"] = {
            name: {**spec, "shape": list(spec["shape"])}
            if isinstance(spec, dict) and isinstance(spec.get("shape"), list)
            else dict(spec)
            if isinstance(spec, dict)
            else spec
            for name, spec in obj["args"].items()
        }
    if isinstance(obj.get("launches"), list):
        obj["launches"] = [
            _copied_places(entry) if isinstance(entry, dict) else entry for entry in obj["launches"]
        ]
    if isinstance(obj.get("operations_per_item"), dict):
        obj["operations_per_item"] = dict(obj["operations_per_item"])
    return obj


def _get(obj: Any, path: Path) -> Any:
    for part in path:
        obj = obj[part]
    return obj


def _set(obj: Any, path: Path, value: object) -> None:
    _get(obj, path[:-1])[path[-1]] = value


def _apply(session: Session, path: Path, value: int) -> Session:
    """Session with one linked place set; the places are those _size_places yields."""
    if path[0] == "launches":
        return replace(session, launches=with_launch_size(session.launches, path[1:], value))
    if path[0] == "operations_per_item":
        if str(path[1]) not in session.operations_per_item:
            return session
        operations = {**session.operations_per_item, str(path[1]): value}
        return replace(session, operations_per_item=operations)
    if path[0] in ("global_size", "local_size"):  # the top level's: the first launch's
        first = (0, "launches", 0) if isinstance(session.launches[0], LaunchGroup) else (0,)
        launches = with_launch_size(session.launches, (*first, *path), value)
        return replace(session, launches=launches)
    name = str(path[1])
    spec = session.args.get(name)
    new_spec: ArgSpec
    if isinstance(spec, BufferArg) and isinstance(path[-1], int) and path[-1] < len(spec.shape):
        new_spec = replace(spec, shape=_with(spec.shape, path[-1], value))
    elif isinstance(spec, ImageArg) and isinstance(path[-1], int) and path[-1] < 2:
        height, width = _with(spec.shape, path[-1], value)
        new_spec = replace(spec, shape=(height, width))
    elif isinstance(spec, LocalArg):
        new_spec = replace(spec, count=value)
    elif isinstance(spec, ScalarArg):
        new_spec = replace(spec, value=value)
    else:
        return session  # the argument changed kind since it was read: the link is stale
    return replace(session, args={**session.args, name: new_spec})


def _with(sizes: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*sizes[:index], value, *sizes[index + 1 :])
