"""The engine: the OpenCL host program, step by step, for one session.

It follows the lesson's order (platform, device, context, queue, program,
build, kernel, buffers, arguments, NDRange, synchronise, read back) and records
each step with its C API name. Contexts, queues and built programs stay warm
between runs. No pyopencl object leaves this module.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pyopencl as cl

from clstudio.common import (
    BuildResult,
    Diagnostic,
    PeakFigure,
    PeakPlan,
    PeakProbe,
    PeakSample,
    RunError,
    RunResult,
    gettext,
    ngettext,
)
from clstudio.compiler import ProgramBuild
from clstudio.devices import DeviceSelector
from clstudio.engine import host_steps
from clstudio.engine.buffers import DeviceBuffer
from clstudio.engine.cl_errors import plain_words
from clstudio.engine.compilation import build_for_view
from clstudio.engine.context import DeviceState, OpenCLContexts
from clstudio.engine.host_steps import DeviceObject, first_problem
from clstudio.engine.kept import KeptContents
from clstudio.engine.peak_measurement import measure_probe, peak_device
from clstudio.engine.program_run import Launched, Started, run_program
from clstudio.engine.program_stepping import ProgramStepper
from clstudio.engine.run_record import Entering, Record, StepFailed, nowhere
from clstudio.engine.stepping import HostStepper
from clstudio.session import Session
from clstudio.validation import validate

Progress = Callable[[int, int], None]
Cancelled = Callable[[], bool]
# Called once the arguments are set, before the first launch (check mode locates the buffers).
Inspect = Callable[[DeviceState, list[DeviceObject]], None]


class Engine:
    """Runs sessions in this process; the worker process wraps one of these."""

    def __init__(self) -> None:
        self._contexts = OpenCLContexts()
        self._contents = KeptContents()

    def build(
        self,
        source: str,
        options: str,
        selector: DeviceSelector | None,
        entering: Entering = nowhere,
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

    def build_for_view(self, session: Session, entering: Entering = nowhere) -> ProgramBuild:
        """Build and launch `session` once for the compiler view (see engine.compilation)."""
        return build_for_view(self._contexts, lambda s: self.run(s, entering=entering), session)

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

    def stepper(self, session: Session, entering: Entering = nowhere) -> HostStepper:
        """Step mode for `session`, on this engine's warm contexts and builds; a program's
        steps come in parts (engine/program_stepping.py)."""
        if not session.is_single_launch:
            return ProgramStepper(self._contexts, session, entering)
        return HostStepper(self._contexts, session, entering)

    def run(
        self,
        session: Session,
        progress: Progress | None = None,
        cancelled: Cancelled | None = None,
        entering: Entering = nowhere,
        inspect: Inspect | None = None,
        launched: Launched | None = None,
        started: Started | None = None,
        snapshots: bool = False,
    ) -> RunResult:
        """Build and run `session`; every failure becomes a RunResult with its stage.

        `entering` hears each step (clstudio.common.RUN_STEPS) as it begins, so that a
        watcher can tell where a run that never ends spends its time. `launched` hears
        each launch of a program of several launches once it has ended (the queue then
        waits after each launch, for check mode to tell which launch Oclgrind speaks of).
        `started` hears, from a driver's thread, the number of each launch of a program
        in the run (repeats counted on) as it begins to run. `snapshots` asks a program
        for RunResult.snapshots (one-launch sessions ignore it).
        """
        record = Record(kernel=session.kernel, enter=entering)
        try:
            go_on = cancelled or (lambda: False)
            hooks = (launched, started)
            return self._run(session, record, progress, go_on, inspect, hooks, snapshots)
        except StepFailed as failed:
            return record.result(ok=False, error=failed.error)
        except cl.Error as exc:
            return record.result(ok=False, error=RunError("run", plain_words(exc)))

    def _run(
        self,
        session: Session,
        record: Record,
        progress: Progress | None,
        cancelled: Cancelled,
        inspect: Inspect | None = None,
        hooks: tuple[Launched | None, Started | None] = (None, None),
        snapshots: bool = False,
    ) -> RunResult:
        contexts = self._contexts
        if not session.is_single_launch:
            return run_program(
                contexts, session, record, progress, cancelled, inspect, *hooks, snapshots
            )
        state = host_steps.open_device(contexts, session.device, record)
        program, signature = host_steps.build_program(contexts, session, state, record)
        kernel = host_steps.create_kernel(session, state, program, signature, record)
        problems = validate(session, signature, state.limits_for(kernel))
        if problems:
            raise first_problem(problems)
        buffers = host_steps.create_buffers(
            session, signature, state, record, self._contents, state.pool
        )
        samplers = host_steps.set_arguments(session, signature, kernel, buffers, record)
        if inspect:
            inspect(state, buffers)
        local = tuple(session.local_size) if session.local_size else None
        if progress:
            progress(0, session.repeats)  # built and set up: what fails from here is the kernel
        for repeat in range(session.repeats):
            if cancelled():
                message = ngettext(
                    "stopped by the user after {done} of {count} repeat",
                    "stopped by the user after {done} of {count} repeats",
                    session.repeats,
                ).format(done=repeat, count=session.repeats)
                raise StepFailed(RunError("cancelled", message))
            self._launch(session, state, kernel, buffers, repeat, local, record)
            if progress:
                progress(repeat + 1, session.repeats)
        del samplers
        outputs, guard_reports = host_steps.read_back(state, buffers, record)
        if all(g.ok for g in guard_reports.values()):
            state.pool.give_back([b for b in buffers if isinstance(b, DeviceBuffer)])
        references = host_steps.check_references(session, signature, outputs, record)
        ok = all(r.ok for r in references.values()) and all(g.ok for g in guard_reports.values())
        return record.result(
            ok=ok,
            global_size=tuple(session.global_size),
            local_size=local,
            outputs=outputs,
            references=references,
            guards=guard_reports,
        )

    def _launch(
        self,
        session: Session,
        state: DeviceState,
        kernel: cl.Kernel,
        buffers: list[DeviceObject],
        repeat: int,
        local: tuple[int, ...] | None,
        record: Record,
    ) -> None:
        """One repeat: upload what the kernel may have changed, launch, wait."""
        events = host_steps.upload(state, buffers, repeat, record)
        record.enter("launch")
        started = time.perf_counter()
        launch = cl.enqueue_nd_range_kernel(state.queue, kernel, session.global_size, local)
        enqueued = time.perf_counter()
        events.append(("kernel", session.kernel, launch))
        state.queue.finish()
        # Profiling timestamps exist only once a command has completed.
        for phase, name, event in events:
            record.timing(phase, name, repeat, event)
        if repeat == 0:
            size = " x ".join(map(str, session.global_size))
            if local:
                detail = gettext("global size {size}, local size {group}").format(
                    size=size, group=" x ".join(map(str, local))
                )
            else:
                detail = gettext("global size {size}, local size chosen by the driver").format(
                    size=size
                )
            queued = enqueued - started
            title = gettext("Launch the kernel")
            record.timed_step("clEnqueueNDRangeKernel", title, queued, detail)
            empty = gettext("the queue is empty")
            record.step("clFinish", gettext("Wait for the device"), enqueued, empty)


def run_session(session: Session) -> RunResult:
    """Run one session in a fresh engine in this process."""
    return Engine().run(session)
