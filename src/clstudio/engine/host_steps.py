"""The steps of the host program that a run and step mode share, each recorded as it happens.

`clstudio.engine.run` performs them all in one go, `clstudio.engine.stepping` one
lesson step at a time (the launches' own steps are in clstudio.engine.device_program);
both record each OpenCL C call as a Step in a `Record`, so that a failed run still
reports what it did. No pyopencl object leaves the engine.
"""

from __future__ import annotations

import time

import numpy as np
import pyopencl as cl

from clstudio.common import (
    N_,
    GuardReport,
    KernelSignature,
    ReferenceReport,
    RunError,
    format_bytes,
    gettext,
    ngettext,
)
from clstudio.devices import DeviceSelector
from clstudio.engine.buffers import DeviceBuffer, allocate
from clstudio.engine.context import DeviceState, OpenCLContexts
from clstudio.engine.images import DeviceImage, allocate_image
from clstudio.engine.kept import BufferPool, KeptContents
from clstudio.engine.run_record import Record, StepFailed
from clstudio.references import (
    check_reference,
    reference_namespace,
    reference_output,
)
from clstudio.session import (
    UNINITIALISED,
    BufferArg,
    ContentsError,
    ImageArg,
    Session,
    named_build_log,
)
from clstudio.session import initial_contents as make_contents

DeviceObject = DeviceBuffer | DeviceImage
REUSED = N_("reused the earlier build")  # a build's detail when the warm program served
COPY_TITLE = N_("Copy the inputs to the device")
FILL_TITLE = N_("Fill the outputs with zeros on the device")
# Copies this large are waited for on their own, so that a timeout names them (`upload`).
WAITED_COPY_BYTES = 16 * 2**20


def open_device(
    contexts: OpenCLContexts, selector: DeviceSelector | None, record: Record
) -> DeviceState:
    """Platforms, device, context and queue in one go (a warm device keeps the last two)."""
    try:
        state, seconds = contexts.open(selector, record.enter)
    except LookupError as exc:
        raise StepFailed(RunError("validate", str(exc))) from None
    record.device = state.name
    record.device_type = state.type
    record.timer_resolution_ns, record.watchdog = state.timer_and_watchdog()
    if "clCreateContext" in seconds:
        context = gettext("for {device}").format(device=state.name)
        queue = gettext("profiling on")
    else:
        context = gettext("for {device} (kept warm from an earlier run)").format(device=state.name)
        queue = gettext("profiling on (kept warm from an earlier run)")
    steps = (
        ("clGetPlatformIDs", gettext("Find the platforms"), state.platform_name),
        ("clGetDeviceIDs", gettext("Choose a device"), f"{state.name} ({state.type})"),
        ("clCreateContext", gettext("Create a context"), context),
        ("clCreateCommandQueue", gettext("Create a command queue"), queue),
    )
    for api, title, detail in steps:
        record.timed_step(api, title, seconds.get(api, 0.0), detail)
    return state


def build_program(
    contexts: OpenCLContexts, session: Session, state: DeviceState, record: Record
) -> tuple[cl.Program, KernelSignature]:
    """clCreateProgramWithSource and clBuildProgram; a failed build names its first error."""
    lines = session.source.count("\n") + 1
    # Created with the build, which the next Step times.
    detail = ngettext("{count} line of source", "{count} lines of source", lines).format(
        count=lines
    )
    record.enter("program")
    record.timed_step("clCreateProgramWithSource", gettext("Create a program"), 0.0, detail)
    record.enter("build")
    started = time.perf_counter()
    build, program, reused = contexts.program(state, session.source, session.build_options)
    record.build = build
    how = (
        gettext(REUSED)
        if reused
        else gettext("built in {ms} ms").format(ms=f"{build.seconds * 1e3:.0f}")
    )
    record.step("clBuildProgram", gettext("Build the program"), started, how)
    if not build.ok or program is None:
        first = build.errors[0] if build.errors else None
        if first is None:
            where = build.log
        elif session.source_map.is_split:  # the part the learner finds the line in
            place = session.source_map.place(first.line, "")
            where = f"{place}:{first.column}: {first.message}"
        else:
            where = gettext("line {line}:{column}: {message}").format(
                line=first.line, column=first.column, message=first.message
            )
        # The driver's temporary copy of the source is named as the learner knows it.
        where = named_build_log(where, session.source_file or "kernel.cl", session.source_map)
        raise StepFailed(
            RunError(
                "build",
                gettext("the kernel source does not build: {where}").format(where=where.strip()),
                line=first.line if first else None,
            )
        )
    signature = build.kernel(session.kernel)
    if signature is None:
        names = ", ".join(k.name for k in build.kernels) or gettext("no kernels")
        raise StepFailed(
            RunError(
                "validate",
                gettext("kernel '{kernel}' is not in the program; it defines: {names}").format(
                    kernel=session.kernel, names=names
                ),
            )
        )
    return program, signature


