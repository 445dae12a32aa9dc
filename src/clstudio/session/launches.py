"""A program of several launches: kernels in sequence over the session's buffers.

A session's optional `launches` lists the launches in order; an entry is one launch or
a group of launches repeated `iterations` times, whose `swap` pairs of buffers trade
places after each iteration (ping-pong), or repeated `until` a condition on a small
buffer holds, `iterations` rounds at most (session.loop_conditions). Buffers are the
session's and stay on the device between launches; a launch names only what differs
from the session.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from clstudio.common import StructType, gettext
from clstudio.session.arg_fields import NO_STRUCTS, arg_to_dict, read_arg
from clstudio.session.args import ArgSpec, BufferArg, ScalarArg
from clstudio.session.fields import (
    check_keys,
    describe,
    fail,
    read_identifier,
    read_int,
    read_object,
    read_sizes,
    read_string,
)
from clstudio.session.loop_conditions import Until, read_until, until_to_dict

MAX_LAUNCHES = 64  # launches written in one session, counting those inside groups
MAX_ITERATIONS = 100_000
MAX_PROGRAM_LAUNCHES = 1_000_000  # launches one run of the program enqueues
LAUNCH_KEYS = ("kernel", "global_size", "local_size", "args")
GROUP_KEYS = ("iterations", "swap", "until", "launches")

__all__ = [
    "MAX_ITERATIONS",
    "MAX_LAUNCHES",
    "IterationArg",
    "Launch",
    "LaunchBinding",
    "LaunchGroup",
    "PlannedLaunch",
    "RoundWatch",
    "TakenRounds",
    "bound_name",
    "final_buffers",
    "launch_args",
    "launch_scalars",
    "launch_to_dict",
    "leaf_launches",
    "longest_run",
    "map_launches",
    "planned_launches",
    "read_launches",
    "reread_buffers",
    "swapped_names",
    "with_launch_size",
]


@dataclass(frozen=True)
class IterationArg:
    """A scalar that takes the number of its group's iteration, 0 first."""

    kind: str = field(default="iteration", init=False)


# What a launch passes to a kernel parameter: a session argument's name, a scalar of
# its own, or the iteration number.
LaunchBinding = str | ScalarArg | IterationArg


@dataclass(frozen=True)
class Launch:
    kernel: str
    global_size: tuple[int, ...]
    local_size: tuple[int, ...] | None = None  # None: the driver chooses
    args: dict[str, LaunchBinding] = field(default_factory=dict)


@dataclass(frozen=True)
class LaunchGroup:
    launches: tuple[Launch, ...]
    iterations: int = 1  # with `until`: the most rounds
    swaps: tuple[tuple[str, str], ...] = ()
    until: Until | None = None  # rounds end once this holds after one


@dataclass(frozen=True)
class PlannedLaunch:
    """One enqueue of the program: which written launch, which iteration, what it binds."""

    position: int  # 1-based among the written launches, as messages count them
    count: int  # how many launches are written
    iteration: int
    launch: Launch
    buffers: Mapping[str, str]  # session buffer name -> the buffer it stands for now
    number: int = 1  # 1-based in the longest run of the program (every loop to its most)

    def where(self) -> str:
        """`launch 2 of 3, kernel `scan_blocks`, iteration 14`, as messages name it."""
        return gettext(
            "launch {position} of {count}, kernel `{kernel}`, iteration {iteration}"
        ).format(
            position=self.position,
            count=self.count,
            kernel=self.launch.kernel,
            iteration=self.iteration,
        )


def leaf_launches(entries: tuple[Launch | LaunchGroup, ...]) -> list[Launch]:
    """Every written launch in order, the launches of groups in their place."""
    out: list[Launch] = []
    for entry in entries:
        out += list(entry.launches) if isinstance(entry, LaunchGroup) else [entry]
    return out


