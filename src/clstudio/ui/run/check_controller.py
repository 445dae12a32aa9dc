"""Checks on a background thread of their own, so the window, builds and runs go on meanwhile.

The backend starts a worker with Oclgrind's switches (worker.check_client); Stop
asks it to cancel, which kills that worker inside the simulated kernel.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, QTimer, Signal

from clstudio.check import CheckResult
from clstudio.common import RunError
from clstudio.session import Session
from clstudio.ui.background import BackgroundRunner
from clstudio.worker.client import ProgressFn

STOP_RETRY_MS = 200


class CheckBackend(Protocol):
    def check(self, session: Session, progress: ProgressFn | None = None) -> CheckResult: ...

    def cancel(self) -> None: ...


class CheckController(QObject):
    """One check at a time; runs and builds have threads of their own.

    As for runs, Stop asks the backend to cancel until the check ends: a Stop that
    comes before the thread has handed the check over would find nothing to cancel.
    """

    checkStarted = Signal(object)  # the Session being checked
    progressChanged = Signal(int, int)  # launches done, launches in all (0 of 1: built)
    checkFinished = Signal(object)  # CheckResult

    def __init__(self, backend: CheckBackend, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._backend = backend
        self._checks: BackgroundRunner[CheckResult] = BackgroundRunner(
            self._on_checks_done, self._on_checks_failed, self
        )
        self._kernel = ""
        self._stopping = QTimer(self)
        self._stopping.setInterval(STOP_RETRY_MS)
        self._stopping.timeout.connect(self._backend.cancel)

    def is_running(self) -> bool:
        return self._checks.is_busy()

    def check(self, session: Session) -> bool:
        if self.is_running():
            return False
        self._kernel = session.kernel
        self._checks.submit(lambda: self._backend.check(session, self._report_progress))
        self.checkStarted.emit(session)
        return True

    def stop(self) -> None:
        if self.is_running():
            self._backend.cancel()
            self._stopping.start()

    def wait(self, msecs: int = 30_000) -> bool:
        return self._checks.wait(msecs)

    def _report_progress(self, done: int, total: int) -> None:
        """Called by the backend on the pool thread."""
        self._checks.post(lambda: self.progressChanged.emit(done, total))

    def _on_checks_done(self, result: CheckResult) -> None:
        self._stopping.stop()
        self.checkFinished.emit(result)

    def _on_checks_failed(self, traceback_text: str) -> None:
        error = RunError("crash", f"CL Studio failed:\n{traceback_text}")
        self._on_checks_done(CheckResult(ok=False, kernel=self._kernel, error=error))
