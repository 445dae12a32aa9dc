"""How a request to the worker ends without an answer: its limits, the words for a
cancel, a timeout, a worker that never booted and one that died, and the failed
result each kind of request gives then."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Literal

from clstudio.common import (
    STEP_NUMBERS,
    BuildResult,
    Diagnostic,
    PeakFigure,
    PeakProbe,
    PeakSample,
    gettext,
    step_at,
)
from clstudio.session import PlannedLaunch, Session, longest_run, planned_launches
from clstudio.validation import null_reads
from clstudio.worker import exit_reasons
from clstudio.worker.life import WorkerLife

if TYPE_CHECKING:  # the compiler's modules load with the first compile (WorkerClient.compile)
    from clstudio.compiler import CompileResult

CANCEL_GRACE_S = 0.5  # how long a cancelled request may take to stop between repeats
START_LIMIT_S = 60.0  # a worker that has not booted by then is reported as crashed
BUILD_LIMIT_S = 120.0
DEVICES_LIMIT_S = 60.0
PEAK_LIMIT_S = 120.0  # one probe: a build, a calibration and its samples
TRAFFIC_RUNS = 6  # a traffic measurement's time limit, in session timeouts: pilot, runs, reading


@dataclass(frozen=True)
class Job:
    """How long to wait for one request, and how to word its end."""

    doing: str  # "running kernel 'k'"
    limit_s: float
    blame: str  # whom a crash is blamed on: "kernel", "compiler" or "driver"
    kernel: str = ""  # set for runs, whose timeout is told by the step it hit
    # A program's launch by its number in the run (the worker's `launch`, which the engine
    # tells only for a launch among several); None for a job that runs no kernel.
    launch_at: Callable[[int], PlannedLaunch | None] | None = None
    # The build's allowance, for a job that builds before it runs (compiles, traffic): it
    # ends when the build does, and `limit_s` counts from there (see Allowance).
    build_limit_s: float = 0.0
    # The compiler view's one run: its allowance lasts until the first launch starts to run.
    # PoCL compiles a kernel's work-group function when its first launch is about to run
    # (the driver says the launch is running once that compile is over); on a loaded
    # machine that compile alone outlasted a session's 10 s (the gallery's tiled matrix
    # multiply), and the user cannot shorten it.
    compiles_at_launch: bool = False
    # The arguments passed as NULL that a kernel dereferences untested: a crash names them.
    null_args: tuple[str, ...] = ()


_BUILD_STEP = STEP_NUMBERS["build"]
_LAUNCH_STEP = STEP_NUMBERS["launch"]


class Allowance:
    """When a request runs out of time. The one rule: a build's allowance ends when the
    build does. Until the worker has gone past its build step (for a job that compiles at
    launch: until its first launch runs) the request may take the build's allowance and the
    job's limit together; from then on, the job's limit alone (without this, an endless
    kernel ran on for the whole unused build allowance).
    """

    def __init__(self, job: Job) -> None:
        self._job = job
        self.deadline: float | None = None  # None until the worker is ready
        self._built = job.build_limit_s <= 0

    @property
    def limit_s(self) -> float:
        """The limit in force, in seconds, as a timeout's message states it."""
        return self._job.limit_s if self._built else self._job.build_limit_s + self._job.limit_s

    def start(self) -> None:
        """The request's time starts now (the worker is ready for it)."""
        self.deadline = time.monotonic() + self.limit_s

    def heard_step(self, step: int, launch: int = 0) -> None:
        """The worker's step now, and the number of the launch it last said was running:
        once past the build, the build's allowance is over."""
        if self._built or step <= _BUILD_STEP or self.deadline is None:
            return
        if self._job.compiles_at_launch and launch == 0 and step <= _LAUNCH_STEP:
            return
        self._built = True
        self.deadline = min(self.deadline, time.monotonic() + self._job.limit_s)


def kernel_job(doing: str, limit_s: float, session: Session) -> Job:
    """The job of running `session`'s program, whose launches have names."""
    nulls = tuple(sorted(null_reads(session)))
    return Job(
        doing, limit_s, "kernel", session.kernel, program_launch_at(session), null_args=nulls
    )


