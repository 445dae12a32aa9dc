"""Long measurements on a thread of their own: peaks, local-size sweeps, runs on several devices.

Each is a function of (progress, cancelled) that makes many backend calls in a
row. Stop sets the flag the function looks at between calls and asks the backend
to cancel the call in flight (in the worker: kill it after a grace period).
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

Progress = Callable[[object], None]
Work = Callable[[Progress, Callable[[], bool]], object]


class _Relay(QObject):
    """Lives in the GUI thread, so signals emitted from the pool arrive queued there."""

    progressed = Signal(object)
    done = Signal(object)
    failed = Signal(str)


class _Task(QRunnable):
    def __init__(self, work: Work, stop: threading.Event, relay: _Relay) -> None:
        super().__init__()
        self._work = work
        self._stop = stop
        self._relay = relay

    def run(self) -> None:
        try:
            result = self._work(self._relay.progressed.emit, self._stop.is_set)
        except Exception:
            self._relay.failed.emit(traceback.format_exc())
            return
        self._relay.done.emit(result)


class MeasurementRunner(QObject):
    """One measurement at a time; `finished` carries its result, `failed` a traceback."""

    started = Signal()
    progressed = Signal(object)
    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, cancel: Callable[[], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._cancel = cancel
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.progressed.connect(self.progressed)
        self._relay.done.connect(self._on_relay_done)
        self._relay.failed.connect(self._on_relay_failed)
        self._stop = threading.Event()
        self._running = False

    def is_running(self) -> bool:
        return self._running

    def start(self, work: Work) -> bool:
        """Run `work` in the background; False when a measurement is already going."""
        if self._running:
            return False
        self._running = True
        self._stop = threading.Event()
        self.started.emit()
        self._pool.start(_Task(work, self._stop, self._relay))
        return True

    def stop(self) -> None:
        if self._running:
            self._stop.set()
            self._cancel()

    def wait(self, msecs: int = 60_000) -> bool:
        """Block until the measurement has ended; for shutdown and tests."""
        return self._pool.waitForDone(msecs)

    def _on_relay_done(self, result: object) -> None:
        self._running = False
        self.finished.emit(result)

    def _on_relay_failed(self, details: str) -> None:
        self._running = False
        self.failed.emit(details)
