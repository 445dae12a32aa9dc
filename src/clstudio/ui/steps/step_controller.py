"""Step mode's requests on a background thread: the next step, or the rest, in the worker.

The backend keeps the steps done so far between requests (see Backend.step). Stop is
safe at any time, as for a run: it cancels between steps or, inside one, kills and
restarts the worker, which makes that step a failed one.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from clstudio.backend import Backend
from clstudio.common import StepOutcome
from clstudio.session import Session
from clstudio.ui.run.run_controller import crash_error
from clstudio.ui.tasks import Lane, Rule, TaskRunner, TaskState


class StepController(QObject):
    """One request at a time; `stepFinished` hears each step as it ends, `stepsEnded` the lot."""

    stepsStarted = Signal(int)  # the number of the first step asked for
    stepFinished = Signal(object)  # a StepOutcome
    stepsEnded = Signal(object)  # the tuple of StepOutcomes of the request

    def __init__(self, backend: Backend, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._backend = backend
        self._first = 1
        # Each step's outcome is its progress.
        self._job: TaskRunner[tuple[StepOutcome, ...], StepOutcome] = TaskRunner(
            self,
            Lane.RUNS,
            Rule.ONE_AT_A_TIME,
            self.stepsEnded.emit,
            self._on_job_failed,
            progressed=self.stepFinished.emit,
            cancel=backend.cancel,
        )

    def is_running(self) -> bool:
        return self._job.is_busy()

    def step(self, session: Session, first: int, count: int) -> bool:
        """Ask for `count` steps from `first` (1 starts afresh); False while a request runs."""
        backend = self._backend

        def work(state: TaskState[StepOutcome]) -> tuple[StepOutcome, ...]:
            return backend.step(session, first, count, state.progress)

        if self._job.submit(work) is None:
            return False
        self._first = first
        self.stepsStarted.emit(first)
        return True

    def stop(self) -> None:
        self._job.stop()

    def _on_job_failed(self, traceback_text: str) -> None:
        error = crash_error(traceback_text)
        self.stepsEnded.emit((StepOutcome(self._first, False, error=error),))
