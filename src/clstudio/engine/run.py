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
from clstudio.engine.cl_errors import is_late_fault, late_fault_words, plain_words
from clstudio.engine.compilation import build_for_view
from clstudio.engine.context import DeviceState, OpenCLContexts
from clstudio.engine.device_program import Cancelled, DeviceProgram, Launched, Started, never
from clstudio.engine.host_steps import DeviceObject, first_problem
from clstudio.engine.kept import KeptContents
from clstudio.engine.peak_measurement import measure_probe, peak_device
from clstudio.engine.run_record import Entering, Record, StepFailed, nowhere
from clstudio.engine.stepping import HostStepper
from clstudio.session import Session

Progress = Callable[[int, int], None]
# Called once the arguments are set, before the first launch (check mode locates the buffers).
Inspect = Callable[[DeviceState, list[DeviceObject]], None]


class Engine:
    """Runs sessions in this process; the worker process wraps one of these."""

    def __init__(self) -> None:
        self._contexts = OpenCLContexts()
        self._contents = KeptContents()
        # The last session found valid, with the program and device it was checked on:
        # validation reads nothing else, and a repeated run spent a sixth of its time on it.
        self._valid: tuple[Session, cl.Program, DeviceState] | None = None

    def load_drivers(self) -> None:
        """clGetPlatformIDs now: the loader and every driver load (0.1 s and more), before
        a request needs them; a worker booted ahead does it while the user reads."""
        self._contexts.platforms()

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

    def build_for_view(
        self, session: Session, entering: Entering = nowhere, started: Started | None = None
    ) -> ProgramBuild:
        """Build and launch `session` once for the compiler view (see engine.compilation);
        `started` hears each launch begin to run, a lone one too."""

        def run(one: Session) -> RunResult:
            return self.run(one, entering=entering, started=started, tell_lone_launch=True)

        return build_for_view(self._contexts, run, session)

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
        """Step mode for `session`, on this engine's warm contexts and builds."""
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
        tell_lone_launch: bool = False,
    ) -> RunResult:
        """Build and run `session`; every failure becomes a RunResult with its stage.

        `entering` hears each step (clstudio.common.RUN_STEPS) as it begins, so that a
        watcher can tell where a run that never ends spends its time. `launched` hears
        each launch of a program of several launches once it has ended (the queue then
        waits after each launch, for check mode to tell which launch Oclgrind speaks of).
        `started` hears, from a driver's thread, the number of each launch of a program
        in the run (repeats counted on) as it begins to run. `snapshots` asks a program
        that enqueues several launches (a group's iterations count) for RunResult.snapshots.
        With `tell_lone_launch`, `started` hears a launch that is the program's only one too.
        """
        record = Record(kernel=session.kernel, enter=entering)
        try:
            go_on = cancelled or never
            hooks = (launched, started)
            return self._run(
                session, record, progress, go_on, inspect, hooks, snapshots, tell_lone_launch
            )
        except StepFailed as failed:
            return record.result(ok=False, error=failed.error)
        except cl.Error as exc:
            if not is_late_fault(exc):
                return record.result(ok=False, error=RunError("run", plain_words(exc)))
            # A faulted kernel leaves the context broken on a GPU: the next run makes one.
            self._contexts.forget(session.device)
            return record.result(ok=False, error=RunError("run", late_fault_words(exc)))

    def _run(
        self,
        session: Session,
        record: Record,
        progress: Progress | None,
        cancelled: Cancelled,
        inspect: Inspect | None = None,
        hooks: tuple[Launched | None, Started | None] = (None, None),
        snapshots: bool = False,
        tell_lone_launch: bool = False,
    ) -> RunResult:
        """The lesson's steps in one go; the buffers of a run whose guard bands held are
        kept for the next (engine/kept.py)."""
        contexts = self._contexts
        state = host_steps.open_device(contexts, session.device, record)
        program, _ = host_steps.build_program(contexts, session, state, record)
        device = DeviceProgram(session, state, program, record)
        for _ in device.launches:
            device.create_kernel(own=False)
        valid = self._valid
        if valid is None or valid[1] is not program or valid[2] is not state or valid[0] != session:
            problems = device.problems()
            if problems:
                raise first_problem(problems)
            self._valid = (session, program, state)
        device.create_buffers(self._contents, state.pool)
        for position in range(1, len(device.launches) + 1):
            device.set_arguments(position)
        if inspect:
            inspect(state, device.buffers)
        # A launch among several is named to check mode and the worker; one needs no name.
        launched, started = hooks if device.longest > 1 else (None, None)
        if tell_lone_launch:
            started = hooks[1]
        if progress:
            progress(0, session.repeats)  # built and set up: what fails from here is the kernel
        reading: host_steps.ReadBack | None = None
        for repeat in range(session.repeats):
            if cancelled():
                message = ngettext(
                    "stopped by the user after {done} of {count} repeat",
                    "stopped by the user after {done} of {count} repeats",
                    session.repeats,
                ).format(done=repeat, count=session.repeats)
                raise StepFailed(RunError("cancelled", message))
            uploads = device.upload(repeat)
            record.enter("launch")
            begun = time.perf_counter()
            first = repeat * device.longest + 1
            events = device.enqueue(device.run_plan(), first, cancelled, launched, started)
            enqueued = time.perf_counter()
            if repeat == session.repeats - 1 and not (snapshots and device.longest > 1):
                # The read-back queued behind the last launch: one wait for both.
                reading = device.start_read_back()
            if reading is None:
                state.queue.finish()
            else:
                reading.wait()
            device.time(repeat, uploads, events)
            if repeat == 0:
                _record_launch(device, len(events), record, enqueued - begun, enqueued)
            if progress:
                progress(repeat + 1, session.repeats)
        taken = device.snapshots(cancelled) if snapshots and device.longest > 1 else ()
        result = device.read_back(snapshots=taken, reading=reading)
        device.give_back(state.pool, result)
        return result


def _record_launch(
    device: DeviceProgram, count: int, record: Record, queued: float, enqueued: float
) -> None:
    """The steps clEnqueueNDRangeKernel and clFinish, as the first repeat made them (`count`
    launches)."""
    plan = device.plan
    if device.longest > 1:
        title = gettext("Launch the kernels")
        detail = ngettext(
            "{count} launch in order, one queue", "{count} launches in order, one queue", count
        ).format(count=count)
        for loop in device.loops:
            detail += "; " + loop.words()
    else:
        launch = plan[0].launch
        title = gettext("Launch the kernel")
        size = " x ".join(map(str, launch.global_size))
        if launch.local_size:
            detail = gettext("global size {size}, local size {group}").format(
                size=size, group=" x ".join(map(str, launch.local_size))
            )
        else:
            detail = gettext("global size {size}, local size chosen by the driver").format(
                size=size
            )
    record.timed_step("clEnqueueNDRangeKernel", title, queued, detail)
    empty = gettext("the queue is empty")
    record.step("clFinish", gettext("Wait for the device"), enqueued, empty)


def run_session(session: Session) -> RunResult:
    """Run one session in a fresh engine in this process."""
    return Engine().run(session)
