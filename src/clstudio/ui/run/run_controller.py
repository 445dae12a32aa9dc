"""Runs sessions through the backend on a background thread, so the window never waits.

The backend is the isolated worker process in the app and an in-process engine
in tests. Stop is safe at any time: it asks the backend to cancel, which stops
between repeats or, inside a kernel, kills and restarts the worker.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from clstudio.common import RunError, RunResult
from clstudio.engine import Backend
from clstudio.session import Session
from clstudio.ui.background import BackgroundRunner

STOP_RETRY_MS = 200


class RunController(QObject):
    """One run at a time; the window turns Run into Stop while `is_running()`.

    Stop asks the backend to cancel again and again until the run ends: a Stop that
    comes before the background thread has handed the run to the backend would
    otherwise find nothing to cancel.
    """

    runStarted = Signal(object)  # the Session being run
    progressChanged = Signal(int, int)  # repeats done, repeats in all
    runFinished = Signal(object)  # RunResult

    def __init__(self, backend: Backend, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._backend = backend
        self._runs: BackgroundRunner[RunResult] = BackgroundRunner(
            self._on_runs_done, self._on_runs_failed, self
        )
        self._stopping = QTimer(self)
        self._stopping.setInterval(STOP_RETRY_MS)
        self._stopping.timeout.connect(self._backend.cancel)

    def is_running(self) -> bool:
        return self._runs.is_busy()

    def run(self, session: Session) -> bool:
        """Start a run; False when one is already going."""
        if self.is_running():
            return False
        self._runs.submit(lambda: self._backend.run(session, self._report_progress))
        self.runStarted.emit(session)
        return True

    def stop(self) -> None:
        if self.is_running():
            self._backend.cancel()
            self._stopping.start()

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until the current run has ended; for shutdown and tests."""
        return self._runs.wait(msecs)

    def _report_progress(self, done: int, total: int) -> None:
        """Called by the backend on the pool thread."""
        self._runs.post(lambda: self.progressChanged.emit(done, total))

    def _on_runs_done(self, result: RunResult) -> None:
        self._stopping.stop()
        self.runFinished.emit(result)

    def _on_runs_failed(self, traceback_text: str) -> None:
        # Unexpected: the traceback goes where the user looks, never into the void.
        message = f"CL Studio failed:\n{traceback_text}"
        self._on_runs_done(RunResult(ok=False, error=RunError("crash", message)))
