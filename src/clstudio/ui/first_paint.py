"""Work that waits for the window's first paint, so that it never competes with it.

On two shared cores, a worker booting beside the window (its own numpy, pyopencl and
driver: discovery's, or the one that builds the first session's source) made the
first paint later (bench/bench_startup.py).
The work is still submitted at once, so it counts as running from the start; only
its thread waits for the paint. What ends the start on the GUI thread (the pause of
the collector, clstudio.collector_pause) waits for it too.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QEvent, QObject, QTimer, Signal

from clstudio.backend import Builder
from clstudio.common import BuildResult
from clstudio.devices import DeviceSelector

T = TypeVar("T")
LONGEST_WAIT_S = 3.0  # a window that is never shown does not hold the work back for ever


class FirstPaint(QObject):
    """Watches `widget` until it first paints; `after` makes a callable wait for that."""

    painted = Signal()

    def __init__(self, widget: QObject) -> None:
        super().__init__(widget)
        self._painted = threading.Event()
        widget.installEventFilter(self)

    def then(self, callback: Callable[[], None]) -> None:
        """Call `callback` once on the GUI thread: when the widget has painted, or after
        LONGEST_WAIT_S if it has not. The timer is this object's child, so it ends with
        the widget (a singleShot given a function fired after the window was gone, and
        crashed a later test)."""
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.timeout.connect(callback)

        def on_painted() -> None:
            if timer.isActive():  # else the wait is over and `callback` has been called
                timer.stop()
                callback()

        self.painted.connect(on_painted)
        timer.start(int(LONGEST_WAIT_S * 1000))

    def after(self, work: Callable[[], T]) -> Callable[[], T]:
        """`work`, called off the GUI thread once the widget has painted."""

        def waiting() -> T:
            self.wait()
            return work()

        return waiting

    def builder(self, builder: Builder) -> Builder:
        """`builder`, whose builds (off the GUI thread) wait for the paint."""
        return _BuildsAfterPaint(builder, self.wait)

    def wait(self) -> None:
        """Block, off the GUI thread, until the widget has painted (LONGEST_WAIT_S at most)."""
        self._painted.wait(LONGEST_WAIT_S)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self._painted.set()
            watched.removeEventFilter(self)
            self.painted.emit()
        return False


class _BuildsAfterPaint:
    def __init__(self, builder: Builder, wait: Callable[[], None]) -> None:
        self._builder = builder
        self._wait = wait

    def build(self, source: str, options: str, selector: DeviceSelector | None) -> BuildResult:
        self._wait()
        return self._builder.build(source, options, selector)
