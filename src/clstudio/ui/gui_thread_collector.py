"""Python's cycle collector runs on the GUI thread only, while the task lanes exist.

The collector runs in whichever thread allocates when a threshold is passed. A lane's
thread building a kernel or counting with numpy allocates a lot, and would then free
whatever cycles are due: a closed window, a dialog, a plot. Qt objects freed off their
own thread crash Qt ("Timers cannot be stopped from another thread", then a segfault).
So automatic collection is off while any lanes exist, and a timer on the GUI thread
collects instead, generation by generation as the thresholds say. pyqtgraph's
`GarbageCollector` does the same; importing it would import all of pyqtgraph before the
first paint.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 500  # often enough that the young generation stays small

_collectors = 0  # alive now: the last one to go turns automatic collection back on


class GuiThreadCollector(QObject):
    """While it lives, cycles are only collected by its timer, on its own thread."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        global _collectors
        _collectors += 1
        gc.disable()
        self.destroyed.connect(_on_collector_destroyed)
        self._timer = QTimer(self)
        self._timer.setInterval(INTERVAL_MS)
        self._timer.timeout.connect(collect_due_generations)
        self._timer.start()


def collect_due_generations() -> None:
    """Collect the oldest generation whose count is over its threshold, as Python would."""
    young, middle, old = gc.get_count()
    thresholds = gc.get_threshold()
    if young > thresholds[0]:
        gc.collect(0)
        if middle > thresholds[1]:
            gc.collect(1)
            if old > thresholds[2]:
                gc.collect(2)


def _on_collector_destroyed() -> None:
    global _collectors
    _collectors -= 1
    if _collectors == 0:
        gc.enable()