def map_launches(
    entries: tuple[Launch | LaunchGroup, ...], change: Callable[[Launch], Launch]
) -> tuple[Launch | LaunchGroup, ...]:
    """The entries with `change` made to every written launch, the groups kept."""
    return tuple(
        replace(e, launches=tuple(change(one) for one in e.launches))
        if isinstance(e, LaunchGroup)
        else change(e)
        for e in entries
    )


class RoundWatch(Protocol):
    """What runs a program hears at each round of a group with `until`: `begin` before its
    launches (the host resets the buffer there), `ended` after them, which says whether
    the condition holds (the host reads the buffer back there)."""

    def begin(self, entry: int, group: LaunchGroup, round_index: int) -> None: ...

    def ended(self, entry: int, group: LaunchGroup, round_index: int) -> bool: ...


def planned_launches(
    entries: tuple[Launch | LaunchGroup, ...], watch: RoundWatch | None = None
) -> Iterator[PlannedLaunch]:
    """The launches one run of the program enqueues, in order, with the swaps applied.

    A swap pair trades places after each iteration of its group, so after the program
    each name stands for the buffer it was last swapped to: with `[["u", "v"]]` and a
    kernel that reads `u` and writes `v`, `u` names the newest state at every iteration.
    A group with `until` stops after the round whose end `watch` says the condition holds;
    without a watch it runs its most rounds (the longest run, which numbers the launches).
    """
    count = len(leaf_launches(entries))
    current: dict[str, str] = {}
    position = number = 0
    for index, entry in enumerate(entries):
        group = entry if isinstance(entry, LaunchGroup) else LaunchGroup((entry,))
        watched = watch if group.until is not None else None
        for iteration in range(group.iterations):
            if watched is not None:
                watched.begin(index, group, iteration)
            for offset, launch in enumerate(group.launches):
                at = number + iteration * len(group.launches) + offset + 1
                yield PlannedLaunch(
                    position + offset + 1, count, iteration, launch, dict(current), at
                )
            for first, second in group.swaps:
                a, b = current.get(first, first), current.get(second, second)
                current[first], current[second] = b, a
            if watched is not None and watched.ended(index, group, iteration):
                break
        position += len(group.launches)
        number += group.iterations * len(group.launches)


class TakenRounds:
    """A RoundWatch that ends each loop after the rounds a finished run took (by entry
    index), to plan that run again: its launches, for the figures of each kernel."""

    def __init__(self, rounds: Mapping[int, int]) -> None:
        self._rounds = rounds

    def begin(self, entry: int, group: LaunchGroup, round_index: int) -> None:
        return None

    def ended(self, entry: int, group: LaunchGroup, round_index: int) -> bool:
        return round_index + 1 >= self._rounds.get(entry, group.iterations)


def longest_run(entries: tuple[Launch | LaunchGroup, ...]) -> int:
    """How many launches one run enqueues when every loop runs its most rounds."""
    return sum(e.iterations * len(e.launches) if isinstance(e, LaunchGroup) else 1 for e in entries)


def final_buffers(
    entries: tuple[Launch | LaunchGroup, ...], rounds: Mapping[int, int] | None = None
) -> dict[str, str]:
    """Which buffer each swapped name stands for once the program has run; `rounds` gives
    the rounds each group with `until` took, by entry index (its most when not given)."""
    current: dict[str, str] = {}
    for index, entry in enumerate(entries):
        if isinstance(entry, LaunchGroup):
            taken = (rounds or {}).get(index, entry.iterations)
            for _ in range(taken % 2):
                for first, second in entry.swaps:
                    a, b = current.get(first, first), current.get(second, second)
                    current[first], current[second] = b, a
    return current


