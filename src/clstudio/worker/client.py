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

import os
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, TypeVar

from clstudio.backend import Progress, Stepped
from clstudio.checkmode import CheckPlan, CheckResult
from clstudio.common import (
    BuildResult,
    PeakPlan,
    PeakProbe,
    PeakSample,
    RunError,
    RunResult,
    StepOutcome,
    gettext,
)
from clstudio.devices import DeviceInventory, DeviceSelector
from clstudio.session import Session
from clstudio.worker import protocol
from clstudio.worker.exchange import exchange
from clstudio.worker.kept_inputs import ReceivedInputs
from clstudio.worker.life import NewLife, WorkerDied, WorkerLife
from clstudio.worker.protocol import Request, WorkerFailure
from clstudio.worker.repeated_results import ReceivedResults, RepeatedResult
from clstudio.worker.request_ends import (
    BUILD_LIMIT_S,
    DEVICES_LIMIT_S,
    PEAK_LIMIT_S,
    START_LIMIT_S,
    TRAFFIC_RUNS,
    Job,
    Stopped,
    closed_while,
    died,
    failed_build,
    failed_compile,
    failed_peak,
    kernel_job,
    running_launch,
)
from clstudio.worker.shared_arrays import block_prefix, discard_blocks
from clstudio.worker.spare import SpareWorker

if TYPE_CHECKING:  # their modules load with the first compile, count or traffic measurement
    from clstudio.compiler import CompileResult
    from clstudio.counts import CountPlan, CountResult
    from clstudio.traffic import TrafficPlan, TrafficResult

Planned = TypeVar("Planned", CheckPlan, "CountPlan", "TrafficPlan")
Measured = TypeVar("Measured", CheckResult, "CountResult", "TrafficResult")


