"""Checks every launch of a program against its kernel and device before any runs.

Each launch is checked as the one-launch session it amounts to, and each message says
which launch it is about ("launch 2 of 3, kernel `scan_blocks`: ...").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from clstudio.common import KernelArgInfo, KernelSignature, RunError, gettext
from clstudio.devices import DeviceLimits
from clstudio.session import (
    Launch,
    Session,
    bound_name,
    launch_args,
    leaf_launches,
    swapped_names,
)
from clstudio.validation.validate import validate


def launch_session(session: Session, launch: Launch, signature: KernelSignature) -> Session:
    """The one-launch session a launch of the program amounts to."""
    params = tuple(info.name for info in signature.args)
    return replace(
        session,
        kernel=launch.kernel,
        global_size=launch.global_size,
        local_size=launch.local_size,
        args=launch_args(session.args, launch, params),
        launches=(),
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


def validate_program(
    session: Session,
    signatures: Mapping[str, KernelSignature],
    limits_for: Callable[[str], DeviceLimits],
) -> list[RunError]:
    """All problems of all launches, in launch order; empty when the program may run.

    `signatures` and `limits_for` answer for every kernel the launches name.
    """
    launches = leaf_launches(session.launches)
    problems: list[RunError] = []
    used: set[str] = set()
    for position, launch in enumerate(launches, 1):
        signature = signatures[launch.kernel]
        used.update(filter(None, (bound_name(launch, info.name) for info in signature.args)))
        heading = launch_heading(position, len(launches), launch.kernel)
        view = launch_session(session, launch, signature)
        for problem in validate(view, signature, limits_for(launch.kernel)):
            message = f"{heading}: {problem.message}"
            problems.append(replace(problem, message=message))
    for name in session.args:
        if name not in used:
            unused = gettext(
                "argument '{name}' is passed to no launch; name it in a launch's args, or remove it"
            )
            problems.append(RunError("validate", unused.format(name=name), argument=name))
    return problems


def program_signature(
    session: Session, launches: list[Launch], signatures: dict[str, KernelSignature]
) -> KernelSignature:
    """The session's arguments as one signature: buffers are made once for every launch.

    A buffer is `const` (and so not read back) only when every launch reads it through a
    `const` pointer and no swap moves it.
    """
    swapped = swapped_names(session.launches)
    found: dict[str, KernelArgInfo] = {}
    for launch in launches:
        for info in signatures[launch.kernel].args:
            name = bound_name(launch, info.name)
            if name is None:
                continue
            const = info.is_const and name not in swapped
            if name in found:
                const = const and found[name].is_const
            first = found.get(name, info)
            found[name] = KernelArgInfo(
                name, first.type_name, first.address_space, first.access, const
            )
    return KernelSignature(session.kernel, tuple(found[n] for n in session.args if n in found))