def read_launches(
    value: object,
    args: Mapping[str, ArgSpec],
    kernel: str | None,
    global_size: tuple[int, ...] | None,
    local_size: tuple[int, ...] | None,
    structs: Mapping[str, StructType] = NO_STRUCTS,
) -> tuple[Launch | LaunchGroup, ...]:
    """The `launches` list; a launch leaving out its kernel or NDRange takes the session's.

    A launch's own scalar may be a struct passed by value, of the session's `structs`.
    """
    if not isinstance(value, list) or not value:
        problem = gettext("expected a list of launches and groups of launches, got {value}")
        fail("launches", problem.format(value=describe(value)))
    # Counted as read below: an object with `launches` is a group, with or without iterations.
    written = sum(
        len(item["launches"])
        if isinstance(item, dict) and isinstance(item.get("launches"), list)
        else 1
        for item in value
    )
    if written > MAX_LAUNCHES:
        problem = gettext("{count} launches; a session holds at most {most}")
        fail("launches", problem.format(count=written, most=MAX_LAUNCHES))
    reader = _LaunchReader(args, kernel, global_size, local_size, written, structs)
    entries: list[Launch | LaunchGroup] = []
    for index, item in enumerate(value):
        obj = read_object(item, f"launches[{index}]")
        if "iterations" in obj or "launches" in obj:
            entries.append(reader.group(obj, f"launches[{index}]"))
        else:
            entries.append(reader.launch(obj, f"launches[{index}]"))
    total = longest_run(tuple(entries))
    if total > MAX_PROGRAM_LAUNCHES:
        problem = gettext("the program enqueues {count} launches; at most {most} are allowed")
        fail("launches", problem.format(count=total, most=MAX_PROGRAM_LAUNCHES))
    return tuple(entries)


