"""What a host program enqueues: the session's launches in groups, each launch's bindings.

Every session is a program: a one-launch session is one group of one launch, run once.
The plan of the arguments (plan.py) says what the host holds; this one says what it
launches, for steps 6, 8 and 9 of both languages: one kernel object per written launch,
the bindings that never change set once, and what changes between iterations (a swapped
buffer, the iteration number) set before each enqueue, as the engine does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from clstudio.common import (
    ElementType,
    KernelArgInfo,
    KernelSignature,
    StructType,
    TypeNameError,
    declared_struct_name,
    gettext,
    kernel_type,
)
from clstudio.references import scalar_bytes
from clstudio.session import (
    IterationArg,
    Launch,
    LaunchGroup,
    ScalarArg,
    Session,
    Until,
    bound_name,
    group_problem,
    leaf_launches,
    swapped_names,
)


class PlanError(ValueError):
    """A session the export cannot write a program for; the message says why."""


@dataclass(frozen=True)
class BindingPlan:
    """What one kernel parameter of a launch gets.

    `arg` is the session argument's name (a buffer, image, local, sampler or scalar of
    the session); else `scalar` is the launch's own value; else the iteration number.
    """

    index: int  # the parameter's position in its kernel
    info: KernelArgInfo
    arg: str | None
    scalar: ScalarArg | None
    swapped: bool  # a buffer some swap of the program moves: bound as it stands now

    @property
    def iteration(self) -> bool:
        return self.arg is None and self.scalar is None

    @property
    def changes(self) -> bool:
        """Set again before each enqueue rather than once in step 8."""
        return self.swapped or self.iteration

    @property
    def element(self) -> ElementType:
        if self.struct is not None:
            return self.struct.element()
        return kernel_type(self.info.type_name)

    @property
    def struct(self) -> StructType | None:
        """The struct a launch's own scalar passes by value, if it is one."""
        return None if self.scalar is None else self.scalar.struct

    @property
    def scalar_value(self) -> np.ndarray:
        """The launch's own scalar as the kernel declares it: one value per lane."""
        assert self.scalar is not None
        return scalar_bytes(self.info.type_name, self.scalar)


@dataclass(frozen=True)
class LaunchPlan:
    position: int  # 1-based among the written launches, as the app's messages count them
    count: int  # how many launches are written
    kernel: str  # as written in the source
    symbol: str  # the driver's name of the kernel
    global_size: tuple[int, ...]
    local_size: tuple[int, ...] | None
    bindings: tuple[BindingPlan, ...]

    @property
    def heading(self) -> str:
        """`launch 2 of 3, kernel scan_blocks`: the comment above its lines, in English."""
        return f"launch {self.position} of {self.count}, kernel {self.kernel}"


@dataclass(frozen=True)
class GroupPlan:
    """Launches enqueued `iterations` times in order; `swaps` trade places after each. With
    `until`, the rounds end once its condition holds after one, `iterations` at most."""

    launches: tuple[LaunchPlan, ...]
    iterations: int
    swaps: tuple[tuple[str, str], ...]
    entry: int = 0  # its index among the session's entries
    until: Until | None = None

    @property
    def loops(self) -> bool:
        """Written as a loop: several iterations, swaps, or a launch taking the iteration."""
        takes = any(b.iteration for launch in self.launches for b in launch.bindings)
        return self.iterations > 1 or bool(self.swaps) or takes or self.until is not None

    @property
    def heading(self) -> str:
        """`64 iterations; grid and next trade places after each`: the comment above its loop."""
        said = f"{self.iterations} iterations"
        if self.until is not None:
            said = f"{self.named}, until {self.condition}: at most {self.iterations} rounds"
            if self.until.reset is not None:
                said += f"; the host writes {self.until.reset} to {self.until.buffer} before each"
        if self.swaps:
            pairs = ", ".join(f"{a} and {b}" for a, b in self.swaps)
            said += f"; {pairs} trade places after each"
        return said

    @property
    def named(self) -> str:
        """`launches 1 to 2`, `launch 3`: the group as the programs' messages name it."""
        first, last = self.launches[0].position, self.launches[-1].position
        return f"launch {first}" if first == last else f"launches {first} to {last}"

    @property
    def condition(self) -> str:
        """The condition in the programs' words, as the app says it in English."""
        until = self.until
        assert until is not None
        if until.kind == "equals":
            return f"`{until.buffer}` equals {until.value}"
        return f"`{until.buffer}` stops changing"


