"""The layout of an exercise.json: where the sizes go, read and checked against the session."""

from __future__ import annotations

from clstudio.common import gettext
from clstudio.exercises.case_sizes import LaunchLayout, Layout
from clstudio.session import (
    BufferArg,
    LocalArg,
    ScalarArg,
    Session,
    SessionError,
    check_keys,
    leaf_launches,
    read_object,
    read_string,
)


def expression(value: object, where: str) -> str:
    """A size expression as written: a number or a string of one."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return read_string(value, where, non_empty=True)


def _exprs(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise SessionError(f"{where}: " + gettext("expected a list of integer expressions"))
    return tuple(expression(item, f"{where}[{i}]") for i, item in enumerate(value))


def read_layout(value: object, session: Session) -> Layout:
    obj = read_object(value, "layout")
    check_keys(obj, "layout", ("global_size", "local_size", "args", "launches"))
    shapes: dict[str, tuple[str, ...]] = {}
    values: dict[str, str] = {}
    counts: dict[str, str] = {}
    for name, entry in read_object(obj.get("args", {}), "layout.args").items():
        where = f"layout.args.{name}"
        spec = session.args.get(name)
        place = read_object(entry, where)
        if isinstance(spec, BufferArg):
            check_keys(place, where, ("shape",), required=("shape",))
            shapes[name] = _exprs(place["shape"], f"{where}.shape")
        elif isinstance(spec, ScalarArg):
            check_keys(place, where, ("value",), required=("value",))
            values[name] = expression(place["value"], f"{where}.value")
        elif isinstance(spec, LocalArg):
            check_keys(place, where, ("count",), required=("count",))
            counts[name] = expression(place["count"], f"{where}.count")
        else:
            problem = gettext("the session has no buffer, scalar or local {name}")
            raise SessionError(f"{where}: " + problem.format(name=repr(name)))
    return Layout(
        global_size=_exprs(obj["global_size"], "layout.global_size")
        if "global_size" in obj
        else (),
        local_size=_exprs(obj["local_size"], "layout.local_size") if "local_size" in obj else (),
        shapes=shapes,
        values=values,
        counts=counts,
        launches=_read_launch_layouts(obj.get("launches", []), session),
    )


def _read_launch_layouts(value: object, session: Session) -> tuple[LaunchLayout, ...]:
    """`[{"global_size": [...], "local_size": [...], "args": {"n": "..."}}, ...]`: one
    entry per written launch of the session, in order; empty for a one-launch session."""
    if not isinstance(value, list):
        raise SessionError("layout.launches: " + gettext("expected a list of objects"))
    launches = leaf_launches(session.launches)
    if value and len(value) != len(launches):
        problem = gettext("give one entry per written launch of the session: {count}")
        raise SessionError("layout.launches: " + problem.format(count=len(launches)))
    layouts = []
    for index, (entry, launch) in enumerate(zip(value, launches, strict=False)):
        where = f"layout.launches[{index}]"
        place = read_object(entry, where)
        check_keys(place, where, ("global_size", "local_size", "args"))
        values = {}
        for name, expr in read_object(place.get("args", {}), f"{where}.args").items():
            if not isinstance(launch.args.get(name), ScalarArg):
                problem = gettext("the launch passes no scalar of its own named {name}")
                raise SessionError(f"{where}.args: " + problem.format(name=repr(name)))
            values[name] = expression(expr, f"{where}.args.{name}")
        layouts.append(
            LaunchLayout(
                _exprs(place["global_size"], f"{where}.global_size")
                if "global_size" in place
                else (),
                _exprs(place["local_size"], f"{where}.local_size") if "local_size" in place else (),
                values,
            )
        )
    return tuple(layouts)