class _LaunchReader:
    """Reads launches in order, counting them, so that each refusal names its launch."""

    def __init__(
        self,
        args: Mapping[str, ArgSpec],
        kernel: str | None,
        global_size: tuple[int, ...] | None,
        local_size: tuple[int, ...] | None,
        count: int,
        structs: Mapping[str, StructType],
    ) -> None:
        self._args = args
        self._structs = structs
        self._defaults = (kernel, global_size, local_size)
        self._count = count
        self._position = 0

    def _where(self, path: str) -> str:
        return gettext("{path} (launch {position} of {count})").format(
            path=path, position=self._position, count=self._count
        )

    def group(self, obj: dict[str, Any], where: str) -> LaunchGroup:
        check_keys(obj, where, GROUP_KEYS, required=("launches",))
        if "until" in obj and "iterations" not in obj:
            problem = gettext(
                "a group that repeats until a condition needs iterations: its most rounds"
            )
            fail(where, problem)
        iterations = read_int(obj.get("iterations", 1), f"{where}.iterations", 1, MAX_ITERATIONS)
        until = read_until(obj["until"], f"{where}.until", self._args) if "until" in obj else None
        items = obj["launches"]
        if not isinstance(items, list) or not items:
            problem = gettext("expected a list of launches, got {value}")
            fail(f"{where}.launches", problem.format(value=describe(items)))
        launches = []
        for index, item in enumerate(items):
            inner = read_object(item, f"{where}.launches[{index}]")
            if "iterations" in inner or "launches" in inner:
                problem = gettext("a group holds launches, not groups")
                fail(f"{where}.launches[{index}]", problem)
            launches.append(self.launch(inner, f"{where}.launches[{index}]"))
        swaps = self._swaps(obj.get("swap", []), where)
        return LaunchGroup(tuple(launches), iterations, swaps, until)

    def _swaps(self, value: object, where: str) -> tuple[tuple[str, str], ...]:
        if not isinstance(value, list):
            problem = gettext("expected a list of pairs of buffer names, got {value}")
            fail(f"{where}.swap", problem.format(value=describe(value)))
        pairs: list[tuple[str, str]] = []
        seen: set[str] = set()
        for index, pair in enumerate(value):
            at = f"{where}.swap[{index}]"
            if not isinstance(pair, list) or len(pair) != 2:
                problem = gettext("expected a pair of buffer names, got {value}")
                fail(at, problem.format(value=describe(pair)))
            first, second = (read_string(name, at, non_empty=True) for name in pair)
            for name in (first, second):
                if not isinstance(self._args.get(name), BufferArg):
                    problem = gettext("{name} is not a buffer of the session")
                    fail(at, problem.format(name=repr(name)))
                if name in seen:
                    problem = gettext("{name} is swapped twice; each buffer swaps with one other")
                    fail(at, problem.format(name=repr(name)))
                seen.add(name)
            # Buffers of different types or shapes still load (a shape edited since the
            # swap was typed): validation refuses the program, and the file is not lost.
            pairs.append((first, second))
        return tuple(pairs)

    def launch(self, obj: dict[str, Any], where: str) -> Launch:
        self._position += 1
        at = self._where(where)
        check_keys(obj, at, LAUNCH_KEYS)
        kernel, global_size, local_size = self._defaults
        if "kernel" in obj:
            kernel = read_identifier(obj["kernel"], f"{at}.kernel", gettext("a kernel name"))
        if "global_size" in obj:
            global_size = read_sizes(obj["global_size"], f"{at}.global_size", 3)
            local_size = None
        if obj.get("local_size") is not None:
            local_size = read_sizes(obj["local_size"], f"{at}.local_size", 3)
        if kernel is None or global_size is None:
            missing = "kernel" if kernel is None else "global_size"
            problem = gettext("needs {key}: the session gives none to take")
            fail(at, problem.format(key=missing))
        if local_size is not None and len(local_size) != len(global_size):
            problem = gettext("local_size has {dims} dimensions, but global_size has {global_dims}")
            fail(at, problem.format(dims=len(local_size), global_dims=len(global_size)))
        if self._defaults[0] is None or self._defaults[1] is None:
            # The session's kernel and NDRange are then the first launch's.
            self._defaults = (kernel, global_size, local_size)
        args = {
            read_identifier(name, f"{at}.args.{name}", gettext("a parameter name")): self._binding(
                binding, f"{at}.args.{name}"
            )
            for name, binding in read_object(obj.get("args", {}), f"{at}.args").items()
        }
        return Launch(kernel, global_size, local_size, args)

    def _binding(self, value: object, where: str) -> LaunchBinding:
        if isinstance(value, str):
            if value not in self._args:
                known = ", ".join(self._args) or gettext("none")
                problem = gettext("{name} is not an argument of the session (it has: {known})")
                fail(where, problem.format(name=repr(value), known=known))
            return value
        obj = read_object(value, where)
        kind = obj.get("kind")
        if kind == "iteration":
            check_keys(obj, where, ("kind",))
            return IterationArg()
        if kind == "scalar":
            scalar = read_arg(obj, where, None, self._structs)
            assert isinstance(scalar, ScalarArg)
            return scalar
        problem = gettext(
            'expected the name of a session argument, {{"kind": "scalar", "value": ...}} or '
            '{{"kind": "iteration"}}, got {value}'
        )
        fail(where, problem.format(value=describe(value)))


def with_launch_size(
    entries: tuple[Launch | LaunchGroup, ...], path: tuple[str | int, ...], value: int
) -> tuple[Launch | LaunchGroup, ...]:
    """The launches with the size at `path` (below `launches`) set; a stale path changes none."""
    index = path[0]
    if not isinstance(index, int) or index >= len(entries):
        return entries
    entry = entries[index]
    updated: Launch | LaunchGroup
    if isinstance(entry, LaunchGroup):
        inner = path[2] if path[1:2] == ("launches",) and len(path) > 3 else None
        if not isinstance(inner, int) or inner >= len(entry.launches):
            return entries
        launches = list(entry.launches)
        launches[inner] = _launch_with(launches[inner], path[3:], value)
        updated = replace(entry, launches=tuple(launches))
    else:
        updated = _launch_with(entry, path[1:], value)
    return (*entries[:index], updated, *entries[index + 1 :])


