"""Counting's run: a session once on Oclgrind with its counts on, then its printout read.

Oclgrind prints the counts on stdout after the kernel, where the worker's printf
capture catches them with the kernel's own printf; the IR it executed gives each
floating-point opcode's vector width. That IR is the program's binary: Oclgrind's
binaries are the bitcode of the module it interprets.
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


def count_session(
    engine: Engine,
    plan: CountPlan,
    read_printed: Callable[[], str],
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> CountResult:
    """Run the planned session on Oclgrind; `read_printed` returns what the run printed."""
    session = plan.session
    kernel = session.kernel
    started = time.perf_counter()
    if not has_simulator(session.device.platform if session.device else ""):
        return CountResult(False, kernel, RunError("validate", gettext(GET_OCLGRIND)))
    built_ir: list[str | None] = []

    def keep_ir(state: DeviceState, _buffers: list[DeviceObject]) -> None:
        built_ir.append(_program_ir(state))

    run = engine.run(session, progress, cancelled, inspect=keep_ir)
    ir = built_ir[0] if built_ir else None
    executed, _ = read_counts(read_printed(), kernel)
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