def first_problem(problems: list[RunError]) -> StepFailed:
    """The first problem validation found, saying how many more there are."""
    first = problems[0]
    message = first.message
    if len(problems) > 1:
        message = gettext("{problem} (and {count} more)").format(
            problem=message, count=len(problems) - 1
        )
    return StepFailed(RunError("validate", message, first.argument))


def create_buffers(
    session: Session,
    signature: KernelSignature,
    state: DeviceState,
    record: Record,
    contents: KeptContents | None = None,
    pool: BufferPool | None = None,
) -> list[DeviceObject]:
    """clCreateBuffer and clCreateImage for each memory argument, from its initial contents.

    With `contents` and `pool`, what an earlier run made for an unchanged argument is
    taken back: its initial contents, and its buffer when the size and access match.
    """
    record.enter("buffers")
    const = {info.name for info in signature.args if info.is_const}
    created: list[DeviceObject] = []
    for info in signature.args:
        spec = session.args[info.name]
        if not isinstance(spec, BufferArg | ImageArg):
            continue
        host = _initial_contents(info.name, spec, session, contents)
        record.inputs[info.name] = host
        if spec.init.kind == UNINITIALISED:
            record.uninitialised.append(info.name)
        if isinstance(spec, ImageArg):
            started = time.perf_counter()
            image = allocate_image(state.context, info.name, spec, info.access, host)
            created.append(image)
            record.step("clCreateImage", gettext("Create an image"), started, image.detail)
            continue
        access = spec.access or ("in" if info.name in const else "inout")
        started = time.perf_counter()
        # A buffer with no host data is made new: one kept from an earlier run holds what
        # that run wrote, which Oclgrind would count as initialised.
        fresh = spec.init.kind == UNINITIALISED
        kept = (
            pool.take(info.name, spec, access, session.guards, host) if pool and not fresh else None
        )
        created.append(
            kept
            or allocate(
                state.context,
                state.queue,
                info.name,
                spec,
                access,
                host,
                state.base_align_bytes,
                session.guards,
            )
        )
        if kept:
            detail = gettext("'{name}': {size}, {access}, kept from an earlier run")
        elif session.guards:
            detail = gettext("'{name}': {size}, {access}, inside guard bands")
        else:
            detail = gettext("'{name}': {size}, {access}")
        detail = detail.format(name=info.name, size=format_bytes(spec.nbytes), access=access)
        record.step("clCreateBuffer", gettext("Create a buffer"), started, detail)
    return created


def _initial_contents(
    name: str, spec: BufferArg | ImageArg, session: Session, contents: KeptContents | None
) -> np.ndarray:
    seed, base_dir = session.seed, session.base_dir
    kept = contents.get(name, spec, seed, base_dir) if contents else None
    if kept is not None:
        return kept
    try:
        host = make_contents(name, spec, seed, base_dir)
    except ContentsError as exc:
        raise StepFailed(RunError("load", str(exc), argument=name)) from None
    except MemoryError:  # the device allows it, this machine's memory does not
        said = gettext(
            "'{name}': the host has not enough free memory to make its initial contents "
            "({size}, and random or normal values are drawn as doubles first): make it smaller"
        )
        message = said.format(name=name, size=format_bytes(spec.nbytes))
        raise StepFailed(RunError("validate", message, argument=name)) from None
    return contents.keep(name, spec, seed, base_dir, host) if contents else host


