"""The app's side of the worker: requests with limits, cancel, and restarts after a crash.

One thread at a time makes requests (the GUI's controller thread, or `clstudio run`);
any thread may call `cancel` and `close`. Every request ends with a result: a
timeout, a cancel or a crash becomes a RunError with its stage, never a hang, and
the worker is restarted at once so that it is ready again by the next request.

With `spare=True` (the app's runs), a second worker is started after the first run
and warmed with that run's device and program; a life that ends early hands over to
it, so the next run costs about one warm run instead of a boot, a context and a build.
"""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import islice
from pathlib import Path
from types import TracebackType

from clstudio.checkmode import CheckPlan, CheckResult
from clstudio.common import (
    BuildResult,
    Diagnostic,
    PeakFigure,
    PeakPlan,
    PeakProbe,
    PeakSample,
    RunError,
    RunResult,
    StepOutcome,
    gettext,
    step_at,
)
from clstudio.compiler import CompileResult, unfinished_compile
from clstudio.counts import CountPlan, CountResult
from clstudio.devices import DeviceInventory, DeviceSelector
from clstudio.session import LaunchGroup, PlannedLaunch, Session, planned_launches
from clstudio.worker import exit_reasons
from clstudio.worker.kept_inputs import ReceivedInputs
from clstudio.worker.process import WorkerDied, WorkerProcess
from clstudio.worker.protocol import (
    BuildRequest,
    CheckRequest,
    CompileRequest,
    CountRequest,
    DevicesRequest,
    Failure,
    PeakRequest,
    Progress,
    Ready,
    Reply,
    Request,
    RunRequest,
    Stepped,
    StepRequest,
    WorkerFailure,
)
from clstudio.worker.shared_arrays import block_prefix, discard_blocks, take_arrays
from clstudio.worker.spare import SpareWorker

CANCEL_GRACE_S = 0.5  # how long a cancelled request may take to stop between repeats
START_LIMIT_S = 60.0  # a worker that has not booted by then is reported as crashed
BUILD_LIMIT_S = 120.0
DEVICES_LIMIT_S = 60.0
PEAK_LIMIT_S = 120.0  # one probe: a build, a calibration and its samples
_TICK_S = 0.05  # how often a waiting request looks at cancel and its limit

ProgressFn = Callable[[int, int], None]
SteppedFn = Callable[[StepOutcome], None]


@dataclass(frozen=True)
class _Job:
    """How long to wait for one request, and how to word its end."""

    doing: str  # "running kernel 'k'"
    limit_s: float
    blame: str  # whom a crash is blamed on: "kernel", "compiler" or "driver"
    kernel: str = ""  # set for runs, whose timeout is told by the step it hit
    # A program's launch by its number in the run (the worker's `launch`); None for one launch.
    launch_at: Callable[[int], PlannedLaunch | None] | None = None


@dataclass(frozen=True)
class _Stopped:
    """A request that ended without an answer: its stage and the message for the user."""

    stage: str  # "timeout", "cancelled" or "crash"
    message: str