def _launch_with(launch: Launch, path: tuple[str | int, ...], value: int) -> Launch:
    key = path[0]
    if key in ("global_size", "local_size") and isinstance(path[-1], int):
        sizes = launch.global_size if key == "global_size" else launch.local_size
        if sizes is None or path[-1] >= len(sizes):
            return launch
        new = (*sizes[: path[-1]], value, *sizes[path[-1] + 1 :])
        if key == "global_size":
            return replace(launch, global_size=new)
        return replace(launch, local_size=new)
    if key == "args" and isinstance(launch.args.get(str(path[1])), ScalarArg):
        return replace(launch, args={**launch.args, str(path[1]): ScalarArg(value)})
    return launch


def launch_args(
    args: Mapping[str, ArgSpec], launch: Launch, params: tuple[str, ...], iteration: int = 0
) -> dict[str, ArgSpec]:
    """What each parameter of the launch's kernel gets, by the session's argument specs.

    A parameter the launch leaves out takes the session argument of its own name; one
    the session lacks is left out, for validation to name.
    """
    out: dict[str, ArgSpec] = {}
    for name in params:
        binding = launch.args.get(name, name)
        if isinstance(binding, IterationArg):
            out[name] = ScalarArg(iteration)
        elif isinstance(binding, ScalarArg):
            out[name] = binding
        elif binding in args:
            out[name] = args[binding]
    return out


def launch_scalars(entries: tuple[Launch | LaunchGroup, ...]) -> list[ScalarArg]:
    """The scalars the launches pass of their own, in order (structs among them)."""
    return [
        binding
        for launch in leaf_launches(entries)
        for binding in launch.args.values()
        if isinstance(binding, ScalarArg)
    ]


def bound_name(launch: Launch, param: str) -> str | None:
    """The session argument a parameter stands for, or None for a scalar of the launch."""
    binding = launch.args.get(param, param)
    return binding if isinstance(binding, str) else None


def reread_buffers(
    entries: tuple[Launch | LaunchGroup, ...], parameters: Callable[[str], Sequence[str]]
) -> set[str]:
    """The session buffers a later launch may read: those more than one planned launch
    passes, or that a swap moves. Runs and exported programs make these read-write even
    when the session says `out` (a kernel reading a write-only buffer is an error Oclgrind
    reports); `parameters` names each kernel's parameters."""
    passes: Counter[str] = Counter()
    for entry in entries:
        group = entry if isinstance(entry, LaunchGroup) else LaunchGroup((entry,))
        for launch in group.launches:
            for param in parameters(launch.kernel):
                name = bound_name(launch, param)
                if name is not None:
                    passes[name] += group.iterations
    return swapped_names(entries) | {name for name, count in passes.items() if count > 1}


def swapped_names(entries: tuple[Launch | LaunchGroup, ...]) -> set[str]:
    return {
        name for e in entries if isinstance(e, LaunchGroup) for pair in e.swaps for name in pair
    }


def launch_to_dict(entry: Launch | LaunchGroup) -> dict[str, Any]:
    """A launch or a group as the file writes it: every key of a launch, in order."""
    if isinstance(entry, LaunchGroup):
        until = {} if entry.until is None else {"until": until_to_dict(entry.until)}
        return {
            "iterations": entry.iterations,
            "swap": [list(pair) for pair in entry.swaps],
            **until,
            "launches": [launch_to_dict(launch) for launch in entry.launches],
        }
    args: dict[str, Any] = {}
    for name, binding in entry.args.items():
        if isinstance(binding, str):
            args[name] = binding
        elif isinstance(binding, IterationArg):
            args[name] = {"kind": "iteration"}
        else:
            args[name] = arg_to_dict(binding)
    return {
        "kernel": entry.kernel,
        "global_size": list(entry.global_size),
        "local_size": None if entry.local_size is None else list(entry.local_size),
        "args": args,
    }
