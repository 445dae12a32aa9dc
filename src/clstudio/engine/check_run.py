"""Check mode's run: a session once on Oclgrind, then the simulator's log read into problems.

Oclgrind's errors never fail an OpenCL call (the return code is 0 and pyopencl raises
nothing): its log is the only place they show. Its reports name global addresses,
so before the launch a one-line probe kernel asks the simulator where each buffer
argument lies; an address then names the buffer it is in, or just missed.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import replace

import numpy as np
import pyopencl as cl

from clstudio.checkmode import (
    GET_OCLGRIND,
    SIMULATOR_PLATFORM,
    BufferRegion,
    CheckPlan,
    CheckProblem,
    CheckResult,
    find_problems,
    opencl_2_feature,
    opencl_2_message,
    parse_log,
)
from clstudio.common import KernelArgInfo, RunError, RunResult, base_type_name, gettext
from clstudio.engine.buffers import DeviceBuffer
from clstudio.engine.context import DeviceState
from clstudio.engine.device_program import Cancelled, Started
from clstudio.engine.images import DeviceImage
from clstudio.engine.run import Engine, Progress
from clstudio.session import PlannedLaunch, Session, leaf_launches

PROBE_KERNEL = "clstudio_buffer_addresses"
_UNDEFINED = re.compile(r"Undefined external function:?\s*(?P<name>\S*)")


def check_session(
    engine: Engine,
    plan: CheckPlan,
    read_log: Callable[[], tuple[str, str]],
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
    launch_started: Started | None = None,
) -> CheckResult:
    """Run the planned session on Oclgrind; `read_log` returns what Oclgrind wrote to its
    log, and what reached stderr. `launch_started` hears each launch of a program begin,
    as Engine.run's `started` does."""
    session = plan.session
    started = time.perf_counter()
    if not has_simulator(session.device.platform if session.device else SIMULATOR_PLATFORM):
        missing = RunError("validate", gettext(GET_OCLGRIND))
        return CheckResult(ok=False, kernel=session.kernel, error=missing, simulator_found=False)
    regions: list[BufferRegion] = []

    def locate(state: DeviceState, buffers: list[DeviceBuffer | DeviceImage]) -> None:
        regions.extend(buffer_regions(state, buffers))

    logs: list[tuple[PlannedLaunch, str]] = []

    def launched(planned: PlannedLaunch) -> None:
        logs.append((planned, read_log()[0]))

    run = engine.run(
        session, progress, cancelled, inspect=locate, launched=launched, started=launch_started
    )
    parsed = parse_log(*read_log())
    signature = run.build.kernel(session.kernel) if run.build is not None else None
    args = signature.args if signature else ()
    regions = [_as_written(region, args) for region in regions]
    problems = find_problems(parsed, session.source, args, tuple(regions), session.source_map)
    reports = len(parsed.reports)
    suppressed = parsed.suppressed
    if logs:
        named, count, quiet = _launch_problems(run, session, logs, tuple(regions))
        problems = named + problems
        reports += count
        suppressed = suppressed or quiet
    error = _opencl_2_error(run, session.source) or run.error
    return CheckResult(
        ok=error is None and not problems and not reports,
        kernel=session.kernel,
        error=error,
        device=run.device,
        global_size=tuple(session.global_size),
        local_size=session.local_size,
        problems=problems,
        coverage=plan.coverage,
        suppressed=suppressed,
        reports=reports,
        seconds=time.perf_counter() - started,
        launch_count=len(leaf_launches(session.launches)),
        loops=run.loops,
    )


def _launch_problems(
    run: RunResult,
    session: Session,
    logs: list[tuple[PlannedLaunch, str]],
    regions: tuple[BufferRegion, ...],
) -> tuple[tuple[CheckProblem, ...], int, bool]:
    """Each launch's problems, named by the launch and iteration that first hit them.

    A problem seen again at a later iteration of the same launch is the same problem:
    only its first sighting is kept. Returns the problems, Oclgrind's report count and
    whether it stopped reporting.
    """
    found: dict[tuple[object, ...], CheckProblem] = {}
    reports = 0
    suppressed = False
    for planned, log in logs:
        parsed = parse_log(log)
        reports += len(parsed.reports)
        suppressed = suppressed or parsed.suppressed
        if not parsed.reports:
            continue
        signature = run.build.kernel(planned.launch.kernel) if run.build is not None else None
        args = signature.args if signature else ()
        for problem in find_problems(parsed, session.source, args, regions, session.source_map):
            key = (planned.position, problem.kind, problem.line, problem.column, problem.buffer)
            found.setdefault(
                key,
                replace(
                    problem,
                    launch=planned.position,
                    launch_count=planned.count,
                    iteration=planned.iteration,
                ),
            )
    return tuple(found.values()), reports, suppressed


def buffer_regions(
    state: DeviceState, buffers: list[DeviceBuffer | DeviceImage]
) -> list[BufferRegion]:
    """Where each buffer argument starts in the simulator's memory, asked of the simulator."""
    plain = [b for b in buffers if isinstance(b, DeviceBuffer)]
    if not plain:
        return []
    params = "".join(f", __global const uchar *p{i}" for i in range(len(plain)))
    stores = " ".join(f"out[{i}] = (ulong)p{i};" for i in range(len(plain)))
    source = f"__kernel void {PROBE_KERNEL}(__global ulong *out{params}) {{ {stores} }}"
    program = cl.Program(state.context, source).build(devices=[state.device])
    kernel = cl.Kernel(program, PROBE_KERNEL)
    addresses = np.zeros(len(plain), np.uint64)
    out = cl.Buffer(state.context, cl.mem_flags.WRITE_ONLY, addresses.nbytes)
    kernel.set_arg(0, out)
    for index, buffer in enumerate(plain):
        kernel.set_arg(index + 1, buffer.buffer)
    cl.enqueue_nd_range_kernel(state.queue, kernel, (1,), (1,))
    cl.enqueue_copy(state.queue, addresses, out)
    return [
        BufferRegion(
            b.name, int(address), b.spec.nbytes, b.spec.dtype.itemsize, b.spec.dtype.opencl_name
        )
        for b, address in zip(plain, addresses, strict=True)
    ]


def _as_written(region: BufferRegion, args: tuple[KernelArgInfo, ...]) -> BufferRegion:
    """`DATA_TYPE (float)` for a buffer the kernel declares through a typedef."""
    info = next((a for a in args if a.name == region.name and a.written_type), None)
    if info is None:
        return region
    return replace(region, type_name=f"{base_type_name(info.written_type)} ({region.type_name})")


def has_simulator(platform: str) -> bool:
    """Oclgrind is chosen by its platform's name: OCL_ICD_VENDORS cannot hide PoCL, since
    pyopencl's bundled loader also scans its own folder."""
    try:
        platforms = cl.get_platforms()
    except cl.Error:
        return False
    return any(platform.casefold() in p.name.casefold() for p in platforms)


def _opencl_2_error(run: RunResult, source: str) -> RunError | None:
    """Oclgrind simulates OpenCL 1.2: say so when the kernel needs 2.0, not "link error"."""
    said = run.error.message if run.error is not None else ""
    if run.build is not None:
        said += "\n" + run.build.log
    undefined = _UNDEFINED.search(said)
    feature = opencl_2_feature(source)
    if undefined is None and (run.error is None or feature is None):
        return None
    name = feature or (undefined["name"] if undefined else "") or gettext("a built-in")
    line = run.error.line if run.error is not None else None
    return RunError("build", opencl_2_message(name), line=line)