class WorkerClient:
    """Runs builds, sessions and device discovery in a worker process that may die."""

    def __init__(
        self,
        build_limit_s: float = BUILD_LIMIT_S,
        devices_limit_s: float = DEVICES_LIMIT_S,
        start_limit_s: float = START_LIMIT_S,
        environment: tuple[tuple[str, str], ...] = (),
        spare: bool = False,
        new_life: NewLife | None = None,
    ) -> None:
        """`environment`: variables for each worker, set before it loads OpenCL.
        `spare`: keep a warm spare worker from the first run on (see the module).
        `new_life`: starts each life of the worker (a process on this machine when None;
        clstudio.remote gives one on another machine)."""
        self._new_life = new_life
        self._environment = environment
        self._build_limit_s = build_limit_s
        self._devices_limit_s = devices_limit_s
        self._start_limit_s = start_limit_s
        self._request_lock = threading.Lock()  # one request at a time
        self._state_lock = threading.Lock()  # what cancel and close look at
        self._worker: WorkerLife | None = None
        self._spare = SpareWorker() if spare else None
        self._generation = 0
        self._next_id = 0
        self._active = False
        self._cancel_at: float | None = None
        self._closed = False
        self._inputs = ReceivedInputs()
        self._results = ReceivedResults()
        # The last session given, the folder it was given in, and it with that folder.
        self._folded: tuple[Session, str, Session] | None = None
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
        job = Job(gettext("listing devices"), self._devices_limit_s, "driver")
        outcome = self._request(protocol.DevicesRequest, job, None)
        if isinstance(outcome, Stopped):
            return DeviceInventory(platforms=(), problem=outcome.message)
        assert isinstance(outcome, DeviceInventory)
        return outcome

    def build(
        self, source: str, options: str = "", selector: DeviceSelector | None = None
    ) -> BuildResult:
        """Build for the editor; a compiler crash gives ok=False with the crash in the log."""
        started = time.perf_counter()
        job = Job(gettext("building the program"), self._build_limit_s, "compiler")
        outcome = self._request(
            lambda id: protocol.BuildRequest(id, source, options, selector), job, None
        )
        if isinstance(outcome, Stopped):
            seconds = time.perf_counter() - started
            return failed_build(outcome, options, seconds)
        assert isinstance(outcome, BuildResult)
        return outcome

    def run(
        self, session: Session, progress: Progress | None = None, snapshots: bool = False
    ) -> RunResult:
        """Build and run `session` within its timeout_s; blocks until there is a result.

        `progress(done, total)` is called in this thread as repeats finish; `snapshots`
        as Backend.run.
        """
        doing = gettext("running kernel '{kernel}'").format(kernel=session.kernel)
        job = kernel_job(doing, session.timeout_s, session)
        session = self._in_this_folder(session)
        outcome = self._request(
            lambda id: protocol.RunRequest(id, session, snapshots), job, progress
        )
        if isinstance(outcome, Stopped):
            error = RunError(outcome.stage, outcome.message)
            self._keep_spare(session, None)
            return RunResult(ok=False, error=error, kernel=session.kernel)
        assert isinstance(outcome, RunResult | RepeatedResult)
        result = self._results.whole(self._inputs.fill(outcome))
        if result.error is None and progress is not None:
            # Every repeat has finished; the worker tells only runs that take a while.
            progress(session.repeats, session.repeats)
        self._keep_spare(session, result)
        return result

    def step(
        self, session: Session, first: int, count: int, stepped: Stepped | None = None
    ) -> tuple[StepOutcome, ...]:
        """Step mode in the worker: up to `count` steps from `first`, within the session's
        timeout_s; `stepped` hears each step in this thread as it ends.

        A timeout, a cancel or a crash fails the step it hit, with the usual words; the
        worker restarts without its stepper, so only Reset (first=1) goes on from there.
        """
        doing = gettext("stepping through kernel '{kernel}'").format(kernel=session.kernel)
        job = Job(doing, session.timeout_s, "kernel", session.kernel)
        session = self._in_this_folder(session)
        heard: list[StepOutcome] = []

        def on_stepped(outcome: StepOutcome) -> None:
            heard.append(outcome)
            if stepped is not None:
                stepped(outcome)

        outcome = self._request(
            lambda id: protocol.StepRequest(id, session, first, count), job, None, on_stepped
        )
        if isinstance(outcome, Stopped):
            number = heard[-1].number + 1 if heard else first
            failed = StepOutcome(number, False, error=RunError(outcome.stage, outcome.message))
            return (*heard, failed)
        assert isinstance(outcome, tuple)
        return outcome

    def check(self, plan: CheckPlan, progress: Progress | None = None) -> CheckResult:
        """Run a planned check; the worker must have been started with plan.environment."""
        doing = gettext("checking kernel '{kernel}' on Oclgrind").format(kernel=plan.session.kernel)
        job = kernel_job(doing, plan.time_limit_s, plan.session)
        return self._planned(plan, job, protocol.CheckRequest, CheckResult, progress)

    def count(self, plan: CountPlan, progress: Progress | None = None) -> CountResult:
        """Run a planned count; the worker must have been started with plan.environment."""
        from clstudio.counts import CountResult

        kernel = plan.session.kernel
        doing = gettext("counting the operations of kernel '{kernel}' on Oclgrind").format(
            kernel=kernel
        )
        job = Job(doing, plan.time_limit_s, "kernel", kernel)
        return self._planned(plan, job, protocol.CountRequest, CountResult, progress)

    def traffic(self, plan: TrafficPlan, progress: Progress | None = None) -> TrafficResult:
        """Run a planned traffic measurement (one run of the instrumented build where its log
        holds every work-group, more where it overflows)."""
        from clstudio.traffic import TrafficResult

        kernel = plan.session.kernel
        doing = gettext("measuring the memory traffic of kernel '{kernel}'").format(kernel=kernel)
        limit = TRAFFIC_RUNS * plan.session.timeout_s
        job = Job(doing, limit, "kernel", kernel, build_limit_s=self._build_limit_s)
        return self._planned(plan, job, protocol.TrafficRequest, TrafficResult, progress)

    def _planned(
        self,
        plan: Planned,
        job: Job,
        request: Callable[[int, Planned], Request],
        answer: type[Measured],
        progress: Progress | None,
    ) -> Measured:
        """The answer to a planned measurement of the plan's session; when it stopped, a
        failed answer that says why."""
        kernel = plan.session.kernel
        plan = replace(plan, session=self._in_this_folder(plan.session))
        outcome = self._request(lambda id: request(id, plan), job, progress)
        if isinstance(outcome, Stopped):
            return answer(False, kernel, RunError(outcome.stage, outcome.message))
        assert isinstance(outcome, answer)
        return outcome

    def compile(self, session: Session) -> CompileResult:
        """Build and launch `session` once and read what the compiler made of it.

        The worker must have been started with COMPILER_ENVIRONMENT (CompilerClient does
        that). A crash, a timeout or a cancel gives ok=False with the words for it.
        """
        from clstudio.compiler import CompileResult

        doing = gettext("compiling kernel '{kernel}' for the compiler view").format(
            kernel=session.kernel
        )
        job = Job(
            doing,
            session.timeout_s,
            "compiler",
            session.kernel,
            build_limit_s=self._build_limit_s,
            compiles_at_launch=True,
        )
        session = self._in_this_folder(session)
        outcome = self._request(lambda id: protocol.CompileRequest(id, session), job, None)
        if isinstance(outcome, Stopped):
            return failed_compile(outcome, session)
        assert isinstance(outcome, CompileResult)
        return outcome

    def measure_peak(
        self, selector: DeviceSelector | None, probe: PeakProbe, plan: PeakPlan
    ) -> PeakSample:
        """One peak figure; a benchmark kernel that crashes or hangs fails only its figure."""
        job = Job(gettext("measuring {figure}").format(figure=probe.key), PEAK_LIMIT_S, "kernel")
        outcome = self._request(
            lambda id: protocol.PeakRequest(id, selector, probe, plan), job, None
        )
        if isinstance(outcome, Stopped):
            return failed_peak(outcome, probe)
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

    def _ensure_worker(self) -> WorkerLife:
        if self._closed:
            raise RuntimeError("this WorkerClient is closed")
        if self._worker is None:
            # The next spare waits for the next good run (SpareWorker.after_run).
            spare = self._spare.take() if self._spare else None
            self._worker = spare or self._new_worker()
        return self._worker

    def _new_worker(self) -> WorkerLife:
        self._generation += 1
        if self._new_life is not None:
            return self._new_life(self._generation, self._environment)
        # The process's module (multiprocessing and all) loads with the first worker, not
        # with the window (tests/ui/test_first_paint_imports.py).
        from clstudio.worker.process import WorkerProcess

        return WorkerProcess(self._generation, self._environment)

    def _keep_spare(self, session: Session, result: RunResult | None) -> None:
        if self._spare is not None:
            with self._request_lock, self._state_lock:
                if not self._closed:
                    self._next_id += 1
                    self._spare.after_run(session, result, self._new_worker, self._next_id)

    def _replace(self, worker: WorkerLife, restart: bool = True) -> None:
        """End a worker's life (killed or dead) and, unless closing, start the next one."""
        worker.kill()
        worker.close()
        with self._state_lock:
            self._worker = None
            self._inputs.forget()
            self._results.forget()
            self.restarts += 1
            if restart and not self._closed:
                self._ensure_worker()

    def _request(
        self,
        make: Callable[[int], Request],
        job: Job,
        progress: Progress | None,
        stepped: Stepped | None = None,
    ) -> object:
        """Send one request and wait for its answer: a payload, or Stopped."""
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
            answered = False
            try:
                outcome = self._exchange(worker, request, job, progress, stepped)
                answered = not isinstance(outcome, Stopped)
                return outcome
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
                # A reply says how many blocks were named for it (exchange); without one,
                # the blocks the worker made are found by their names alone.
                if not answered:
                    discard_blocks(block_prefix(worker.tag, request.id))

    def _exchange(
        self,
        worker: WorkerLife,
        request: Request,
        job: Job,
        progress: Progress | None,
        stepped: Stepped | None,
    ) -> object:
        try:
            outcome = exchange(
                worker,
                request,
                job,
                progress,
                stepped,
                lambda: self._cancel_at,
                self._start_limit_s,
            )
        except WorkerDied:
            return self._crashed(worker, job)
        if isinstance(outcome, Stopped):
            self._replace(worker)
        return outcome

    def _in_this_folder(self, session: Session) -> Session:
        """Relative paths of a session mean this process's folder, not the worker's.

        The same session comes back as the same object, so that the worker is not sent a
        session it already has (WorkerProcess.send) for the price of comparing two copies.
        """
        if session.base_dir is not None:
            return session
        folder = os.getcwd()
        last = self._folded
        if last is not None and last[0] is session and last[1] == folder:
            return last[2]
        folded = replace(session, base_dir=Path(folder))
        self._folded = (session, folder, folded)
        return folded

    def _crashed(self, worker: WorkerLife, job: Job) -> Stopped:
        if self._closed:
            self._replace(worker, restart=False)
            return closed_while(job)
        lost = worker.lost(job.doing)
        if lost is not None:
            self._replace(worker)
            return Stopped("crash", lost)
        exitcode, stderr_text = worker.exitcode(), worker.stderr_text()
        running = running_launch(worker, job)
        self._replace(worker)
        return died(worker, job, exitcode, stderr_text, running)