def launch_groups(
    session: Session, signatures: Mapping[str, KernelSignature]
) -> tuple[GroupPlan, ...]:
    """The session's launches as groups (a single launch is a group of one, once)."""
    entries = session.launches
    count = len(leaf_launches(entries))
    # A name any swap moves stands for one buffer or the other from then on, in later
    # launches too: each launch binds it as it stands, before its enqueue.
    swapped = swapped_names(entries)
    groups: list[GroupPlan] = []
    position = 0
    for entry in entries:
        group = entry if isinstance(entry, LaunchGroup) else LaunchGroup((entry,))
        # The form may hold swaps its arguments no longer fit (a shape edited since).
        if problem := group_problem(group, session.args):
            raise PlanError(problem)
        launches = []
        for launch in group.launches:
            position += 1
            launches.append(_launch_plan(launch, position, count, signatures, swapped))
        index = len(groups)
        groups.append(GroupPlan(tuple(launches), group.iterations, group.swaps, index, group.until))
    return tuple(groups)


def _launch_plan(
    launch: Launch,
    position: int,
    count: int,
    signatures: Mapping[str, KernelSignature],
    swapped: set[str],
) -> LaunchPlan:
    signature = signatures.get(launch.kernel)
    if signature is None:
        problem = gettext("launch {position} of {count}: the program has no kernel '{kernel}'")
        raise PlanError(problem.format(position=position, count=count, kernel=launch.kernel))
    bindings = []
    for index, info in enumerate(signature.args):
        binding = launch.args.get(info.name, info.name)
        name = bound_name(launch, info.name)
        scalar = binding if isinstance(binding, ScalarArg) else None
        if isinstance(binding, IterationArg) and info.is_pointer:
            problem = gettext("launch {position} of {count}: '{name}' is a pointer, not a number")
            raise PlanError(problem.format(position=position, count=count, name=info.name))
        unfit = None if scalar is None else scalar_problem(info, scalar)
        if unfit is not None:
            problem = gettext("launch {position} of {count}: {problem}")
            raise PlanError(problem.format(position=position, count=count, problem=unfit))
        bindings.append(BindingPlan(index, info, name, scalar, name in swapped))
    return LaunchPlan(
        position,
        count,
        launch.kernel,
        signature.driver_name,
        launch.global_size,
        launch.local_size,
        tuple(bindings),
    )


def scalar_problem(info: KernelArgInfo, scalar: ScalarArg) -> str | None:
    """Why a by-value value cannot be written for the parameter: a struct for a number, a
    number for a struct, or another struct than the kernel's."""
    declared = declared_struct_name(info.type_name)
    if scalar.struct is not None and scalar.struct.name != declared:
        problem = gettext("'{name}' is a {type}, not struct {struct}")
        return problem.format(name=info.name, type=info.shown_type, struct=scalar.struct.name)
    if scalar.struct is None:
        try:
            kernel_type(info.type_name)
        except TypeNameError:
            problem = gettext(
                "'{name}' is a {type}: give it a struct of the session's structs as its dtype"
            )
            return problem.format(name=info.name, type=info.shown_type)
    return None


def launches_per_run(groups: tuple[GroupPlan, ...]) -> int:
    """How many enqueues one run of the program makes."""
    return sum(g.iterations * len(g.launches) for g in groups)
