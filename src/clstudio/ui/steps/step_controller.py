"""Step mode's requests on a background thread: the next step, or the rest, in the worker.

The backend keeps the steps done so far between requests (see Backend.step). Stop is
safe at any time, as for a run: it cancels between steps or, inside one, kills and
restarts the worker, which makes that step a failed one.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from clstudio.backend import Backend
from clstudio.common import RunError, StepOutcome
from clstudio.session import Session
from clstudio.ui.run.stoppable_job import StoppableJob


class StepController(QObject):
    """One request at a time; `stepFinished` hears each step as it ends, `stepsEnded` the lot."""

    stepsStarted = Signal(int)  # the number of the first step asked for
    stepFinished = Signal(object)  # a StepOutcome
    stepsEnded = Signal(object)  # the tuple of StepOutcomes of the request

    def __init__(self, backend: Backend, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._backend = backend
        self._first = 1
        self._job: StoppableJob[tuple[StepOutcome, ...]] = StoppableJob(
            backend.cancel, self.stepsEnded.emit, self._crashed, _no_progress, self
        )

    def is_running(self) -> bool:
        return self._job.is_running()

    def step(self, session: Session, first: int, count: int) -> bool:
        """Ask for `count` steps from `first` (1 starts afresh); False while a request runs."""
        if self.is_running():
            return False
        self._first = first
        job = self._job

        def work(_progress: object) -> tuple[StepOutcome, ...]:
            def stepped(outcome: StepOutcome) -> None:
                job.post(lambda: self.stepFinished.emit(outcome))

            return self._backend.step(session, first, count, stepped)

        job.start(work)
        self.stepsStarted.emit(first)
        return True

    def stop(self) -> None:
        self._job.stop()

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until the current request has ended; for shutdown and tests."""
        return self._job.wait(msecs)

    def _crashed(self, traceback_text: str) -> tuple[StepOutcome, ...]:
        error = RunError("crash", f"CL Studio failed:\n{traceback_text}")
        return (StepOutcome(self._first, False, error=error),)


def _no_progress(_done: int, _total: int) -> None:
    """Steps report themselves as outcomes, not as counts."""
