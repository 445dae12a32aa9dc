"""One long job at a time on the background runner, with a Stop that insists.

Runs and checks both go to a backend that can be cancelled. A Stop that comes before
the background thread has handed the job to the backend would find nothing to cancel,
so Stop asks the backend again and again until the job ends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, QTimer

from clstudio.common import RunError
from clstudio.ui.background import BackgroundRunner
from clstudio.worker.client import ProgressFn

STOP_RETRY_MS = 200
T = TypeVar("T")


def crash_error(traceback_text: str) -> RunError:
    """What a job that raised comes back with: a crash, its traceback where the user looks."""
    message = QCoreApplication.translate("StoppableJob", "CL Studio failed:\n{traceback}")
    return RunError("crash", message.format(traceback=traceback_text))


class StoppableJob(Generic[T]):
    """`finished` hears the answer, or `crashed(traceback)` made into one, on the GUI thread."""

    def __init__(
        self,
        cancel: Callable[[], None],
        finished: Callable[[T], None],
        crashed: Callable[[str], T],
        progressed: Callable[[int, int], None],
        parent: QObject,
    ) -> None:
        self._cancel = cancel
        self._finished = finished
        self._crashed = crashed
        self._progressed = progressed
        self._runner: BackgroundRunner[T] = BackgroundRunner(
            self._on_runner_done, self._on_runner_failed, parent
        )
        self._stopping = QTimer(parent)
        self._stopping.setInterval(STOP_RETRY_MS)
        self._stopping.timeout.connect(cancel)

    def is_running(self) -> bool:
        return self._runner.is_busy()

    def start(self, work: Callable[[ProgressFn], T]) -> None:
        """Run `work(progress)` on the pool thread; progress is relayed to the GUI thread."""
        self._runner.submit(lambda: work(self._report_progress))

    def stop(self) -> None:
        if self.is_running():
            self._cancel()
            self._stopping.start()

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until the current job has ended; for shutdown and tests."""
        return self._runner.wait(msecs)

    def post(self, call: Callable[[], None]) -> None:
        """For the work, on the pool thread: make `call` on the GUI thread, before the answer."""
        self._runner.post(call)

    def _report_progress(self, done: int, total: int) -> None:
        """Called by the backend on the pool thread."""
        self._runner.post(lambda: self._progressed(done, total))

    def _on_runner_done(self, answer: T) -> None:
        self._stopping.stop()
        self._finished(answer)

    def _on_runner_failed(self, traceback_text: str) -> None:
        # Unexpected: the traceback goes where the user looks, never into the void.
        self._on_runner_done(self._crashed(traceback_text))
