"""Checks on a background thread of their own, so the window, builds and runs go on meanwhile.

The backend starts a worker with Oclgrind's switches (worker.check_client); Stop
asks it to cancel, which kills that worker inside the simulated kernel.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, Signal

from clstudio.checkmode import CheckResult
from clstudio.session import Session
from clstudio.ui.run.stoppable_job import StoppableJob, crash_error
from clstudio.worker.client import ProgressFn


class CheckBackend(Protocol):
    def check(self, session: Session, progress: ProgressFn | None = None) -> CheckResult: ...

    def cancel(self) -> None: ...


class CheckController(QObject):
    """One check at a time; runs and builds have threads of their own."""

    checkStarted = Signal(object)  # the Session being checked
    progressChanged = Signal(int, int)  # launches done, launches in all (0 of 1: built)
    checkFinished = Signal(object)  # CheckResult

    def __init__(self, backend: CheckBackend, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._backend = backend
        self._kernel = ""
        self._job: StoppableJob[CheckResult] = StoppableJob(
            backend.cancel, self.checkFinished.emit, self._crashed, self.progressChanged.emit, self
        )

    def is_running(self) -> bool:
        return self._job.is_running()

    def check(self, session: Session) -> bool:
        if self.is_running():
            return False
        self._kernel = session.kernel
        self._job.start(lambda progress: self._backend.check(session, progress))
        self.checkStarted.emit(session)
        return True

    def stop(self) -> None:
        self._job.stop()

    def wait(self, msecs: int = 30_000) -> bool:
        return self._job.wait(msecs)

    def _crashed(self, traceback_text: str) -> CheckResult:
        return CheckResult(ok=False, kernel=self._kernel, error=crash_error(traceback_text))
