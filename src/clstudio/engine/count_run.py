"""Counting's run: a session once on Oclgrind with its counts on, then its printout read.

Oclgrind prints the counts on stdout after the kernel, where the worker's printf
capture catches them with the kernel's own printf: Oclgrind gives them no channel of
their own (its printf and its counts both write to C stdio's stdout). What keeps them
apart is when they are printed: a launch's block comes after the kernel has ended, so
it is the end of what that launch printed, read launch by launch. The IR it executed
gives each floating-point opcode's vector width. That IR is the program's binary:
Oclgrind's binaries are the bitcode of the module it interprets.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pyopencl as cl

from clstudio.checkmode import GET_OCLGRIND
from clstudio.common import RunError, gettext
from clstudio.compiler.ir_reader import BitcodeError, module_text
from clstudio.counts import (
    CountingError,
    CountPlan,
    CountResult,
    classify,
    lane_widths,
    read_counts,
)
from clstudio.engine.check_run import has_simulator
from clstudio.engine.context import DeviceState
from clstudio.engine.device_program import Cancelled
from clstudio.engine.host_steps import DeviceObject
from clstudio.engine.run import Engine, Progress
from clstudio.session import PlannedLaunch

# What is read of the end of a launch's output: Oclgrind's block is a line per distinct
# instruction name, a few KiB; a kernel's printf flood before it is not read.
PRINTED_TAIL_LIMIT = 1024 * 1024
ReadPrinted = Callable[[int], str]


def count_session(
    engine: Engine,
    plan: CountPlan,
    read_printed: ReadPrinted,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> CountResult:
    """Run the planned session on Oclgrind; `read_printed(limit)` returns the last `limit`
    bytes of what the run printed since it was last called."""
    session = plan.session
    kernel = session.kernel
    started = time.perf_counter()
    if not has_simulator(session.device.platform if session.device else ""):
        return CountResult(False, kernel, RunError("validate", gettext(GET_OCLGRIND)))
    built_ir: list[str | None] = []

    def keep_ir(state: DeviceState, _buffers: list[DeviceObject]) -> None:
        built_ir.append(_program_ir(state))

    ends: list[tuple[str, str]] = []  # (kernel, the end of what its launch printed)

    def launched(planned: PlannedLaunch) -> None:  # heard in a program of several launches
        ends.append((planned.launch.kernel, read_printed(PRINTED_TAIL_LIMIT)))

    run = engine.run(session, progress, cancelled, inspect=keep_ir, launched=launched)
    if not ends:  # one launch
        ends.append((kernel, read_printed(PRINTED_TAIL_LIMIT)))
    ir = built_ir[0] if built_ir else None
    last = [printed for name, printed in ends if name == kernel][-1:]
    executed = read_counts(last[0], kernel) if last else None
    seconds = time.perf_counter() - started
    if run.error is not None:
        return CountResult(False, kernel, run.error, seconds=seconds)
    if executed is None or ir is None:
        said = gettext(
            "Oclgrind ran kernel '{kernel}' but printed no counts for it (or left no IR "
            "to tell vector widths by), so nothing was measured"
        ).format(kernel=kernel)
        return CountResult(False, kernel, RunError("run", said), seconds=seconds)
    try:
        counts = classify(executed, lane_widths(ir))
    except CountingError as exc:
        said = gettext("cannot count this kernel: {reason}").format(reason=exc)
        return CountResult(False, kernel, RunError("run", said), seconds=seconds)
    sampled = plan.sampling is not None
    passed = None if sampled else all(r.ok for r in run.references.values())
    return CountResult(
        ok=passed is not False,
        kernel=kernel,
        error=None,
        counts=counts.scaled(plan.sampling.factor) if plan.sampling else counts,
        sampling=plan.sampling,
        references_passed=passed,
        instructions=executed.instructions,
        seconds=seconds,
    )


def _program_ir(state: DeviceState) -> str | None:
    """The IR of the program the run has just built (the newest of the state's programs)."""
    if not state.programs:
        return None
    _, program = next(reversed(state.programs.values()))
    if program is None:
        return None
    binaries = program.get_info(cl.program_info.BINARIES)  # one per device: ours is one
    bitcode = bytes(binaries[0]) if isinstance(binaries, list) and binaries else b""
    try:
        return module_text(bitcode) if bitcode else None
    except BitcodeError:
        return None
