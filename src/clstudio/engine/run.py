"""The engine: the OpenCL host program, step by step, for one session.

It follows the lesson's order (platform, device, context, queue, program,
build, kernel, buffers, arguments, NDRange, synchronise, read back) and records
each step with its C API name. Contexts, queues and built programs stay warm
between runs. No pyopencl object leaves this module.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np
import pyopencl as cl

from clstudio.checks import validate
from clstudio.common import (
    BuildResult,
    Diagnostic,
    GuardReport,
    KernelSignature,
    PeakFigure,
    PeakPlan,
    PeakProbe,
    PeakSample,
    ReferenceReport,
    RunError,
    RunResult,
    Step,
    Timing,
    count_text,
    format_bytes,
    kernel_type,
)
from clstudio.devices import DeviceSelector
from clstudio.engine.buffers import DeviceBuffer, allocate
from clstudio.engine.cl_errors import plain_words
from clstudio.engine.context import DeviceState, OpenCLContexts
from clstudio.engine.images import DeviceImage, allocate_image, create_sampler
from clstudio.engine.peaks import measure_probe, peak_device
from clstudio.engine.reference_check import check_reference
from clstudio.session import (
    BufferArg,
    ContentsError,
    ImageArg,
    LocalArg,
    SamplerArg,
    ScalarArg,
    Session,
)
from clstudio.session import initial_contents as make_contents

Progress = Callable[[int, int], None]
Cancelled = Callable[[], bool]
Entering = Callable[[str], None]  # hears the key of each of RUN_STEPS as it begins


def _nowhere(step: str) -> None:
    """No one listens for the steps."""


# Called once the arguments are set, before the first launch (check mode locates the buffers).
Inspect = Callable[[DeviceState, list[DeviceBuffer | DeviceImage]], None]


class _Failed(Exception):
    """Ends a run early with a RunError; what was recorded so far is kept."""

    def __init__(self, error: RunError) -> None:
        super().__init__(error.message)
        self.error = error


@dataclass
class _Record:
    """What a run has produced so far, so that a failed run still reports it."""

    kernel: str
    device: str = ""
    build: BuildResult | None = None
    steps: list[Step] = field(default_factory=list)
    timings: list[Timing] = field(default_factory=list)
    inputs: dict[str, np.ndarray] = field(default_factory=dict)
    enter: Entering = _nowhere

    def step(self, api: str, title: str, started: float, detail: str = "") -> None:
        self.steps.append(Step(api, title, time.perf_counter() - started, detail))

    def timed_step(self, api: str, title: str, seconds: float, detail: str = "") -> None:
        self.steps.append(Step(api, title, seconds, detail))

    def timing(self, phase: str, name: str, repeat: int, event: cl.Event) -> None:
        p = event.profile
        self.timings.append(Timing(phase, name, repeat, p.queued, p.submit, p.start, p.end))

    def result(self, ok: bool, error: RunError | None = None, **more: object) -> RunResult:
        return RunResult(
            ok=ok,
            error=error,
            kernel=self.kernel,
            device=self.device,
            build=self.build,
            steps=tuple(self.steps),
            timings=tuple(self.timings),
            inputs=self.inputs,
            **more,  # type: ignore[arg-type]
        )


class Engine:
    """Runs sessions in this process; the worker process wraps one of these."""

    def __init__(self) -> None:
        self._contexts = OpenCLContexts()

    def build(
        self,
        source: str,
        options: str,
        selector: DeviceSelector | None,
        entering: Entering = _nowhere,
    ) -> BuildResult:
        """Build for the editor: diagnostics and kernel signatures, nothing run."""
        try:
            state, _ = self._contexts.open(selector, entering)
        except LookupError as exc:
            problem = Diagnostic(0, 0, "error", str(exc))
            return BuildResult(False, str(exc), (problem,), (), 0.0, options)
        entering("build")
        result, _, _ = self._contexts.program(state, source, options)
        return result

    def measure_peak(
        self, selector: DeviceSelector | None, probe: PeakProbe, plan: PeakPlan
    ) -> PeakSample:
        """One peak figure of the chosen device, measured with its warm context."""
        try:
            state, _ = self._contexts.open(selector)
        except LookupError as exc:
            figure = PeakFigure(probe.key, None, probe.unit, probe.meaning, error=str(exc))
            return PeakSample(None, figure, stopped="device")
        return PeakSample(peak_device(state), measure_probe(self._contexts, state, probe, plan))

    def run(
        self,
        session: Session,
        progress: Progress | None = None,
        cancelled: Cancelled | None = None,
        entering: Entering = _nowhere,
        inspect: Inspect | None = None,
    ) -> RunResult:
        """Build and run `session`; every failure becomes a RunResult with its stage.

        `entering` hears each step (clstudio.common.RUN_STEPS) as it begins, so that a
        watcher can tell where a run that never ends spends its time.
        """
        record = _Record(kernel=session.kernel, enter=entering)
        try:
            return self._run(session, record, progress, cancelled or (lambda: False), inspect)
        except _Failed as failed:
            return record.result(ok=False, error=failed.error)
        except cl.Error as exc:
            return record.result(ok=False, error=RunError("run", plain_words(exc)))

    def _run(
        self,
        session: Session,
        record: _Record,
        progress: Progress | None,
        cancelled: Cancelled,
        inspect: Inspect | None = None,
    ) -> RunResult:
        state = self._open_device(session.device, record)
        kernel, signature = self._build_kernel(session, state, record)
        buffers = self._create_buffers(session, signature, state, record)
        # clSetKernelArg keeps only a handle: the samplers must live until the last launch.
        samplers = self._set_arguments(session, signature, kernel, buffers, record)
        if inspect:
            inspect(state, buffers)
        local = tuple(session.local_size) if session.local_size else None
        if progress:
            progress(0, session.repeats)  # built and set up: what fails from here is the kernel
        for repeat in range(session.repeats):
            if cancelled():
                total = count_text(session.repeats, "repeat")
                message = f"stopped by the user after {repeat} of {total}"
                raise _Failed(RunError("cancelled", message))
            self._launch(session, state, kernel, buffers, repeat, local, record)
            if progress:
                progress(repeat + 1, session.repeats)
        del samplers
        record.enter("read back")
        outputs, guard_reports = self._read_back(state, buffers, record)
        references = self._check_references(session, signature, outputs, record)
        ok = all(r.ok for r in references.values()) and all(g.ok for g in guard_reports.values())
        return record.result(
            ok=ok,
            global_size=tuple(session.global_size),
            local_size=local,
            outputs=outputs,
            references=references,
            guards=guard_reports,
        )

    def _open_device(self, selector: DeviceSelector | None, record: _Record) -> DeviceState:
        try:
            state, seconds = self._contexts.open(selector, record.enter)
        except LookupError as exc:
            raise _Failed(RunError("validate", str(exc))) from None
        record.device = state.name
        warm = " (kept warm from an earlier run)" if "clCreateContext" not in seconds else ""
        steps = (
            ("clGetPlatformIDs", "Find the platforms", state.platform_name),
            ("clGetDeviceIDs", "Choose a device", f"{state.name} ({state.type})"),
            ("clCreateContext", "Create a context", f"for {state.name}{warm}"),
            ("clCreateCommandQueue", "Create a command queue", f"profiling on{warm}"),
        )
        for api, title, detail in steps:
            record.timed_step(api, title, seconds.get(api, 0.0), detail)
        return state

    def _build_kernel(
        self, session: Session, state: DeviceState, record: _Record
    ) -> tuple[cl.Kernel, KernelSignature]:
        lines = session.source.count("\n") + 1
        detail = f"{lines} lines; created and built in one go, timed in the next step"
        record.enter("program")
        record.timed_step("clCreateProgramWithSource", "Create a program", 0.0, detail)
        record.enter("build")
        started = time.perf_counter()
        build, program, reused = self._contexts.program(
            state, session.source, session.build_options
        )
        record.build = build
        how = "reused the earlier build" if reused else f"built in {build.seconds * 1e3:.0f} ms"
        record.step("clBuildProgram", "Build the program", started, how)
        if not build.ok or program is None:
            first = build.errors[0] if build.errors else None
            where = f"line {first.line}:{first.column}: {first.message}" if first else build.log
            raise _Failed(
                RunError(
                    "build",
                    f"the kernel source does not build: {where.strip()}",
                    line=first.line if first else None,
                )
            )
        signature = build.kernel(session.kernel)
        if signature is None:
            names = ", ".join(k.name for k in build.kernels) or "no kernels"
            raise _Failed(
                RunError(
                    "validate",
                    f"kernel '{session.kernel}' is not in the program; it defines: {names}",
                )
            )
        record.enter("kernel")
        started = time.perf_counter()
        kernel = state.kernel(program, signature.driver_name)
        record.step("clCreateKernel", "Create the kernel", started, session.kernel)
        problems = validate(session, signature, state.limits_for(kernel))
        if problems:
            first_problem = problems[0]
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            raise _Failed(
                RunError("validate", first_problem.message + more, first_problem.argument)
            )
        return kernel, signature

    def _create_buffers(
        self,
        session: Session,
        signature: KernelSignature,
        state: DeviceState,
        record: _Record,
    ) -> list[DeviceBuffer | DeviceImage]:
        record.enter("buffers")
        const = {info.name for info in signature.args if info.is_const}
        created: list[DeviceBuffer | DeviceImage] = []
        for info in signature.args:
            spec = session.args[info.name]
            if not isinstance(spec, BufferArg | ImageArg):
                continue
            try:
                host = make_contents(info.name, spec, session.seed, session.base_dir)
            except ContentsError as exc:
                raise _Failed(RunError("load", str(exc), argument=info.name)) from None
            record.inputs[info.name] = host
            if isinstance(spec, ImageArg):
                started = time.perf_counter()
                image = allocate_image(state.context, info.name, spec, info.access, host)
                created.append(image)
                record.step("clCreateImage", "Create an image", started, image.detail)
                continue
            access = spec.access or ("in" if info.name in const else "inout")
            started = time.perf_counter()
            created.append(
                allocate(
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
            guarded = ", inside guard bands" if session.guards else ""
            detail = f"'{info.name}': {format_bytes(spec.nbytes)}, {access}{guarded}"
            record.step("clCreateBuffer", "Create a buffer", started, detail)
        return created

    def _set_arguments(
        self,
        session: Session,
        signature: KernelSignature,
        kernel: cl.Kernel,
        buffers: list[DeviceBuffer | DeviceImage],
        record: _Record,
    ) -> list[cl.Sampler]:
        record.enter("arguments")
        by_name = {b.name: b for b in buffers}
        samplers = []
        for index, info in enumerate(signature.args):
            started = time.perf_counter()
            spec = session.args[info.name]
            if isinstance(spec, BufferArg | ImageArg):
                kernel.set_arg(index, by_name[info.name].buffer)
                detail = f"{info.name} = {spec.kind} '{info.name}'"
            elif isinstance(spec, SamplerArg):
                samplers.append(create_sampler(kernel.context, spec))
                kernel.set_arg(index, samplers[-1])
                detail = f"{info.name} = sampler ({spec.addressing}, {spec.filter})"
            elif isinstance(spec, LocalArg):
                # pyopencl's type stubs leave LocalMemory out of set_arg's accepted types.
                kernel.set_arg(index, cl.LocalMemory(spec.nbytes))  # type: ignore[arg-type]
                detail = f"{info.name} = {format_bytes(spec.nbytes)} of local memory"
            else:
                assert isinstance(spec, ScalarArg)
                kernel.set_arg(index, scalar_bytes(info.type_name, spec))
                detail = f"{info.name} = {spec.value} ({info.type_name})"
            record.step("clSetKernelArg", f"Set argument {index}", started, detail)
        return samplers

    def _launch(
        self,
        session: Session,
        state: DeviceState,
        kernel: cl.Kernel,
        buffers: list[DeviceBuffer | DeviceImage],
        repeat: int,
        local: tuple[int, ...] | None,
        record: _Record,
    ) -> None:
        """One repeat: upload what the kernel may have changed, launch, wait."""
        record.enter("upload")
        started = time.perf_counter()
        uploads = [b for b in buffers if repeat == 0 or b.written]
        events = [("upload", b.name, b.upload(state.queue)) for b in uploads]
        if events:  # finished before the launch, so that a timeout can tell the two apart
            cl.wait_for_events([event for _, _, event in events])
        if repeat == 0:
            for api in dict.fromkeys(b.write_api for b in uploads) or ["clEnqueueWriteBuffer"]:
                names = ", ".join(b.name for b in uploads if b.write_api == api) or "none"
                record.step(api, "Copy the inputs to the device", started, names)
        record.enter("launch")
        started = time.perf_counter()
        launch = cl.enqueue_nd_range_kernel(state.queue, kernel, session.global_size, local)
        events.append(("kernel", session.kernel, launch))
        state.queue.finish()
        # Profiling timestamps exist only once a command has completed.
        for phase, name, event in events:
            record.timing(phase, name, repeat, event)
        if repeat == 0:
            size = " x ".join(map(str, session.global_size))
            group = " x ".join(map(str, local)) if local else "chosen by the driver"
            detail = f"global size {size}, local size {group}"
            record.step("clEnqueueNDRangeKernel", "Launch the kernel", started, detail)
            record.step("clFinish", "Wait for the device", started, "the queue is empty")

    def _read_back(
        self, state: DeviceState, buffers: list[DeviceBuffer | DeviceImage], record: _Record
    ) -> tuple[dict[str, np.ndarray], dict[str, GuardReport]]:
        started = time.perf_counter()
        outputs: dict[str, np.ndarray] = {}
        for buffer in buffers:
            if buffer.written:
                outputs[buffer.name], event = buffer.download(state.queue)
                event.wait()
                record.timing("download", buffer.name, 0, event)
        read = [b for b in buffers if b.written]
        for api in dict.fromkeys(b.read_api for b in read) or ["clEnqueueReadBuffer"]:
            names = ", ".join(b.name for b in read if b.read_api == api)
            record.step(api, "Read the results back", started, names)
        reports = {}
        for buffer in buffers:
            report = buffer.check_guards(state.queue)
            if report is not None:
                reports[buffer.name] = report
        return outputs, reports

    def _check_references(
        self,
        session: Session,
        signature: KernelSignature,
        outputs: dict[str, np.ndarray],
        record: _Record,
    ) -> dict[str, ReferenceReport]:
        """Compare outputs with their references; a buffer name means its initial contents."""
        namespace = reference_namespace(session, signature, record.inputs)
        reports = {}
        for name, reference in session.references.items():
            if name in outputs:
                reports[name] = check_reference(
                    name, reference, outputs[name], namespace, session.base_dir
                )
            else:
                message = (
                    f"'{name}' is an input image (read_only), so it is not read back"
                    if isinstance(session.args.get(name), ImageArg)
                    else f"'{name}' is not read back: give it access 'out' or 'inout'"
                )
                reports[name] = ReferenceReport(name, reference.label, False, message=message)
        return reports


def reference_namespace(
    session: Session, signature: KernelSignature, inputs: Mapping[str, np.ndarray]
) -> dict[str, object]:
    """The names a reference expression sees: each buffer's initial contents, each scalar."""
    namespace: dict[str, object] = dict(inputs)
    for info in signature.args:
        spec = session.args.get(info.name)
        if isinstance(spec, ScalarArg):
            value = scalar_bytes(info.type_name, spec)
            namespace[info.name] = value if isinstance(spec.value, tuple) else value[0]
    return namespace


def scalar_bytes(type_name: str, spec: ScalarArg) -> np.ndarray:
    """A by-value argument as the kernel declares it (pyopencl refuses plain numbers)."""
    element = kernel_type(type_name)
    values = spec.value if isinstance(spec.value, tuple) else (spec.value,)
    padded = list(values) + [0] * (element.lanes - len(values))
    return np.array(padded, dtype=element.scalar)


def run_session(session: Session) -> RunResult:
    """Run one session in a fresh engine in this process."""
    return Engine().run(session)
