"""Device discovery off the GUI thread: a driver can take seconds to answer.

The discover callable is injected, so tests pass a fake and the isolated worker
process can take over later without the panels noticing.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

if TYPE_CHECKING:
    from clstudio.devices import DeviceInventory

DiscoverFn = Callable[[], "DeviceInventory"]


class _Relay(QObject):
    """Lives in the GUI thread, so signals emitted from the pool arrive queued there."""

    done = Signal(int, object)
    crashed = Signal(int, str)


class _DiscoverTask(QRunnable):
    def __init__(self, discover: DiscoverFn, relay: _Relay, tag: int) -> None:
        super().__init__()
        self._discover = discover
        self._relay = relay
        self._tag = tag

    def run(self) -> None:
        try:
            inventory = self._discover()
        except Exception:
            self._relay.crashed.emit(self._tag, traceback.format_exc())
        else:
            self._relay.done.emit(self._tag, inventory)


class DiscoveryRunner(QObject):
    """Runs `discover` in a private thread pool; answers to superseded runs are dropped."""

    started = Signal()
    finished = Signal(object)  # DeviceInventory
    failed = Signal(str)  # the traceback of an unexpected exception

    def __init__(self, discover: DiscoverFn, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._discover = discover
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.done.connect(self._on_task_done)
        self._relay.crashed.connect(self._on_task_crashed)
        self._generation = 0
        self._running = False

    def start(self) -> None:
        self._generation += 1
        self._running = True
        self.started.emit()
        self._pool.start(_DiscoverTask(self._discover, self._relay, self._generation))

    def is_running(self) -> bool:
        return self._running

    def wait(self, msecs: int = 10_000) -> bool:
        """Block until the pool is idle; True when it is."""
        return self._pool.waitForDone(msecs)

    def _on_task_done(self, tag: int, inventory: DeviceInventory) -> None:
        if tag != self._generation:
            return  # a newer search is on its way
        self._running = False
        self.finished.emit(inventory)

    def _on_task_crashed(self, tag: int, text: str) -> None:
        if tag != self._generation:
            return
        self._running = False
        self.failed.emit(text)