@dataclass(frozen=True)
class Stopped:
    """A request that ended without an answer: its stage and the message for the user."""

    stage: Literal["timeout", "cancelled", "crash"]
    message: str


def stopped_now(
    worker: WorkerLife,
    job: Job,
    allowance: Allowance,
    cancel_at: float | None,
    start_limit_s: float,
) -> Stopped | None:
    """Whether to give up on the request now: cancelled, over its limit, or never booted."""
    now = time.monotonic()
    if cancel_at is not None and now >= cancel_at + CANCEL_GRACE_S:
        return Stopped("cancelled", exit_reasons.cancelled_message(job.doing))
    allowance.heard_step(worker.step.value, worker.launch.value)
    if allowance.deadline is not None and now >= allowance.deadline:
        step = step_at(worker.step.value)
        running = running_launch(worker, job)
        limit_s = allowance.limit_s
        if running is not None:
            message = exit_reasons.timeout_message(running.launch.kernel, limit_s, step)
            message = exit_reasons.in_launch(message, running.where())
        elif job.kernel:
            message = exit_reasons.timeout_message(job.kernel, limit_s, step)
        else:
            message = exit_reasons.busy_message(job.doing, limit_s, step)
        return Stopped("timeout", message)
    if not worker.ready and now - worker.started_at > start_limit_s:
        limit = f"{start_limit_s:g}"
        message = gettext("the worker did not start within {limit} s").format(limit=limit)
        return Stopped("crash", message)
    return None


def closed_while(job: Job) -> Stopped:
    message = gettext("the worker was closed while {doing}").format(doing=job.doing)
    return Stopped("cancelled", message)


def died(
    worker: WorkerLife,
    job: Job,
    exitcode: int | None,
    stderr_text: str,
    running: PlannedLaunch | None = None,
) -> Stopped:
    """The words for a worker that died during `job`, from how it ended, its last words
    and the program's launch that was `running`."""
    if not worker.ready:
        return Stopped("crash", exit_reasons.start_failed_message(exitcode, stderr_text))
    # A compile for the compiler view builds and then launches: a crash in the launch
    # is the kernel's.
    step = step_at(worker.step.value)
    blame = "kernel" if step is not None and step.key == "launch" else job.blame
    message = exit_reasons.crash_message(job.doing, exitcode, stderr_text, blame, job.null_args)
    if running is not None:
        message = exit_reasons.in_launch(message, running.where())
    return Stopped("crash", message)


def running_launch(worker: WorkerLife, job: Job) -> PlannedLaunch | None:
    """The program's launch the worker last said was running, when it said one."""
    number = worker.launch.value
    return job.launch_at(number) if job.launch_at is not None and number > 0 else None


def program_launch_at(session: Session) -> Callable[[int], PlannedLaunch | None]:
    """A program's launch by its number in a run: 1 the first of the first repeat."""

    def launch_at(number: int) -> PlannedLaunch | None:
        # Launches are numbered in the longest run, whatever rounds a loop until done took.
        index = (number - 1) % longest_run(session.launches)
        return next(islice(planned_launches(session.launches), index, None), None)

    return launch_at


def failed_build(stopped: Stopped, options: str, seconds: float) -> BuildResult:
    problem = Diagnostic(0, 0, "error", stopped.message)  # line 0: no place in the source
    return BuildResult(False, stopped.message, (problem,), (), seconds, options=options)


def failed_compile(stopped: Stopped, session: Session) -> CompileResult:
    from clstudio.compiler import unfinished_compile

    return unfinished_compile(
        session.kernel,
        session.build_options,
        session.local_size,
        session.source,
        stopped.stage,
        stopped.message,
    )


def failed_peak(stopped: Stopped, probe: PeakProbe) -> PeakSample:
    """Only this figure fails: a benchmark kernel that crashes or hangs takes no other."""
    figure = PeakFigure(probe.key, None, probe.unit, probe.meaning, error=stopped.message)
    return PeakSample(None, figure, stopped=stopped.stage)
