"""Device discovery off the GUI thread: a driver can take seconds to answer.

The discover callable is injected, so tests pass a fake and the isolated worker
process can take over later without the panels noticing.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from clstudio.devices import DeviceInventory
from clstudio.ui.tasks import Lane, Rule, TaskRunner

DiscoverFn = Callable[[], DeviceInventory]


class DiscoveryRunner(QObject):
    """Runs `discover` on a pool thread; only the newest search's answer is reported."""

    started = Signal()
    finished = Signal(DeviceInventory)
    failed = Signal(str)  # the traceback of an unexpected exception

    def __init__(self, discover: DiscoverFn, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._discover = discover
        self._searches: TaskRunner[DeviceInventory, None] = TaskRunner(
            self, Lane.TOOLS, Rule.NEWEST_WINS, self.finished.emit, self.failed.emit
        )

    def start(self) -> None:
        discover = self._discover
        self._searches.submit(lambda _state: discover())
        self.started.emit()

    def is_running(self) -> bool:
        return self._searches.is_busy()

    def wait(self, msecs: int = 10_000) -> bool:
        """Block until no search runs; True when none does."""
        return self._searches.wait(msecs)
