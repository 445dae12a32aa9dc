"""One job at a time for a tab: a job that knows how to run itself, on a lane of tasks.

A run, a step, a check, a compile, a traffic measurement and a count each go to a
backend off the GUI thread, one at a time, and Stop asks that backend to cancel. The
job carries what it runs and what it answers should the work raise (napari's layer
slicer, STYLE.md §11), so the controller has no branch per kind: a new measurement
is one Job class and one tab.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Generic, Protocol, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, Signal

from clstudio.common import RunError
from clstudio.ui.tasks import Lane, Rule, TaskRunner, TaskState


class Cancellable(Protocol):
    def cancel(self) -> None:
        """Stop the call under way, from any thread."""


B = TypeVar("B", bound=Cancellable)  # the backend the work calls
R = TypeVar("R")  # what the job answers
P = TypeVar("P")  # what it reports as progress


def crash_error(traceback_text: str) -> RunError:
    """What a job that raised comes back with: a crash, its traceback where the user looks."""
    message = QCoreApplication.translate("JobController", "CL Studio failed:\n{traceback}")
    return RunError("crash", message.format(traceback=traceback_text))


class Job(ABC, Generic[B, R, P]):
    """A request to a JobController: what it runs on the backend, and the failed answer
    that stands for it if the work raised instead. The unexpected reaches the user,
    never the void."""

    @abstractmethod
    def run(self, backend: B, state: TaskState[P]) -> R:
        """On a pool thread: the backend's answer."""

    @abstractmethod
    def crashed(self, error: RunError) -> R:
        """The answer to show when the work raised `error` (a crash with its traceback)."""


class JobController(QObject, Generic[B, R, P]):
    """One job at a time on `backend`, on `lane`; a job submitted meanwhile is refused.

    Stop is safe at any time: it asks the backend again and again until the work ends,
    and the answer (a stopped result) still comes.
    """

    started = Signal(Job)  # the job handed to the lane
    progressed = Signal(object)  # a step of the work's progress: a P
    finished = Signal(Job, object)  # the job, and its answer: an R

    def __init__(self, backend: B, lane: Lane, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._backend = backend
        self._job: Job[B, R, P] | None = None  # the one under way
        self._runner: TaskRunner[R, P] = TaskRunner(
            self,
            lane,
            Rule.ONE_AT_A_TIME,
            self._on_runner_done,
            self._on_runner_failed,
            progressed=self.progressed.emit,
            cancel=backend.cancel,
        )

    def is_running(self) -> bool:
        return self._runner.is_busy()

    def submit(self, job: Job[B, R, P]) -> bool:
        """Start `job`; False when one is still under way."""
        backend = self._backend
        if self._runner.submit(lambda state: job.run(backend, state)) is None:
            return False
        self._job = job
        self.started.emit(job)
        return True

    def stop(self) -> None:
        self._runner.stop()

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until no work runs: for tests and closing, never on a user's edit."""
        return self._runner.wait(msecs)

    def _on_runner_done(self, answer: R) -> None:
        assert self._job is not None  # one at a time: the job that started
        self.finished.emit(self._job, answer)

    def _on_runner_failed(self, traceback_text: str) -> None:
        assert self._job is not None
        self.finished.emit(self._job, self._job.crashed(crash_error(traceback_text)))
