"""Checks on a background thread of their own, so the window, builds and runs go on meanwhile.

The backend starts a worker with Oclgrind's switches (worker.check_client); Stop
asks it to cancel, which kills that worker inside the simulated kernel.
"""

from __future__ import annotations

import traceback
from typing import Protocol

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal

from clstudio.check import CheckResult
from clstudio.common import RunError
from clstudio.session import Session
from clstudio.worker.client import ProgressFn

STOP_RETRY_MS = 200


class CheckBackend(Protocol):
    def check(self, session: Session, progress: ProgressFn | None = None) -> CheckResult: ...

    def cancel(self) -> None: ...


class _Relay(QObject):
    progressed = Signal(int, int)
    done = Signal(object)


class _CheckTask(QRunnable):
    def __init__(self, backend: CheckBackend, session: Session, relay: _Relay) -> None:
        super().__init__()
        self._backend, self._session, self._relay = backend, session, relay

    def run(self) -> None:
        try:
            result = self._backend.check(self._session, self._relay.progressed.emit)
        except Exception:
            details = traceback.format_exc()
            error = RunError("crash", f"CL Studio failed:\n{details}")
            result = CheckResult(ok=False, kernel=self._session.kernel, error=error)
        self._relay.done.emit(result)


class CheckController(QObject):
    """One check at a time; runs and builds have threads of their own."""

    checkStarted = Signal(object)  # the Session being checked
    progressChanged = Signal(int, int)  # launches done, launches in all (0 of 1: built)
    checkFinished = Signal(object)  # CheckResult

    def __init__(self, backend: CheckBackend, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._backend = backend
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.progressed.connect(self.progressChanged)
        self._relay.done.connect(self._on_task_done)
        self._running = False
        # A Stop that comes before the thread has handed the check over finds nothing to
        # cancel: ask again until the check ends.
        self._stopping = QTimer(self)
        self._stopping.setInterval(STOP_RETRY_MS)
        self._stopping.timeout.connect(self._backend.cancel)

    def is_running(self) -> bool:
        return self._running

    def check(self, session: Session) -> bool:
        if self._running:
            return False
        self._running = True
        self.checkStarted.emit(session)
        self._pool.start(_CheckTask(self._backend, session, self._relay))
        return True

    def stop(self) -> None:
        if self._running:
            self._backend.cancel()
            self._stopping.start()

    def wait(self, msecs: int = 30_000) -> bool:
        return self._pool.waitForDone(msecs)

    def _on_task_done(self, result: CheckResult) -> None:
        self._stopping.stop()
        self._running = False
        self.checkFinished.emit(result)
