"""Runs sessions through the backend on a background thread, so the window never waits.

The backend is the isolated worker process in the app and an in-process engine
in tests. Stop is safe at any time: it asks the backend to cancel, which stops
between repeats or, inside a kernel, kills and restarts the worker.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, Signal

from clstudio.backend import Backend
from clstudio.common import RunError, RunResult
from clstudio.session import Session
from clstudio.ui.tasks import Lane, Rule, TaskRunner, TaskState


def crash_error(traceback_text: str) -> RunError:
    """What a job that raised comes back with: a crash, its traceback where the user looks."""
    message = QCoreApplication.translate("RunController", "CL Studio failed:\n{traceback}")
    return RunError("crash", message.format(traceback=traceback_text))


class RunController(QObject):
    """One run at a time; the window turns Run into Stop while `is_running()`.

    Stop is safe at any time: it asks the backend again and again until the run ends.
    """

    runStarted = Signal(object)  # the Session being run
    progressChanged = Signal(int, int)  # repeats done, repeats in all
    runFinished = Signal(object)  # RunResult

    def __init__(self, backend: Backend, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._backend = backend
        self._job: TaskRunner[RunResult, tuple[int, int]] = TaskRunner(
            self,
            Lane.RUNS,
            Rule.ONE_AT_A_TIME,
            self.runFinished.emit,
            self._on_job_failed,
            progressed=self._on_job_progressed,
            cancel=backend.cancel,
        )

    def is_running(self) -> bool:
        return self._job.is_busy()

    def run(self, session: Session) -> bool:
        """Start a run; False when one is already going."""
        backend = self._backend

        def work(state: TaskState[tuple[int, int]]) -> RunResult:
            def progress(done: int, total: int) -> None:
                state.progress((done, total))

            # The Outputs tab shows each launch's buffers, where a program has several.
            return backend.run(session, progress, snapshots=True)

        if self._job.submit(work) is None:
            return False
        self.runStarted.emit(session)
        return True

    def stop(self) -> None:
        self._job.stop()

    def _on_job_progressed(self, step: tuple[int, int]) -> None:
        self.progressChanged.emit(*step)

    def _on_job_failed(self, traceback_text: str) -> None:
        # Unexpected: the traceback goes where the user looks, never into the void.
        self.runFinished.emit(RunResult(ok=False, error=crash_error(traceback_text)))
