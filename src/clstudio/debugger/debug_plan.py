"""How a session is debugged: on Oclgrind, once, with its interactive debugger switched on."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from clstudio.checkmode import BUILD_OPTIONS
from clstudio.common import N_, gettext
from clstudio.debugger.debug_results import ids_text
from clstudio.devices import SIMULATOR_PLATFORM, DeviceSelector
from clstudio.session import Session

# Simulated and stopped at every line, a kernel runs slowly; an answer that takes
# longer than this (an endless loop in a `next`, say) ends the debug run.
ANSWER_LIMIT_S = 30.0


# Marked only: whoever shows it translates it (gettext(GET_OCLGRIND_TO_DEBUG)).
GET_OCLGRIND_TO_DEBUG = N_(
    "The debugger runs the kernel on Oclgrind, an OpenCL simulator that can stop any "
    "work-item at any line. It is not installed here: install it with `make oclgrind` in "
    "CL Studio's folder (`make run` does it too; it goes where only CL Studio looks), or "
    "with your system's package (`apt install oclgrind`), then restart CL Studio."
)


class DebugPlanError(ValueError):
    """A breakpoint or a work-item that cannot be: the message names which and why."""


@dataclass(frozen=True)
class DebugPlan:
    session: Session  # as it runs on the simulator
    breakpoints: tuple[int, ...]  # source lines, sorted, each once
    work_item: tuple[int, int, int]  # the global id to follow
    environment: tuple[tuple[str, str], ...]  # for the debug process
    answer_limit_s: float
    # Names a typedef gives types, with what the compiler said they stand for
    # (("DATA_TYPE", "float"),): the declarations they type are found and typed by them.
    type_names: tuple[tuple[str, str], ...] = ()


def plan_debug(
    session: Session,
    breakpoints: tuple[int, ...],
    work_item: tuple[int, ...] = (0,),
    type_names: Mapping[str, str] | None = None,
) -> DebugPlan:
    """The session for one run under Oclgrind's debugger; raises DebugPlanError.

    `type_names`, a build's (BuildResult.type_names), say what its typedef'd names stand
    for, the arguments' and those only variables use.
    """
    lines = len(session.source.splitlines())
    for line in breakpoints:
        if not 1 <= line <= lines:
            raise DebugPlanError(
                gettext("breakpoint at line {line}: the source has lines 1 to {lines}").format(
                    line=line, lines=lines
                )
            )
    dims = len(session.global_size)
    if not 1 <= len(work_item) <= dims:
        raise DebugPlanError(
            gettext("work-item {item}: the kernel runs in {dims} dimensions").format(
                item=ids_text(work_item), dims=dims
            )
        )
    for index, size in zip(work_item, session.global_size, strict=False):
        if not 0 <= index < size:
            raise DebugPlanError(
                gettext("work-item {item} is outside the global size {size}").format(
                    item=ids_text(work_item), size=" x ".join(map(str, session.global_size))
                )
            )
    padded = (*work_item, 0, 0)[:3]
    options = f"{session.build_options} {BUILD_OPTIONS}".strip()
    debugged = replace(
        session,
        device=DeviceSelector(platform=SIMULATOR_PLATFORM),
        build_options=options,
        repeats=1,
        guards=False,  # the simulator sees every access, and a guard fill is a kernel too
        source_file=None,  # the source as the editor holds it travels with the session
    )
    return DebugPlan(
        debugged,
        tuple(sorted(set(breakpoints))),
        (padded[0], padded[1], padded[2]),
        debug_environment(),
        max(ANSWER_LIMIT_S, session.timeout_s),
        tuple((type_names or {}).items()),
    )


def debug_environment() -> tuple[tuple[str, str], ...]:
    """Oclgrind's debugger on stdin (the switch works only as exactly "1"); PYOPENCL_NO_CACHE,
    since a cached binary carries no source and the debugger then has no lines."""
    return (("OCLGRIND_INTERACTIVE", "1"), ("PYOPENCL_NO_CACHE", "1"))