def upload(
    state: DeviceState, buffers: list[DeviceObject], repeat: int, record: Record
) -> list[tuple[str, str, cl.Event]]:
    """Copy what the kernel may have changed (everything before the first launch).

    An output that starts from zeros is filled on the device instead (clEnqueueFillBuffer).
    The queue runs in order, so the launch waits for the copies by itself; the host waits
    here only for uploads of WAITED_COPY_BYTES or more, which may take long enough for a
    timeout to need telling the copy from the kernel. A smaller copy ends within
    microseconds of its enqueue, and a wait costs a wake-up of the driver's thread, the
    largest cost of a tiny run (bench/bench_worker_runs.py).
    """
    record.enter("upload")
    started = time.perf_counter()
    uploads = [
        b
        for b in buffers
        if (repeat == 0 or b.written) and b.spec.init.kind != UNINITIALISED  # no host data
    ]
    events = [(b.upload_phase, b.name, b.upload(state.queue)) for b in uploads]
    if sum(b.spec.nbytes for b in uploads if b.upload_phase == "upload") >= WAITED_COPY_BYTES:
        cl.wait_for_events([event for _, _, event in events])
    if repeat == 0:
        for api in dict.fromkeys(b.write_api for b in uploads) or ["clEnqueueWriteBuffer"]:
            names = ", ".join(b.name for b in uploads if b.write_api == api) or gettext("none")
            title = FILL_TITLE if api == "clEnqueueFillBuffer" else COPY_TITLE
            record.step(api, gettext(title), started, names)
    return events


class ReadBack:
    """A run's outputs and guard bands on their way back, all enqueued before one wait.

    A run whose read-back is small enqueues it right behind its last launch, so that one
    wait covers the kernel and the read-back (engine.run): a wait costs a wake-up of the
    driver's thread, the largest cost of a tiny run.
    """

    def __init__(self, state: DeviceState, buffers: list[DeviceObject], record: Record) -> None:
        started = time.perf_counter()
        self._record = record
        self._buffers = buffers
        self.outputs: dict[str, np.ndarray] = {}
        self._downloads: list[tuple[str, cl.Event]] = []
        for buffer in buffers:
            if buffer.written:
                self.outputs[buffer.name], event = buffer.download(state.queue)
                self._downloads.append((buffer.name, event))
        self._bands = [reads for b in buffers if (reads := b.read_guards(state.queue)) is not None]
        self.seconds = time.perf_counter() - started  # the step's time, as the panel shows it

    def wait(self) -> float:
        """Wait for every read; the seconds waited."""
        started = time.perf_counter()
        events = [event for _, event in self._downloads]
        events += [reads.event for reads in self._bands]
        if events:
            cl.wait_for_events(events)
        return time.perf_counter() - started

    def finish(self) -> tuple[dict[str, np.ndarray], dict[str, GuardReport]]:
        """clEnqueueReadBuffer's step and the bands' check, once `wait` has returned."""
        record = self._record
        for name, event in self._downloads:
            record.timing("download", name, 0, event)
        read = [b for b in self._buffers if b.written]
        for api in dict.fromkeys(b.read_api for b in read) or ["clEnqueueReadBuffer"]:
            names = ", ".join(b.name for b in read if b.read_api == api)
            record.timed_step(api, gettext("Read the results back"), self.seconds, names)
        return self.outputs, {reads.name: reads.report() for reads in self._bands}


def reads_back_little(buffers: list[DeviceObject]) -> bool:
    """Whether the outputs are small enough to be read back behind the launch, unwaited."""
    return sum(b.spec.nbytes for b in buffers if b.written) < WAITED_COPY_BYTES


def read_back(
    state: DeviceState,
    buffers: list[DeviceObject],
    record: Record,
    reading: ReadBack | None = None,
) -> tuple[dict[str, np.ndarray], dict[str, GuardReport]]:
    """clEnqueueReadBuffer for each output and guard band, one wait, then the bands' check.

    `reading`: the reads already enqueued and waited for with the last launch (engine.run).
    """
    record.enter("read back")
    if reading is None:
        reading = ReadBack(state, buffers, record)
        reading.seconds += reading.wait()
    return reading.finish()


def check_references(
    session: Session,
    signature: KernelSignature,
    outputs: dict[str, np.ndarray],
    record: Record,
) -> dict[str, ReferenceReport]:
    """Compare outputs with their references; a buffer name means its initial contents."""
    namespace = reference_namespace(session, signature, record.inputs)
    reports = {}
    for name, reference in session.references.items():
        output = reference_output(name, outputs)
        if output is not None:
            reports[name] = check_reference(name, reference, output, namespace, session.base_dir)
        else:
            message = (
                gettext("'{name}' is an input image (read_only), so it is not read back")
                if isinstance(session.args.get(name), ImageArg)
                else gettext("'{name}' is not read back: give it access 'out' or 'inout'")
            ).format(name=name)
            reports[name] = ReferenceReport(name, reference.label, False, message=message)
    return reports
