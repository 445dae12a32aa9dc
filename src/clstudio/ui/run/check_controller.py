"""Checks on a background thread of their own, so the window, builds and runs go on meanwhile.

The backend starts a worker with Oclgrind's switches (worker.check_client); Stop
asks it to cancel, which kills that worker inside the simulated kernel.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, Signal

from clstudio.checkmode import CheckResult
from clstudio.session import Session
from clstudio.ui.run.run_controller import crash_error
from clstudio.ui.tasks import Lane, Rule, TaskRunner, TaskState
from clstudio.worker.client import ProgressFn


class CheckBackend(Protocol):
    def check(self, session: Session, progress: ProgressFn | None = None) -> CheckResult: ...

    def cancel(self) -> None: ...


class CheckController(QObject):
    """One check at a time; runs and builds have lanes of their own."""

    checkStarted = Signal(object)  # the Session being checked
    progressChanged = Signal(int, int)  # launches done, launches in all (0 of 1: built)
    checkFinished = Signal(object)  # CheckResult

    def __init__(self, backend: CheckBackend, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._backend = backend
        self._kernel = ""
        self._job: TaskRunner[CheckResult, tuple[int, int]] = TaskRunner(
            self,
            Lane.CHECKS,
            Rule.ONE_AT_A_TIME,
            self.checkFinished.emit,
            self._on_job_failed,
            progressed=self._on_job_progressed,
            cancel=backend.cancel,
        )

    def is_running(self) -> bool:
        return self._job.is_busy()

    def check(self, session: Session) -> bool:
        backend = self._backend

        def work(state: TaskState[tuple[int, int]]) -> CheckResult:
            return backend.check(session, lambda done, total: state.progress((done, total)))

        if self._job.submit(work) is None:
            return False
        self._kernel = session.kernel
        self.checkStarted.emit(session)
        return True

    def stop(self) -> None:
        self._job.stop()

    def _on_job_progressed(self, step: tuple[int, int]) -> None:
        self.progressChanged.emit(*step)

    def _on_job_failed(self, traceback_text: str) -> None:
        error = crash_error(traceback_text)
        self.checkFinished.emit(CheckResult(ok=False, kernel=self._kernel, error=error))
