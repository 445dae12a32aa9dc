"""Checks every launch of a program against its kernel and device before any runs: the
one check of a session before it runs.

Each launch is checked as the one-launch session it amounts to, and in a program of
several launches each message says which launch it is about ("launch 2 of 3, kernel
`scan_blocks`: ..."); a program of one launch speaks as `validate` does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from clstudio.common import KernelArgInfo, KernelSignature, RunError, gettext
from clstudio.devices import DeviceLimits
from clstudio.session import (
    Launch,
    LaunchGroup,
    Session,
    bound_name,
    group_problem,
    launch_args,
    leaf_launches,
    swapped_names,
)
from clstudio.validation.validate import validate


def launch_session(
    session: Session,
    launch: Launch,
    signature: KernelSignature,
    unbound: tuple[str, ...] = (),
    iteration: int = 0,
) -> Session:
    """The one-launch session a launch of the program amounts to at `iteration`, holding
    also the session's `unbound` arguments (for `validate` to name as the kernel's strays)."""
    params = tuple(info.name for info in signature.args)
    args = launch_args(session.args, launch, params, iteration)
    return replace(
        session,
        launches=(replace(launch, args={}),),
        args=args | {name: session.args[name] for name in unbound},
    )


def launch_heading(position: int, count: int, kernel: str) -> str:
    return gettext("launch {position} of {count}, kernel `{kernel}`").format(
        position=position, count=count, kernel=kernel
    )


def launch_iteration_heading(position: int, count: int, kernel: str, iteration: int) -> str:
    """`launch 2 of 3, kernel `scan_blocks`, iteration 14`, as a check names a problem's launch."""
    return gettext("launch {position} of {count}, kernel `{kernel}`, iteration {iteration}").format(
        position=position, count=count, kernel=kernel, iteration=iteration
    )


def program_signature(
    session: Session, launches: list[Launch], signatures: Mapping[str, KernelSignature]
) -> KernelSignature:
    """The session's arguments as one signature: buffers are made once for every launch.

    A buffer is `const` (and so not read back) only when every launch reads it through a
    `const` pointer and no swap moves it. A launch of a kernel the program lacks adds none.
    """
    swapped = swapped_names(session.launches)
    found: dict[str, KernelArgInfo] = {}
    for launch in launches:
        signature = signatures.get(launch.kernel)
        for info in signature.args if signature else ():
            name = bound_name(launch, info.name)
            if name is None:
                continue
            const = info.is_const and name not in swapped
            if name in found:
                const = const and found[name].is_const
            first = found.get(name, info)
            found[name] = replace(first, name=name, is_const=const)
    names = [*(n for n in session.args if n in found), *(n for n in found if n not in session.args)]
    return KernelSignature(session.kernel, tuple(found[n] for n in names))


def validate_program(
    session: Session,
    signatures: Mapping[str, KernelSignature],
    limits_for: Callable[[str], DeviceLimits],
    index_space: bool = True,
) -> list[RunError]:
    """All problems of all launches, in launch order; empty when the program may run.

    `signatures` and `limits_for` answer for every kernel the launches name.
    """
    found = program_problems(session, signatures, limits_for, index_space)
    return [error for _, error in found]


def program_problems(
    session: Session,
    signatures: Mapping[str, KernelSignature],
    limits_for: Callable[[str], DeviceLimits],
    index_space: bool = True,
) -> list[tuple[int, RunError]]:
    """validate_program's problems, each with the 1-based launch it is about (0: none).

    Step mode leaves out the index space (see `validate`).

    A problem about an argument names the session's argument the launch passes, so the
    form marks that row; a launch of a kernel the program lacks is one problem, and so is
    a group's swap of two buffers that differ in type or shape.
    """
    launches = leaf_launches(session.launches)
    several = len(launches) > 1
    problems: list[tuple[int, RunError]] = []
    used = {
        name
        for launch in launches
        for info in (signatures[launch.kernel].args if launch.kernel in signatures else ())
        if (name := bound_name(launch, info.name)) is not None
    }
    # One launch names what it leaves out as its kernel's strays, as `validate` does.
    unbound = () if several else tuple(n for n in session.args if n not in used)
    # The last iteration number is the largest a parameter bound to it gets: it must fit.
    last_iteration = [
        entry.iterations - 1 if isinstance(entry, LaunchGroup) else 0
        for entry in session.launches
        for _ in (entry.launches if isinstance(entry, LaunchGroup) else (entry,))
    ]
    for position, launch in enumerate(launches, 1):
        signature = signatures.get(launch.kernel)
        if signature is None:
            names = ", ".join(signatures) or gettext("none")
            missing = gettext("{launch}: the program has no such kernel; it defines: {names}")
            heading = launch_heading(position, len(launches), launch.kernel)
            error = RunError("validate", missing.format(launch=heading, names=names))
            problems.append((position, error))
            continue
        view = launch_session(session, launch, signature, unbound, last_iteration[position - 1])
        for problem in validate(view, signature, limits_for(launch.kernel), index_space):
            message = problem.message
            if several:
                message = f"{launch_heading(position, len(launches), launch.kernel)}: {message}"
            argument = problem.argument and bound_name(launch, problem.argument)
            problems.append((position, replace(problem, message=message, argument=argument)))
    for name in session.args if several else ():
        if name not in used:
            unused = gettext(
                "argument '{name}' is passed to no launch; name it in a launch's args, or remove it"
            )
            problems.append((0, RunError("validate", unused.format(name=name), argument=name)))
    for entry in session.launches:
        # A file may hold swaps its buffers no longer fit (a shape edited since): it opens,
        # and the program is refused here, before any launch.
        if isinstance(entry, LaunchGroup) and (bad := group_problem(entry, session.args)):
            problems.append((0, RunError("validate", bad)))
    return problems
