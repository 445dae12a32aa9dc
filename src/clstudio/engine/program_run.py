"""A program of several launches, run in one queue: the lesson's steps 6 to 10 per launch.

Each written launch gets its own kernel object (step 6) and its arguments (step 8);
the launches are enqueued in order (step 9), with the swaps of ping-pong applied
between iterations, and the host waits once (step 10). Buffers stay on the device
from the first launch to the last.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

import numpy as np
import pyopencl as cl

from clstudio.common import (
    KernelArgInfo,
    KernelSignature,
    LaunchSnapshot,
    RunError,
    RunResult,
    Timing,
    gettext,
    ngettext,
)
from clstudio.engine import host_steps
from clstudio.engine.cl_errors import plain_words
from clstudio.engine.context import DeviceState, OpenCLContexts
from clstudio.engine.host_steps import DeviceObject, first_problem
from clstudio.engine.images import create_sampler
from clstudio.engine.run_record import Record, StepFailed
from clstudio.references import scalar_bytes
from clstudio.session import (
    ArgSpec,
    BufferArg,
    ImageArg,
    LocalArg,
    NullArg,
    PlannedLaunch,
    SamplerArg,
    ScalarArg,
    Session,
    bound_name,
    final_buffers,
    launch_args,
    leaf_launches,
    planned_launches,
)
from clstudio.validation import launch_heading, program_signature, validate_program

SNAPSHOT_BYTES = 128 * 2**20  # snapshots stop once they hold this much
Progress = Callable[[int, int], None]
Cancelled = Callable[[], bool]
Inspect = Callable[[DeviceState, list[DeviceObject]], None]
# Heard after each launch has ended, the queue waited for: check mode reads the
# simulator's log there, to name the launch of each report.
Launched = Callable[[PlannedLaunch], None]
# Heard from a driver's thread as a launch begins to run, with its number in the run
# (1 for the first launch of the first repeat): the worker keeps the highest, so that a
# crash or a timeout can name the launch that was running.
Started = Callable[[int], None]


def _read_write(session: Session) -> Session:
    """`out` buffers made read-write: in a program, what one launch writes the next may read
    (a write-only buffer read by a kernel is an error Oclgrind reports)."""
    args = {
        name: replace(spec, access="inout")
        if isinstance(spec, BufferArg) and spec.access == "out"
        else spec
        for name, spec in session.args.items()
    }
    return replace(session, args=args)


def run_program(
    contexts: OpenCLContexts,
    session: Session,
    record: Record,
    progress: Progress | None,
    cancelled: Cancelled,
    inspect: Inspect | None = None,
    launched: Launched | None = None,
    on_start: Started | None = None,
    snapshots: bool = False,
) -> RunResult:
    """Run the program `repeats` times; with `snapshots`, once more to copy what each
    launch of the first iteration wrote (RunResult.snapshots)."""
    state = host_steps.open_device(contexts, session.device, record)
    program, _ = host_steps.build_program(contexts, session, state, record)
    assert record.build is not None
    launches = leaf_launches(session.launches)
    signatures: dict[str, KernelSignature] = {}
    kernels: list[cl.Kernel] = []
    record.enter("kernel")
    for position, launch in enumerate(launches, 1):
        signature = record.build.kernel(launch.kernel)
        heading = launch_heading(position, len(launches), launch.kernel)
        if signature is None:
            names = ", ".join(k.name for k in record.build.kernels)
            problem = gettext("{launch}: the program has no such kernel; it defines: {names}")
            raise StepFailed(RunError("validate", problem.format(launch=heading, names=names)))
        signatures[launch.kernel] = signature
        started = time.perf_counter()
        kernels.append(state.kernel(program, signature.driver_name))
        record.step("clCreateKernel", gettext("Create the kernel"), started, heading)
    by_kernel = {launch.kernel: kernels[i] for i, launch in enumerate(launches)}
    problems = validate_program(session, signatures, lambda k: state.limits_for(by_kernel[k]))
    if problems:
        raise first_problem(problems)
    merged = program_signature(session, launches, signatures)
    buffers = host_steps.create_buffers(_read_write(session), merged, state, record)
    if inspect:
        inspect(state, buffers)
    setter = _ArgumentSetter(session, signatures, buffers, record)
    plan = list(planned_launches(session.launches))
    if progress:
        progress(0, session.repeats)
    for repeat in range(session.repeats):
        hooks = (launched, on_start)
        _run_once(session, state, kernels, plan, setter, repeat, record, cancelled, hooks)
        if progress:
            progress(repeat + 1, session.repeats)
    taken = _snapshots(session, state, kernels, plan, setter, cancelled) if snapshots else ()
    outputs, guard_reports = host_steps.read_back(state, buffers, record)
    final = final_buffers(session.launches)
    outputs = {name: outputs[final.get(name, name)] for name in outputs}
    references = host_steps.check_references(session, merged, outputs, record)
    ok = all(r.ok for r in references.values()) and all(g.ok for g in guard_reports.values())
    return record.result(
        ok=ok,
        global_size=tuple(session.global_size),
        local_size=session.local_size,
        outputs=outputs,
        references=references,
        guards=guard_reports,
        launch_count=len(launches),
        snapshots=taken,
    )


def _run_once(
    session: Session,
    state: DeviceState,
    kernels: list[cl.Kernel],
    plan: list[PlannedLaunch],
    setter: _ArgumentSetter,
    repeat: int,
    record: Record,
    cancelled: Cancelled,
    hooks: tuple[Launched | None, Started | None],
) -> None:
    """One run of the whole program from the initial contents, waited for once (after
    each launch too when someone listens to `launched`)."""
    events = host_steps.upload(state, setter.buffers, repeat, record)
    record.enter("launch")
    started = time.perf_counter()
    launched, on_start = hooks
    events_of: list[tuple[PlannedLaunch, cl.Event]] = []
    for number, planned in enumerate(plan, repeat * len(plan) + 1):
        if cancelled():
            state.queue.finish()
            message = gettext("stopped by the user before {launch}").format(launch=planned.where())
            raise StepFailed(RunError("cancelled", message))
        kernel = kernels[planned.position - 1]
        logged = repeat == 0 and planned.iteration == 0
        setter.set(kernel, planned, log=logged)
        if logged:
            record.enter("launch")  # back from step 8: a timeout from here is the kernel's
        launch = planned.launch
        try:
            event = cl.enqueue_nd_range_kernel(
                state.queue, kernel, launch.global_size, launch.local_size
            )
        except cl.Error as exc:
            state.queue.finish()
            message = f"{planned.where()}: {plain_words(exc)}"
            raise StepFailed(RunError("run", message)) from None
        events_of.append((planned, event))
        if on_start is not None:
            _tell_start(event, on_start, number)
        if launched is not None:
            state.queue.finish()
            launched(planned)
    enqueued = time.perf_counter()
    state.queue.finish()
    for phase, name, upload in events:
        record.timing(phase, name, repeat, upload)
    for planned, event in events_of:
        p = event.profile
        record.timings.append(
            Timing(
                "kernel",
                planned.launch.kernel,
                repeat,
                p.queued,
                p.submit,
                p.start,
                p.end,
                planned.position,
                planned.iteration,
            )
        )
    if repeat == 0:
        detail = ngettext(
            "{count} launch in order, one queue", "{count} launches in order, one queue", len(plan)
        ).format(count=len(plan))
        record.timed_step(
            "clEnqueueNDRangeKernel", gettext("Launch the kernels"), enqueued - started, detail
        )
        empty = gettext("the queue is empty")
        record.step("clFinish", gettext("Wait for the device"), enqueued, empty)


def _snapshots(
    session: Session,
    state: DeviceState,
    kernels: list[cl.Kernel],
    plan: list[PlannedLaunch],
    setter: _ArgumentSetter,
    cancelled: Cancelled,
) -> tuple[LaunchSnapshot, ...]:
    """The program once more from the initial contents, untimed, copying the written
    buffers after each launch of iteration 0 until SNAPSHOT_BYTES are held.

    It runs to the end, so the device holds the outputs a timed repeat leaves.
    """
    host_steps.upload(state, setter.buffers, session.repeats, Record(kernel=session.kernel))
    written = [b.name for b in setter.buffers if b.written]
    by_name = {b.name: b for b in setter.buffers}
    held = 0
    taken: list[LaunchSnapshot] = []
    for planned in plan:
        if cancelled():
            state.queue.finish()
            message = gettext("stopped by the user before {launch}").format(launch=planned.where())
            raise StepFailed(RunError("cancelled", message))
        kernel = kernels[planned.position - 1]
        setter.set(kernel, planned, log=False)
        launch = planned.launch
        cl.enqueue_nd_range_kernel(state.queue, kernel, launch.global_size, launch.local_size)
        if planned.iteration or held > SNAPSHOT_BYTES:
            continue
        arrays: dict[str, np.ndarray] = {}
        for name in written:
            arrays[name], event = by_name[planned.buffers.get(name, name)].download(state.queue)
            event.wait()
            held += arrays[name].nbytes
        taken.append(LaunchSnapshot(planned.position, launch.kernel, arrays))
    state.queue.finish()
    return tuple(taken)


def _tell_start(event: cl.Event, on_start: Started, number: int) -> None:
    """`on_start(number)` from the driver's thread once the launch of `event` runs."""

    def running(_status: int) -> None:
        on_start(number)

    event.set_callback(cl.command_execution_status.RUNNING, running)


