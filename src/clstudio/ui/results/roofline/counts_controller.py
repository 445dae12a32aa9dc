"""Counts for the Roofline tab off the GUI thread (ui/tasks.py), stoppable.

The backend (worker.count_client) runs each count in a worker of its own on Oclgrind;
Stop cancels it, and the tab hears a count that ended "cancelled" like any other.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject

from clstudio.counts import CountResult
from clstudio.session import Session
from clstudio.ui.results.roofline.roofline_panel import RooflinePanel
from clstudio.ui.run.run_controller import crash_error
from clstudio.ui.tasks import Lane, Rule, TaskRunner
from clstudio.worker.client import ProgressFn


class CountBackend(Protocol):
    def count(self, session: Session, progress: ProgressFn | None = None) -> CountResult: ...

    def cancel(self) -> None: ...


class CountsController(QObject):
    """One count at a time, asked for by the panel and answered to it."""

    def __init__(
        self, backend: CountBackend, panel: RooflinePanel, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._backend = backend
        self._panel = panel
        self._session: Session | None = None
        self._job: TaskRunner[CountResult, None] = TaskRunner(
            self,
            Lane.COUNTS,
            Rule.ONE_AT_A_TIME,
            self._on_job_finished,
            self._on_job_failed,
            cancel=backend.cancel,
        )
        panel.measureOperationsRequested.connect(self._on_panel_measure_operations_requested)
        panel.stopMeasuringRequested.connect(self.stop)

    def is_running(self) -> bool:
        return self._job.is_busy()

    def stop(self) -> None:
        self._job.stop()

    def wait(self, msecs: int = 30_000) -> bool:
        return self._job.wait(msecs)

    def _on_panel_measure_operations_requested(self, session: Session) -> None:
        backend = self._backend
        if self._job.submit(lambda _state: backend.count(session)) is None:
            return
        self._session = session
        self._panel.set_measuring(True)

    def _on_job_finished(self, result: CountResult) -> None:
        if self._session is not None:
            self._panel.show_counts(self._session, result)

    def _on_job_failed(self, traceback_text: str) -> None:
        """Unexpected: the traceback goes where the user looks, never into the void."""
        kernel = self._session.kernel if self._session is not None else ""
        self._on_job_finished(CountResult(False, kernel, crash_error(traceback_text)))
