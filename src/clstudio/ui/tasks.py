"""Everything the window does off the GUI thread goes through here: one helper, its lanes.

A driver takes seconds to list its devices, a build or a run longer, counting 16 M
values a quarter of a second: the window waits for none of them. A **lane** is a
thread pool shared by every caller of one kind of work (see `Lane`). A **runner** is
one caller's queue on a lane, under one of two rules:

- `Rule.NEWEST_WINS` (ndv's viewer, STYLE.md §3): every request gets a generation
  number. A request made while one runs waits for it, replacing any request waiting
  before it, which is skipped; the answer to a replaced request is dropped.
- `Rule.ONE_AT_A_TIME`: a request made while one is under way is refused.

The work gets a `TaskState` (as in Orange3's task runner): whether it should stop,
progress of a declared type, and `post()` for other calls to the GUI thread. Stop sets
that flag and calls the runner's `cancel` again and again until the work ends: a Stop
that comes before the work has handed its request to the backend would find nothing to
cancel. An exception in the work reaches `failed` with its traceback, on the GUI thread.
`TaskLanes.shutdown()` stops every runner and waits until no lane runs anything.
"""

from __future__ import annotations

import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, TypeVar, cast
from weakref import WeakSet

from PySide6.QtCore import QCoreApplication, QObject, QRunnable, QThreadPool, QTimer, Signal
from shiboken6 import isValid

from clstudio.ui.gui_thread_collector import GuiThreadCollector

T = TypeVar("T")  # what the work answers
P = TypeVar("P")  # what it reports as progress

STOP_RETRY_MS = 200  # how often Stop asks the backend again


class Lane(Enum):
    """Kinds of work that share a pool. A worker process answers one request at a time,
    so a lane needs no more threads than the worker it feeds."""

    TOOLS = "tools"  # device discovery and builds, on the tools worker
    REMOTE = "remote"  # connecting to a remote machine: its set-up over ssh may take minutes
    RUNS = "runs"  # runs, steps and exercise checks, on the runs worker
    CHECKS = "checks"  # Oclgrind checks, in workers of their own: a run may go on meanwhile
    DEBUGGER = "debugger"  # the debugger's commands: one may wait for a breakpoint for long
    COMPILES = "compiles"  # the Compiler tab's compiles, in workers of their own
    COUNTS = "counts"  # the Roofline tab's measured counts on Oclgrind, in workers of their own
    TRAFFIC = "traffic"  # the Memory tab's instrumented runs, in workers of their own
    MEASUREMENTS = "measurements"  # peaks, local-size sweeps, runs on several devices
    CAPTURES = "captures"  # a learner's program run under capture, until it ends
    SUMMARIES = "summaries"  # histograms, line envelopes, exports: numpy in this process


THREADS = {Lane.SUMMARIES: 2}  # numpy lets go of the GIL while it counts: both cores work


class Rule(Enum):
    """What a request made while another is under way does (see the module's docstring)."""

    NEWEST_WINS = "newest wins"
    ONE_AT_A_TIME = "one at a time"


@dataclass(eq=False)
class _Job:
    """One request's life; the Events are shared with its pool thread."""

    runner: TaskRunner[Any, Any]
    generation: int
    cancel: threading.Event = field(default_factory=threading.Event)  # the work reads it
    drop: threading.Event = field(default_factory=threading.Event)  # skip it if not begun
    begun: threading.Event = field(default_factory=threading.Event)
    returned: threading.Event = field(default_factory=threading.Event)
    stopping: bool = False  # Stop was asked: cancel again until it ends (GUI thread only)


@dataclass(frozen=True)
class _Ending:
    answer: object = None
    traceback: str = ""  # of the exception the work raised instead of answering


class _Relay(QObject):
    """Lives in the GUI thread, so signals emitted from the pools arrive queued there."""

    began = Signal(object)  # the _Job
    ended = Signal(object, object)  # the _Job; its _Ending, or None if it was skipped
    progressed = Signal(object, object)  # the _Job, its step
    posted = Signal(object, object)  # the _Job, a call for the GUI thread


class TaskState(Generic[P]):
    """What the work sees on its pool thread: whether to stop, and where progress goes."""

    def __init__(self, job: _Job, relay: _Relay) -> None:
        self._job = job
        self._relay = relay

    def cancelled(self) -> bool:
        """Stop was asked for, the request was replaced, or the window is closing."""
        return self._job.cancel.is_set()

    def progress(self, step: P) -> None:
        """Hand `step` to the runner's `progressed`, on the GUI thread."""
        self._relay.progressed.emit(self._job, step)

    def post(self, call: Callable[[], None]) -> None:
        """Make `call` on the GUI thread, before the answer, unless the request is replaced."""
        self._relay.posted.emit(self._job, call)