class _ArgumentSetter:
    """clSetKernelArg for a launch, with the buffers its swaps name at its iteration."""

    def __init__(
        self,
        session: Session,
        signatures: dict[str, KernelSignature],
        buffers: list[DeviceObject],
        record: Record,
    ) -> None:
        self._session = session
        self._signatures = signatures
        self.buffers = buffers
        self._by_name = {b.name: b for b in buffers}
        self._record = record
        self._samplers: dict[tuple[int, str], cl.Sampler] = {}  # live until the last launch

    def set(self, kernel: cl.Kernel, planned: PlannedLaunch, log: bool) -> None:
        signature = self._signatures[planned.launch.kernel]
        params = tuple(info.name for info in signature.args)
        specs = launch_args(self._session.args, planned.launch, params, planned.iteration)
        if log:
            self._record.enter("arguments")
        for index, info in enumerate(signature.args):
            started = time.perf_counter()
            detail = self._set_one(kernel, index, info, specs[info.name], planned)
            if log:
                title = gettext("Set argument {index}").format(index=index)
                heading = launch_heading(planned.position, planned.count, planned.launch.kernel)
                self._record.step("clSetKernelArg", title, started, f"{heading}: {detail}")

    def _set_one(
        self,
        kernel: cl.Kernel,
        index: int,
        info: KernelArgInfo,
        spec: ArgSpec,
        planned: PlannedLaunch,
    ) -> str:
        if isinstance(spec, BufferArg | ImageArg):
            name = bound_name(planned.launch, info.name) or info.name
            buffer = self._by_name[planned.buffers.get(name, name)]
            kernel.set_arg(index, buffer.buffer)
            return gettext("{name} = '{buffer}'").format(name=info.name, buffer=buffer.name)
        if isinstance(spec, SamplerArg):
            key = (planned.position, info.name)
            if key not in self._samplers:
                self._samplers[key] = create_sampler(kernel.context, spec)
            kernel.set_arg(index, self._samplers[key])
            return gettext("{name} = sampler ({addressing}, {filter})").format(
                name=info.name, addressing=spec.addressing, filter=spec.filter
            )
        if isinstance(spec, NullArg):
            kernel.set_arg(index, None)  # clSetKernelArg with a NULL cl_mem
            return gettext("{name} = NULL").format(name=info.name)
        if isinstance(spec, LocalArg):
            # pyopencl's type stubs leave LocalMemory out of set_arg's accepted types.
            kernel.set_arg(index, cl.LocalMemory(spec.nbytes))  # type: ignore[arg-type]
            return f"{info.name} = local {spec.nbytes} B"
        assert isinstance(spec, ScalarArg)
        kernel.set_arg(index, scalar_bytes(info.type_name, spec))
        return f"{info.name} = {spec.value} ({info.type_name})"
