"""Runs an exercise check on a background thread, so the window never waits for it.

The check goes through the backend the window runs kernels with (the worker process in
the app), one case after another; progress and the report come back as queued signals.
"""

from __future__ import annotations

import traceback

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from clstudio.engine import Backend
from clstudio.exercises import CheckReport, Exercise, check_kernel


class _Relay(QObject):
    """Lives in the GUI thread, so signals emitted from the pool arrive queued there."""

    progressed = Signal(int, int, str)
    done = Signal(object)
    failed = Signal(str)


class _CheckTask(QRunnable):
    def __init__(self, backend: Backend, exercise: Exercise, source: str, relay: _Relay) -> None:
        super().__init__()
        self._backend = backend
        self._exercise = exercise
        self._source = source
        self._relay = relay

    def run(self) -> None:
        try:
            report = check_kernel(
                self._exercise, self._source, self._backend, self._relay.progressed.emit
            )
        except Exception:
            # Unexpected: the traceback goes where the user looks, never into the void.
            self._relay.failed.emit(traceback.format_exc())
            return
        self._relay.done.emit(report)


class CheckRunner(QObject):
    """One check at a time."""

    progressChanged = Signal(int, int, str)  # steps done, steps in all, what runs now
    checkFinished = Signal(object)  # CheckReport
    checkFailed = Signal(str)  # the traceback of a bug in CL Studio

    def __init__(self, backend: Backend, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._backend = backend
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.progressed.connect(self.progressChanged)
        self._relay.done.connect(self._on_relay_done)
        self._relay.failed.connect(self._on_relay_failed)
        self._running = False

    def is_running(self) -> bool:
        return self._running

    def check(self, exercise: Exercise, source: str) -> bool:
        """Start checking `source`; False when a check is already going."""
        if self._running:
            return False
        self._running = True
        self._pool.start(_CheckTask(self._backend, exercise, source, self._relay))
        return True

    def wait(self, msecs: int = 60_000) -> bool:
        """Block until the current check has ended; for shutdown and tests."""
        return self._pool.waitForDone(msecs)

    def _on_relay_done(self, report: CheckReport) -> None:
        self._running = False
        self.checkFinished.emit(report)

    def _on_relay_failed(self, details: str) -> None:
        self._running = False
        self.checkFailed.emit(details)
