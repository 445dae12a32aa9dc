"""Traffic measurements for the Memory tab off the GUI thread (ui/tasks.py), stoppable.

The backend (worker.traffic_client) runs each measurement in a worker of its own;
Stop cancels it, and the tab hears a measurement that ended "cancelled" like any other.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, Signal

from clstudio.session import Session
from clstudio.traffic import TrafficResult
from clstudio.ui.run.run_controller import crash_error
from clstudio.ui.tasks import Lane, Rule, TaskRunner
from clstudio.worker.client import ProgressFn


class TrafficBackend(Protocol):
    def measure(self, session: Session, progress: ProgressFn | None = None) -> TrafficResult: ...

    def cancel(self) -> None: ...


class MemoryController(QObject):
    """One measurement at a time; the result goes to whoever shows it (the MemoryTab)."""

    measureFinished = Signal(object)  # TrafficResult

    def __init__(self, backend: TrafficBackend, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._backend = backend
        self._kernel = ""
        self._job: TaskRunner[TrafficResult, None] = TaskRunner(
            self,
            Lane.TRAFFIC,
            Rule.ONE_AT_A_TIME,
            self.measureFinished.emit,
            self._on_job_failed,
            cancel=backend.cancel,
        )

    def is_running(self) -> bool:
        return self._job.is_busy()

    def measure(self, session: Session) -> bool:
        """Start measuring `session`; False when a measurement is still under way."""
        backend = self._backend
        if self._job.submit(lambda _state: backend.measure(session)) is None:
            return False
        self._kernel = session.kernel
        return True

    def stop(self) -> None:
        self._job.stop()

    def wait(self, msecs: int = 30_000) -> bool:
        return self._job.wait(msecs)

    def _on_job_failed(self, traceback_text: str) -> None:
        """Unexpected: the traceback goes where the user looks, never into the void."""
        self.measureFinished.emit(TrafficResult(False, self._kernel, crash_error(traceback_text)))
