"""What an exercise tests, as exercise.json gives it: the functional cases and their
sizes, the timed case and the tolerance (the layout that sizes the session for each is
layout_format's).

The readers raise SessionError naming the key at fault; load_exercise adds the file.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from clstudio.common import gettext
from clstudio.exercises.case_sizes import size_value
from clstudio.exercises.layout_format import expression
from clstudio.session import (
    BufferArg,
    Init,
    Session,
    SessionError,
    check_keys,
    read_int,
    read_number,
    read_object,
    read_string,
    size_name_problem,
)
from clstudio.session.arg_fields import arg_to_dict, read_arg

SIZE_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")  # a C identifier


@dataclass(frozen=True)
class Case:
    """One functional test: the sizes and the seed of the inputs, and the contents of
    buffers that it starts otherwise than the session does (scores far apart, say)."""

    name: str
    sizes: dict[str, int]
    seed: int
    inits: dict[str, Init] = field(default_factory=dict)


@dataclass(frozen=True)
class PerformanceCase:
    """A large case that is timed; the target is a multiple of the solution's time."""

    sizes: dict[str, int]
    seed: int
    repeats: int
    timeout_s: float
    solution_multiple: float  # fast enough: its fastest repeat <= this x the solution's
    operations_expr: str | None = None  # the work, over the size names: "2 * M * N * K"
    operations: int | None = None  # that expression at these sizes; None when not declared


@dataclass(frozen=True)
class Tolerance:
    rtol: float
    atol: float


def read_sizes(value: object, where: str, names: Mapping[str, int] | None) -> dict[str, int]:
    obj = read_object(value, where)
    if names is not None and set(obj) != set(names):
        problem = gettext("give exactly the sizes {names}").format(names=", ".join(names))
        raise SessionError(f"{where}: {problem}")
    if not obj:
        raise SessionError(f"{where}: " + gettext("name at least one size"))
    for name in obj:
        if not SIZE_NAME.match(name):
            raise SessionError(f"{where}.{name}: " + gettext("a size name is a C identifier"))
        reserved = size_name_problem(name, reserved=frozenset({"np"}))
        if reserved is not None:
            raise SessionError(f"{where}.{name}: {reserved}")
    return {name: read_int(size, f"{where}.{name}", 1, 2**31 - 1) for name, size in obj.items()}


def read_cases(value: object, sizes: Mapping[str, int], session: Session) -> tuple[Case, ...]:
    if not isinstance(value, list) or not value:
        raise SessionError("cases: " + gettext("expected a list of at least one case"))
    cases = []
    for i, entry in enumerate(value):
        where = f"cases[{i}]"
        obj = read_object(entry, where)
        check_keys(obj, where, ("name", "sizes", "seed", "init"), required=("sizes",))
        case_sizes = read_sizes(obj["sizes"], f"{where}.sizes", sizes)
        default_name = ", ".join(f"{k} = {v}" for k, v in case_sizes.items())
        name = read_string(obj.get("name", default_name), f"{where}.name", non_empty=True)
        seed = read_int(obj.get("seed", 0), f"{where}.seed", 0, 2**32 - 1)
        inits = _read_inits(obj.get("init", {}), f"{where}.init", session)
        cases.append(Case(name, case_sizes, seed, inits))
    if len({c.name for c in cases}) != len(cases):
        raise SessionError("cases: " + gettext("two cases have the same name"))
    return tuple(cases)


def _read_inits(value: object, where: str, session: Session) -> dict[str, Init]:
    """`{"x": {"normal": {"mean": 0, "std": 1000}}}`: a buffer's contents, as a session
    writes them, for this case only."""
    inits = {}
    for name, init in read_object(value, where).items():
        spec = session.args.get(name)
        if not isinstance(spec, BufferArg):
            problem = gettext("{name} is not a buffer argument of the session")
            raise SessionError(f"{where}: " + problem.format(name=repr(name)))
        written = arg_to_dict(spec) | {"init": init}
        read = read_arg(written, f"{where}.{name}", session.base_dir)
        assert isinstance(read, BufferArg)
        inits[name] = read.init
    return inits


def read_tolerance(value: object) -> Tolerance:
    obj = read_object(value, "tolerance")
    check_keys(obj, "tolerance", ("rtol", "atol"), required=("rtol", "atol"))
    return Tolerance(
        float(read_number(obj["rtol"], "tolerance.rtol", 0)),
        float(read_number(obj["atol"], "tolerance.atol", 0)),
    )


def read_performance(value: object, sizes: Mapping[str, int]) -> PerformanceCase:
    obj: dict[str, Any] = read_object(value, "performance")
    keys = ("sizes", "seed", "repeats", "timeout_s", "target", "operations")
    check_keys(obj, "performance", keys, required=("sizes", "target"))
    target = read_object(obj["target"], "performance.target")
    check_keys(target, "performance.target", ("solution_multiple",), ("solution_multiple",))
    multiple = float(read_number(target["solution_multiple"], "target.solution_multiple", 1))
    timed_sizes = read_sizes(obj["sizes"], "performance.sizes", sizes)
    expr = expression(obj["operations"], "performance.operations") if "operations" in obj else None
    count = None if expr is None else size_value(expr, timed_sizes, "performance.operations", 0)
    return PerformanceCase(
        sizes=timed_sizes,
        seed=read_int(obj.get("seed", 0), "performance.seed", 0, 2**32 - 1),
        repeats=read_int(obj.get("repeats", 5), "performance.repeats", 1, 1000),
        timeout_s=float(read_number(obj.get("timeout_s", 60), "performance.timeout_s", 1)),
        solution_multiple=multiple,
        operations_expr=expr,
        operations=count,
    )
