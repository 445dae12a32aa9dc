"""Runs sessions through the backend on a background thread, so the window never waits.

The backend is the isolated worker process in the app and an in-process engine
in tests. Stop is safe at any time: it asks the backend to cancel, which stops
between repeats or, inside a kernel, kills and restarts the worker.
"""

from __future__ import annotations

import traceback

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal

from clstudio.common import RunError, RunResult
from clstudio.engine import Backend
from clstudio.session import Session

STOP_RETRY_MS = 200


class _Relay(QObject):
    """Lives in the GUI thread, so signals emitted from the pool arrive queued there."""

    progressed = Signal(int, int)
    done = Signal(object)


class _RunTask(QRunnable):
    def __init__(self, backend: Backend, session: Session, relay: _Relay) -> None:
        super().__init__()
        self._backend = backend
        self._session = session
        self._relay = relay

    def run(self) -> None:
        try:
            result = self._backend.run(self._session, self._relay.progressed.emit)
        except Exception:
            # Unexpected: the traceback goes where the user looks, never into the void.
            details = traceback.format_exc()
            result = RunResult(ok=False, error=RunError("crash", f"CL Studio failed:\n{details}"))
        self._relay.done.emit(result)


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
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.progressed.connect(self.progressChanged)
        self._relay.done.connect(self._on_task_done)
        self._running = False
        self._stopping = QTimer(self)
        self._stopping.setInterval(STOP_RETRY_MS)
        self._stopping.timeout.connect(self._backend.cancel)

    def is_running(self) -> bool:
        return self._running

    def run(self, session: Session) -> bool:
        """Start a run; False when one is already going."""
        if self._running:
            return False
        self._running = True
        self.runStarted.emit(session)
        self._pool.start(_RunTask(self._backend, session, self._relay))
        return True

    def stop(self) -> None:
        if self._running:
            self._backend.cancel()
            self._stopping.start()

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until the current run has ended; for shutdown and tests."""
        return self._pool.waitForDone(msecs)

    def _on_task_done(self, result: RunResult) -> None:
        self._stopping.stop()
        self._running = False
        self.runFinished.emit(result)
