"""Sizing a session for one test case: the exercise's layout says where each size goes.

An exercise's session is written for its default sizes (`n = 1024`). The layout names
the places that follow the sizes (the NDRange, buffer shapes, scalar values, local
counts), each an integer expression over the size names such as `"(n + 255) // 256 * 256"`.
The expressions go through the same safe evaluator as reference expressions. A
program of several launches gives each written launch its own NDRange and scalars.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from clstudio.common import gettext
from clstudio.expressions import ExpressionError, evaluate
from clstudio.session import (
    BufferArg,
    Launch,
    LaunchGroup,
    LocalArg,
    ScalarArg,
    Session,
    SessionError,
    map_launches,
)


@dataclass(frozen=True)
class LaunchLayout:
    """Where the sizes go in one written launch of a program: its NDRange and the
    scalars it passes of its own."""

    global_size: tuple[str, ...] = ()
    local_size: tuple[str, ...] = ()
    values: dict[str, str] = field(default_factory=dict)  # parameter name -> value


@dataclass(frozen=True)
class Layout:
    """Where the sizes go; each entry is an integer expression over the size names."""

    global_size: tuple[str, ...] = ()
    local_size: tuple[str, ...] = ()
    shapes: dict[str, tuple[str, ...]] = field(default_factory=dict)  # buffer name -> shape
    values: dict[str, str] = field(default_factory=dict)  # scalar name -> value
    counts: dict[str, str] = field(default_factory=dict)  # local name -> elements
    launches: tuple[LaunchLayout, ...] = ()  # one per written launch, in order


def size_value(expr: str, sizes: Mapping[str, int], where: str, low: int = 1) -> int:
    """The integer an expression gives for `sizes`; refused with its place otherwise."""
    try:
        value = evaluate(expr, dict(sizes))
    except ExpressionError as exc:
        raise SessionError(f"{where}: {exc}") from None
    if value.ndim != 0 or value.dtype.kind not in "iu":
        problem = gettext("{expr} must give one integer, got {value}").format(
            expr=repr(expr), value=repr(value.tolist())
        )
        raise SessionError(f"{where}: {problem}")
    number = int(value)
    if number < low:
        problem = gettext("{expr} gives {number} for {sizes}; below {low}").format(
            expr=repr(expr), number=number, sizes=dict(sizes), low=low
        )
        raise SessionError(f"{where}: {problem}")
    return number


def sized_session(session: Session, layout: Layout, sizes: Mapping[str, int]) -> Session:
    """`session` with every place the layout names set for `sizes`."""
    args = dict(session.args)
    for name, shape in layout.shapes.items():
        spec = args[name]
        assert isinstance(spec, BufferArg)
        dims = tuple(
            size_value(e, sizes, f"layout.args.{name}.shape[{i}]") for i, e in enumerate(shape)
        )
        args[name] = replace(spec, shape=dims)
    for name, expr in layout.values.items():
        args[name] = ScalarArg(size_value(expr, sizes, f"layout.args.{name}.value", low=0))
    for name, expr in layout.counts.items():
        spec = args[name]
        assert isinstance(spec, LocalArg)
        args[name] = replace(spec, count=size_value(expr, sizes, f"layout.args.{name}.count"))
    session = replace(session, args=args)
    global_size, local_size = session.global_size, session.local_size
    if layout.global_size:
        global_size = _dims(layout.global_size, sizes, "layout.global_size")
    if layout.local_size:
        local_size = _dims(layout.local_size, sizes, "layout.local_size")
    session = session.with_ndrange(global_size, local_size)
    if layout.launches:
        session = replace(session, launches=_sized_launches(session, layout.launches, sizes))
    return session


def _sized_launches(
    session: Session, layouts: tuple[LaunchLayout, ...], sizes: Mapping[str, int]
) -> tuple[Launch | LaunchGroup, ...]:
    given = iter(enumerate(layouts))

    def sized(launch: Launch) -> Launch:
        index, place = next(given)
        where = f"layout.launches[{index}]"
        global_size, local_size = launch.global_size, launch.local_size
        if place.global_size:
            global_size = _dims(place.global_size, sizes, f"{where}.global_size")
        if place.local_size:
            local_size = _dims(place.local_size, sizes, f"{where}.local_size")
        args = dict(launch.args)
        for name, expr in place.values.items():
            args[name] = ScalarArg(size_value(expr, sizes, f"{where}.args.{name}", low=0))
        return replace(launch, global_size=global_size, local_size=local_size, args=args)

    return map_launches(session.launches, sized)


def _dims(exprs: tuple[str, ...], sizes: Mapping[str, int], where: str) -> tuple[int, ...]:
    return tuple(size_value(e, sizes, f"{where}[{i}]") for i, e in enumerate(exprs))