class _Runnable(QRunnable):
    def __init__(self, job: _Job, work: Callable[[TaskState[Any]], object], relay: _Relay):
        super().__init__()
        self._job = job
        self._work: Callable[[TaskState[Any]], object] | None = work
        self._relay = relay

    def run(self) -> None:
        job, work = self._job, self._work
        self._work = None
        try:
            ending: _Ending | None = None
            if work is not None and not job.drop.is_set():
                job.begun.set()
                self._relay.began.emit(job)
                try:
                    ending = _Ending(work(TaskState(job, self._relay)))
                except Exception:
                    ending = _Ending(traceback=traceback.format_exc())
            # Let go of what the work held here: freeing a large array can take a while.
            del work
            self._relay.ended.emit(job, ending)
        finally:
            job.returned.set()


class TaskLanes(QObject):
    """The pools, one per lane, their runners, and the GUI thread's cycle collector."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # Created before the relay: children die in creation order, and a pool's
        # destructor waits for its running work, which still needs the relay.
        self._pools: dict[Lane, QThreadPool] = {}
        for lane in Lane:
            pool = QThreadPool(self)
            pool.setMaxThreadCount(THREADS.get(lane, 1))
            self._pools[lane] = pool
        self._relay = _Relay(self)
        self._relay.began.connect(self._on_relay_began)
        self._relay.ended.connect(self._on_relay_ended)
        self._relay.progressed.connect(self._on_relay_progressed)
        self._relay.posted.connect(self._on_relay_posted)
        self._retry = QTimer(self)
        self._retry.setInterval(STOP_RETRY_MS)
        self._retry.timeout.connect(self._on_retry_timeout)
        self._runners: WeakSet[TaskRunner[Any, Any]] = WeakSet()
        GuiThreadCollector(self)
        self._stopping: set[TaskRunner[Any, Any]] = set()
        self._unanswered = 0

    def is_busy(self) -> bool:
        """Whether some work has not sent its ending to the GUI thread yet."""
        return self._unanswered > 0

    def shutdown(self, msecs: int = 60_000) -> bool:
        """Stop every runner made so far and wait until no lane runs anything.

        Work not begun is skipped; answers still on their way are dropped; those
        runners refuse new work. Runners made afterwards work as usual. False if some
        work was still running after `msecs`.
        """
        closing = list(self._runners)
        for runner in closing:
            runner.close()
        deadline = time.monotonic() + msecs / 1000
        while not all([pool.waitForDone(STOP_RETRY_MS) for pool in self._pools.values()]):
            if time.monotonic() > deadline:
                return False
            for runner in closing:
                runner.cancel_again()  # the GUI thread is blocked: no timer does it now
        return True

    def register(self, runner: TaskRunner[Any, Any]) -> None:
        """`shutdown()` closes it; the lanes hold it weakly, so it goes with its owner."""
        self._runners.add(runner)

    def start(self, lane: Lane, job: _Job, work: Callable[[TaskState[Any]], object]) -> None:
        self._unanswered += 1
        self._pools[lane].start(_Runnable(job, work, self._relay))

    def keep_cancelling(self, runner: TaskRunner[Any, Any]) -> None:
        self._stopping.add(runner)
        self._retry.start()

    def _on_retry_timeout(self) -> None:
        for runner in list(self._stopping):
            if not runner.cancel_again():
                self._stopping.discard(runner)
        if not self._stopping:
            self._retry.stop()

    def _on_relay_began(self, job: _Job) -> None:
        job.runner.job_began(job)

    def _on_relay_ended(self, job: _Job, ending: _Ending | None) -> None:
        self._unanswered -= 1
        job.runner.job_ended(job, ending)

    def _on_relay_progressed(self, job: _Job, step: object) -> None:
        job.runner.job_progressed(job, step)

    def _on_relay_posted(self, job: _Job, call: Callable[[], None]) -> None:
        if job.runner.delivers(job):
            call()


def application_lanes() -> TaskLanes:
    """The lanes of this application, made on first use; they go with the application."""
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("background tasks need a QApplication")
    lanes = app.findChild(TaskLanes)
    return lanes if isinstance(lanes, TaskLanes) else TaskLanes(app)


class TaskRunner(Generic[T, P]):
    """One caller's requests on a lane; its callbacks are called on the GUI thread.

    `done` hears the answer and `failed` the traceback of an exception; `progressed`
    the steps the work reports, `began` that the newest request's work has begun.
    Nothing is delivered once `owner` is deleted. `cancel` asks the backend to stop
    the call in flight; Stop calls it until the work ends.
    """

    def __init__(
        self,
        owner: QObject,
        lane: Lane,
        rule: Rule,
        done: Callable[[T], None],
        failed: Callable[[str], None],
        *,
        progressed: Callable[[P], None] | None = None,
        began: Callable[[], None] | None = None,
        cancel: Callable[[], None] | None = None,
        lanes: TaskLanes | None = None,
    ) -> None:
        self._owner = owner
        self._lane = lane
        self._rule = rule
        self._done = done
        self._failed = failed
        self._progressed = progressed
        self._began = began
        self._cancel = cancel
        self._lanes = lanes or application_lanes()
        self._generation = 0
        self._begun = 0  # the newest generation whose work has begun
        self._running: _Job | None = None  # handed to the lane and maybe running
        self._waiting: tuple[int, Callable[[TaskState[P]], T]] | None = None
        self._unanswered: set[_Job] = set()
        self._closed = False
        self._lanes.register(self)

    @property
    def generation(self) -> int:
        """The newest request's number: every submit and supersede makes a new one."""
        return self._generation

    def submit(self, work: Callable[[TaskState[P]], T]) -> int | None:
        """Run `work(state)` on the lane; its generation, or None if refused."""
        if self._closed or (self._rule is Rule.ONE_AT_A_TIME and self.is_busy()):
            return None
        self._generation += 1
        if self._running is None:
            self._start(self._generation, work)
        else:
            self._replace_running()
            self._waiting = (self._generation, work)
        return self._generation

    def supersede(self) -> None:
        """Drop every answer on its way and skip waiting work: what it answers has changed."""
        self._generation += 1
        self._waiting = None
        self._replace_running()

    def stop(self) -> None:
        """Ask the work under way to stop; its answer (a stopped result) still comes."""
        self._waiting = None
        job = self._running
        if job is None:
            return
        job.cancel.set()
        if self._cancel is not None:
            job.stopping = True
            self.cancel_again()
            self._lanes.keep_cancelling(self)

    def is_busy(self) -> bool:
        """Whether some request has not been answered yet, the newest or not."""
        return bool(self._unanswered) or self._waiting is not None

    def is_waiting(self) -> bool:
        """Whether the newest request's work waits for its turn and has not begun."""
        job = self._running
        newest_queued = job is not None and job.generation == self._generation != self._begun
        return self._waiting is not None or newest_queued

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until no work of this runner runs or waits: for tests and closing dialogs,
        never on a user's edit. The answers arrive afterwards, as usual."""
        deadline = time.monotonic() + msecs / 1000
        while self._running is not None:
            if not self._running.returned.wait(max(0.0, deadline - time.monotonic())):
                return False
            self._running = None
            self._start_waiting()
        return True

    def close(self) -> None:
        """Stop for good: the work under way is cancelled, nothing more is delivered."""
        if self._closed:
            return
        self._closed = True
        self._waiting = None
        job = self._running
        if job is not None:
            job.cancel.set()
            job.drop.set()
            job.stopping = True
            self.cancel_again()

    def cancel_again(self) -> bool:
        """Call `cancel` once more if a stopped job still runs; False once it has ended."""
        job = self._running
        if job is None or not job.stopping or job.returned.is_set() or self._cancel is None:
            return False
        if job.begun.is_set():  # before, the backend may be busy with another caller's work
            self._cancel()
        return True

    # Called by the lanes, on the GUI thread ---------------------------------------------

    def job_began(self, job: _Job) -> None:
        if self.delivers(job):
            self._begun = job.generation
            if self._began is not None:
                self._began()

    def job_ended(self, job: _Job, ending: _Ending | None) -> None:
        self._unanswered.discard(job)
        ran = job is self._running
        if ran:
            self._running = None
        delivered = self.delivers(job)  # before the next begins: its owner may be gone
        if ran:
            self._start_waiting()
        if not delivered or ending is None:
            return  # a newer request replaced this one; its answer is on its way
        if ending.traceback:
            self._failed(ending.traceback)
        else:
            self._done(cast("T", ending.answer))

    def job_progressed(self, job: _Job, step: object) -> None:
        if self._progressed is not None and self.delivers(job):
            self._progressed(cast("P", step))

    def delivers(self, job: _Job) -> bool:
        """Whether what `job` sends still reaches the caller: it is the newest, and wanted."""
        if not self._closed and not isValid(self._owner):
            self.close()
        return not self._closed and job.generation == self._generation

    # Inside -----------------------------------------------------------------------------

    def _start(self, generation: int, work: Callable[[TaskState[P]], T]) -> None:
        job = _Job(self, generation)
        self._running = job
        self._unanswered.add(job)
        self._lanes.start(self._lane, job, work)

    def _start_waiting(self) -> None:
        if self._waiting is not None and not self._closed:
            generation, work = self._waiting
            self._waiting = None
            self._start(generation, work)

    def _replace_running(self) -> None:
        job = self._running
        if job is not None and self._rule is Rule.NEWEST_WINS:
            job.cancel.set()
            job.drop.set()