class WorkerClient:
    """Runs builds, sessions and device discovery in a worker process that may die."""

    def __init__(
        self,
        build_limit_s: float = BUILD_LIMIT_S,
        devices_limit_s: float = DEVICES_LIMIT_S,
        start_limit_s: float = START_LIMIT_S,
        environment: tuple[tuple[str, str], ...] = (),
        spare: bool = False,
    ) -> None:
        """`environment`: variables for each worker, set before it loads OpenCL.
        `spare`: keep a warm spare worker from the first run on (see the module)."""
        self._context = multiprocessing.get_context("spawn")
        self._environment = environment
        self._build_limit_s = build_limit_s
        self._devices_limit_s = devices_limit_s
        self._start_limit_s = start_limit_s
        self._request_lock = threading.Lock()  # one request at a time
        self._state_lock = threading.Lock()  # what cancel and close look at
        self._worker: WorkerProcess | None = None
        self._spare = SpareWorker() if spare else None
        self._generation = 0
        self._next_id = 0
        self._active = False
        self._cancel_at: float | None = None
        self._closed = False
        self._inputs = ReceivedInputs()
        self.restarts = 0  # lives ended early: by a timeout, a cancel, a crash or an interrupt

    def __enter__(self) -> WorkerClient:
        self.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @property
    def pid(self) -> int | None:
        """The worker's process id, or None before start and after close."""
        worker = self._worker
        return worker.pid if worker else None

    def start(self) -> None:
        """Start the worker in the background; requests wait until it has booted."""
        with self._request_lock:
            self._ensure_worker()

    def devices(self) -> DeviceInventory:
        """Every platform and device; a driver crash gives no platforms and says why."""
        job = _Job(gettext("listing devices"), self._devices_limit_s, "driver")
        outcome = self._request(DevicesRequest, job, None)
        if isinstance(outcome, _Stopped):
            return DeviceInventory(platforms=(), problem=outcome.message)
        assert isinstance(outcome, DeviceInventory)
        return outcome

    def build(
        self, source: str, options: str = "", selector: DeviceSelector | None = None
    ) -> BuildResult:
        """Build for the editor; a compiler crash gives ok=False with the crash in the log."""
        started = time.perf_counter()
        job = _Job(gettext("building the program"), self._build_limit_s, "compiler")
        outcome = self._request(lambda id: BuildRequest(id, source, options, selector), job, None)
        if isinstance(outcome, _Stopped):
            seconds = time.perf_counter() - started
            problem = Diagnostic(0, 0, "error", outcome.message)  # line 0: no place in the source
            return BuildResult(False, outcome.message, (problem,), (), seconds, options=options)
        assert isinstance(outcome, BuildResult)
        return outcome

    def run(self, session: Session, progress: ProgressFn | None = None) -> RunResult:
        """Build and run `session` within its timeout_s; blocks until there is a result.

        `progress(done, total)` is called in this thread as repeats finish.
        """
        doing = gettext("running kernel '{kernel}'").format(kernel=session.kernel)
        launch_at = program_launch_at(session) if session.launches else None
        job = _Job(doing, session.timeout_s, "kernel", session.kernel, launch_at)
        session = _in_this_folder(session)
        outcome = self._request(lambda id: RunRequest(id, session), job, progress)
        if isinstance(outcome, _Stopped):
            error = RunError(outcome.stage, outcome.message)
            self._keep_spare(session, None)
            return RunResult(ok=False, error=error, kernel=session.kernel)
        assert isinstance(outcome, RunResult)
        self._keep_spare(session, outcome)
        return self._inputs.fill(outcome)

    def step(
        self, session: Session, first: int, count: int, stepped: SteppedFn | None = None
    ) -> tuple[StepOutcome, ...]:
        """Step mode in the worker: up to `count` steps from `first`, within the session's
        timeout_s; `stepped` hears each step in this thread as it ends.

        A timeout, a cancel or a crash fails the step it hit, with the usual words; the
        worker restarts without its stepper, so only Reset (first=1) goes on from there.
        """
        doing = gettext("stepping through kernel '{kernel}'").format(kernel=session.kernel)
        job = _Job(doing, session.timeout_s, "kernel", session.kernel)
        session = _in_this_folder(session)
        heard: list[StepOutcome] = []

        def on_stepped(outcome: StepOutcome) -> None:
            heard.append(outcome)
            if stepped is not None:
                stepped(outcome)

        outcome = self._request(
            lambda id: StepRequest(id, session, first, count), job, None, on_stepped
        )
        if isinstance(outcome, _Stopped):
            number = heard[-1].number + 1 if heard else first
            failed = StepOutcome(number, False, error=RunError(outcome.stage, outcome.message))
            return (*heard, failed)
        assert isinstance(outcome, tuple)
        return outcome

    def check(self, plan: CheckPlan, progress: ProgressFn | None = None) -> CheckResult:
        """Run a planned check; the worker must have been started with plan.environment."""
        session = plan.session
        doing = gettext("checking kernel '{kernel}' on Oclgrind").format(kernel=session.kernel)
        launch_at = program_launch_at(session) if session.launches else None
        job = _Job(doing, plan.time_limit_s, "kernel", session.kernel, launch_at)
        plan = replace(plan, session=_in_this_folder(session))
        outcome = self._request(lambda id: CheckRequest(id, plan), job, progress)
        if isinstance(outcome, _Stopped):
            error = RunError(outcome.stage, outcome.message)
            return CheckResult(ok=False, kernel=session.kernel, error=error)
        assert isinstance(outcome, CheckResult)
        return outcome

    def count(self, plan: CountPlan, progress: ProgressFn | None = None) -> CountResult:
        """Run a planned count; the worker must have been started with plan.environment."""
        session = plan.session
        doing = gettext("counting the operations of kernel '{kernel}' on Oclgrind").format(
            kernel=session.kernel
        )
        job = _Job(doing, plan.time_limit_s, "kernel", session.kernel)
        plan = replace(plan, session=_in_this_folder(session))
        outcome = self._request(lambda id: CountRequest(id, plan), job, progress)
        if isinstance(outcome, _Stopped):
            return CountResult(False, session.kernel, RunError(outcome.stage, outcome.message))
        assert isinstance(outcome, CountResult)
        return outcome

    def compile(self, session: Session) -> CompileResult:
        """Build and launch `session` once and read what the compiler made of it.

        The worker must have been started with COMPILER_ENVIRONMENT (CompilerClient does
        that). A crash, a timeout or a cancel gives ok=False with the words for it.
        """
        doing = gettext("compiling kernel '{kernel}' for the compiler view").format(
            kernel=session.kernel
        )
        job = _Job(doing, self._build_limit_s + session.timeout_s, "compiler", session.kernel)
        session = _in_this_folder(session)
        outcome = self._request(lambda id: CompileRequest(id, session), job, None)
        if isinstance(outcome, _Stopped):
            local = tuple(session.local_size) if session.local_size else None
            return unfinished_compile(
                session.kernel,
                session.build_options,
                local,
                session.source,
                outcome.stage,
                outcome.message,
            )
        assert isinstance(outcome, CompileResult)
        return outcome

    def measure_peak(
        self, selector: DeviceSelector | None, probe: PeakProbe, plan: PeakPlan
    ) -> PeakSample:
        """One peak figure; a benchmark kernel that crashes or hangs fails only its figure."""
        job = _Job(gettext("measuring {figure}").format(figure=probe.key), PEAK_LIMIT_S, "kernel")
        outcome = self._request(lambda id: PeakRequest(id, selector, probe, plan), job, None)
        if isinstance(outcome, _Stopped):
            figure = PeakFigure(probe.key, None, probe.unit, probe.meaning, error=outcome.message)
            return PeakSample(None, figure, stopped=outcome.stage)
        assert isinstance(outcome, PeakSample)
        return outcome

    def cancel(self) -> None:
        """Stop the running request: between repeats, or by killing the worker after 0.5 s."""
        with self._state_lock:
            if not self._active or self._cancel_at is not None or self._worker is None:
                return
            self._cancel_at = time.monotonic()
            self._worker.cancel.set()

    def close(self) -> None:
        """Stop the worker for good; a request still running ends as cancelled."""
        with self._state_lock:
            self._closed = True
            if self._active and self._worker is not None:
                self._worker.kill()
        with self._request_lock:
            if self._worker is not None:
                self._worker.close()
                self._worker = None
            if self._spare is not None:
                self._spare.close()

    @property
    def spare_pid(self) -> int | None:
        """The spare worker's process id, or None while there is none."""
        return self._spare.pid if self._spare else None

    def _ensure_worker(self) -> WorkerProcess:
        if self._closed:
            raise RuntimeError("this WorkerClient is closed")
        if self._worker is None:
            spare = self._spare.take() if self._spare else None
            self._worker = spare or self._new_worker()
            if spare is not None:
                self._start_spare()
        return self._worker

    def _new_worker(self) -> WorkerProcess:
        self._generation += 1
        return WorkerProcess(self._context, self._generation, self._environment)

    def _keep_spare(self, session: Session, result: RunResult | None) -> None:
        """After a run: remember its program for the next spare, and start one if none waits."""
        if self._spare is None:
            return
        with self._request_lock, self._state_lock:
            self._spare.remember(session, result)
            if not self._closed:
                self._start_spare()

    def _start_spare(self) -> None:
        if self._spare is not None:
            self._next_id += 1
            self._spare.start(self._new_worker, self._next_id)

    def _replace(self, worker: WorkerProcess, restart: bool = True) -> None:
        """End a worker's life (killed or dead) and, unless closing, start the next one."""
        worker.kill()
        worker.close()
        with self._state_lock:
            self._worker = None
            self._inputs.forget()
            self.restarts += 1
            if restart and not self._closed:
                self._ensure_worker()

    def _request(
        self,
        make: Callable[[int], Request],
        job: _Job,
        progress: ProgressFn | None,
        stepped: SteppedFn | None = None,
    ) -> object:
        """Send one request and wait for its answer: a payload, or _Stopped."""
        with self._request_lock:
            with self._state_lock:
                worker = self._ensure_worker()
                self._next_id += 1
                request = make(self._next_id)
                worker.cancel.clear()
                worker.step.value = -1
                worker.launch.value = 0
                self._cancel_at = None
                self._active = True
            try:
                return self._exchange(worker, request, job, progress, stepped)
            except WorkerFailure:
                raise  # the worker is fine: it answered, with a traceback
            except BaseException:
                # An interrupt or a failing progress callback: the worker may still be busy
                # with this request, so this life ends; the next request starts a new one.
                self._replace(worker, restart=False)
                raise
            finally:
                with self._state_lock:
                    self._active = False
                discard_blocks(block_prefix(worker.tag, request.id))

    def _exchange(
        self,
        worker: WorkerProcess,
        request: Request,
        job: _Job,
        progress: ProgressFn | None,
        stepped: SteppedFn | None,
    ) -> object:
        # The limit counts from when the worker is ready: a restart's boot is not the user's.
        deadline = time.monotonic() + job.limit_s if worker.ready else None
        try:
            worker.send(request)
            while True:
                # A message that has arrived wins over a limit that has passed meanwhile.
                wait_s = _TICK_S if deadline is None else min(_TICK_S, deadline - time.monotonic())
                message = worker.receive(wait_s)
                if isinstance(message, Ready) or (
                    isinstance(message, Reply) and message.id != request.id
                ):
                    # Booted, or done warming up as a spare: the request's time starts now.
                    deadline = time.monotonic() + job.limit_s
                elif message is not None and message.id == request.id:
                    if isinstance(message, Reply):
                        return take_arrays(message.payload)
                    if isinstance(message, Failure):
                        raise WorkerFailure(message.traceback)
                    if isinstance(message, Progress) and progress is not None:
                        progress(message.done, message.total)
                    if isinstance(message, Stepped) and stepped is not None:
                        stepped(message.outcome)
                stopped = self._stopped(worker, deadline, job)
                if stopped is not None:
                    self._replace(worker)
                    return stopped
        except WorkerDied:
            return self._crashed(worker, job)

    def _stopped(
        self,
        worker: WorkerProcess,
        deadline: float | None,
        job: _Job,
    ) -> _Stopped | None:
        """Whether to give up on the request now: cancelled, over its limit, or never booted."""
        now = time.monotonic()
        cancel_at = self._cancel_at
        if cancel_at is not None and now >= cancel_at + CANCEL_GRACE_S:
            return _Stopped("cancelled", exit_reasons.cancelled_message(job.doing))
        if deadline is not None and now >= deadline:
            step = step_at(worker.step.value)
            running = _running(worker, job)
            if running is not None:
                message = exit_reasons.timeout_message(running.launch.kernel, job.limit_s, step)
                message = exit_reasons.in_launch(message, running.where())
            elif job.kernel:
                message = exit_reasons.timeout_message(job.kernel, job.limit_s, step)
            else:
                message = exit_reasons.busy_message(job.doing, job.limit_s, step)
            return _Stopped("timeout", message)
        if not worker.ready and now - worker.started_at > self._start_limit_s:
            limit = f"{self._start_limit_s:g}"
            message = gettext("the worker did not start within {limit} s").format(limit=limit)
            return _Stopped("crash", message)
        return None

    def _crashed(self, worker: WorkerProcess, job: _Job) -> _Stopped:
        if self._closed:
            self._replace(worker, restart=False)
            message = gettext("the worker was closed while {doing}").format(doing=job.doing)
            return _Stopped("cancelled", message)
        exitcode = worker.exitcode()
        stderr_text = worker.stderr_text()
        running = _running(worker, job)
        self._replace(worker)
        if not worker.ready:
            return _Stopped("crash", exit_reasons.start_failed_message(exitcode, stderr_text))
        # A compile for the compiler view builds and then launches: a crash in the launch
        # is the kernel's.
        step = step_at(worker.step.value)
        blame = "kernel" if step is not None and step.key == "launch" else job.blame
        message = exit_reasons.crash_message(job.doing, exitcode, stderr_text, blame)
        if running is not None:
            message = exit_reasons.in_launch(message, running.where())
        return _Stopped("crash", message)


def _running(worker: WorkerProcess, job: _Job) -> PlannedLaunch | None:
    """The program's launch the worker last said was running, when it said one."""
    number = worker.launch.value
    return job.launch_at(number) if job.launch_at is not None and number > 0 else None


def program_launch_at(session: Session) -> Callable[[int], PlannedLaunch | None]:
    """A program's launch by its number in a run: 1 the first of the first repeat."""

    def launch_at(number: int) -> PlannedLaunch | None:
        per_run = sum(
            e.iterations * len(e.launches) if isinstance(e, LaunchGroup) else 1
            for e in session.launches
        )
        index = (number - 1) % per_run
        return next(islice(planned_launches(session.launches), index, None), None)

    return launch_at


def _in_this_folder(session: Session) -> Session:
    """Relative paths of a session mean this process's folder, not the worker's."""
    return session if session.base_dir is not None else replace(session, base_dir=Path.cwd())
