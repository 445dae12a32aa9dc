"""Runs sessions through the backend on a background thread, so the window never waits.

The backend is the isolated worker process in the app and an in-process engine
in tests. Stop is safe at any time: it asks the backend to cancel, which stops
between repeats or, inside a kernel, kills and restarts the worker.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from clstudio.backend import Backend
from clstudio.common import RunResult
from clstudio.session import Session
from clstudio.ui.run.stoppable_job import StoppableJob, crash_error


class RunController(QObject):
    """One run at a time; the window turns Run into Stop while `is_running()`.

    Stop is safe at any time (see StoppableJob: it insists until the run ends).
    """

    runStarted = Signal(object)  # the Session being run
    progressChanged = Signal(int, int)  # repeats done, repeats in all
    runFinished = Signal(object)  # RunResult

    def __init__(self, backend: Backend, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._backend = backend
        self._job: StoppableJob[RunResult] = StoppableJob(
            backend.cancel, self.runFinished.emit, _crashed, self.progressChanged.emit, self
        )

    def is_running(self) -> bool:
        return self._job.is_running()

    def run(self, session: Session) -> bool:
        """Start a run; False when one is already going."""
        if self.is_running():
            return False
        self._job.start(lambda progress: self._backend.run(session, progress))
        self.runStarted.emit(session)
        return True

    def stop(self) -> None:
        self._job.stop()

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until the current run has ended; for shutdown and tests."""
        return self._job.wait(msecs)


def _crashed(traceback_text: str) -> RunResult:
    return RunResult(ok=False, error=crash_error(traceback_text))
