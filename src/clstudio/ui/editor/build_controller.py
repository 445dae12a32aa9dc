"""Live building: the source is rebuilt in the background a moment after typing stops.

Every change of the source, the options or the device starts a new generation; a build
is tagged with the generation it was started for, and its answer is dropped when the
generation has moved on (STYLE.md §3). At most one build runs at a time: when a newer
text is waiting, it is built as soon as the running build returns, and texts typed in
between are never built at all. The GUI thread never waits on a build.
"""

from __future__ import annotations

import traceback
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal

from clstudio.common import BuildResult

if TYPE_CHECKING:
    from clstudio.devices import DeviceSelector
    from clstudio.engine import Backend

LIVE_DELAY_MS = 500


class _Relay(QObject):
    """Lives in the GUI thread, so signals emitted from the pool arrive queued there."""

    done = Signal(int, object)
    crashed = Signal(int, str)


class _BuildTask(QRunnable):
    def __init__(
        self,
        backend: Backend,
        request: tuple[str, str, DeviceSelector | None],
        relay: _Relay,
        tag: int,
    ) -> None:
        super().__init__()
        self._backend = backend
        self._request = request
        self._relay = relay
        self._tag = tag

    def run(self) -> None:
        try:
            result = self._backend.build(*self._request)
        except Exception:
            self._relay.crashed.emit(self._tag, traceback.format_exc())
        else:
            self._relay.done.emit(self._tag, result)


class BuildController(QObject):
    """Builds the newest source through an injected Backend; reports only the newest result."""

    buildStarted = Signal(int)  # the generation being built
    buildFinished = Signal(object)  # BuildResult of the current text
    buildCrashed = Signal(str)  # the backend raised: its traceback

    def __init__(
        self, backend: Backend, delay_ms: int = LIVE_DELAY_MS, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._backend = backend
        # Created before the relay: children die in creation order, and the pool's
        # destructor waits for a running build, which still needs the relay.
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.done.connect(self._on_task_done)
        self._relay.crashed.connect(self._on_task_crashed)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self._on_timer_timeout)
        self._source = ""
        self._options = ""
        self._selector: DeviceSelector | None = None
        self._live = True
        self._generation = 0
        self._running: int | None = None  # generation of the build in flight
        self._queued = False  # a build of the current generation waits for the running one
        self._built_generation = -1  # the generation of the last result shown
        self._last: BuildResult | None = None
        self._last_good: BuildResult | None = None

    # What to build ---------------------------------------------------------------------

    def set_source(self, source: str) -> None:
        """The text changed: build it after the pause, when live."""
        if source != self._source:
            self._source = source
            self._changed()

    def set_options(self, options: str) -> None:
        if options != self._options:
            self._options = options
            self._changed()

    def set_selector(self, selector: DeviceSelector | None) -> None:
        if selector != self._selector:
            self._selector = selector
            self._changed()

    def source(self) -> str:
        return self._source

    def options(self) -> str:
        return self._options

    def set_live(self, live: bool) -> None:
        """Live building on or off; turning it on builds a text changed meanwhile."""
        self._live = live
        if not live:
            self._timer.stop()
        elif self._generation != self._built_generation:
            self._timer.start()

    def is_live(self) -> bool:
        return self._live

    def request_build(self) -> None:
        """Build now, without the pause: the Build action (Ctrl+B)."""
        self._timer.stop()
        self._submit()

    # What came of it -------------------------------------------------------------------

    @property
    def generation(self) -> int:
        return self._generation

    @property
    def last_result(self) -> BuildResult | None:
        """The newest result shown, good or not."""
        return self._last

    @property
    def last_good(self) -> BuildResult | None:
        """The newest successful result: its kernels stay usable while the text fails."""
        return self._last_good

    def is_stale(self) -> bool:
        """True while the current text fails to build and older kernels are all there is."""
        return self._last is not None and not self._last.ok and self._last_good is not None

    def is_building(self) -> bool:
        return self._running is not None

    def is_pending(self) -> bool:
        """A build will start: the pause is running, or a build waits for the running one."""
        return self._timer.isActive() or self._queued

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until no build runs: for shutdown and tests, never while the user types."""
        return self._pool.waitForDone(msecs)

    # Inside ----------------------------------------------------------------------------

    def _changed(self) -> None:
        self._generation += 1
        if self._live:
            self._timer.start()

    def _on_timer_timeout(self) -> None:
        self._submit()

    def _submit(self) -> None:
        if self._running is not None:
            # The running build is for this text already, or the newest text waits its turn.
            self._queued = self._running != self._generation
            return
        self._queued = False
        self._running = self._generation
        request = (self._source, self._options, self._selector)
        self._pool.start(_BuildTask(self._backend, request, self._relay, self._generation))
        self.buildStarted.emit(self._generation)

    def _finished(self, tag: int) -> bool:
        """The running build returned; True when its answer is for the current text."""
        self._running = None
        if self._queued:
            self._submit()
            return False
        if tag != self._generation:
            return False  # the text changed since; its build comes after the pause
        self._built_generation = tag
        return True

    def _on_task_done(self, tag: int, result: BuildResult) -> None:
        if not self._finished(tag):
            return
        self._last = result
        if result.ok:
            self._last_good = result
        self.buildFinished.emit(result)

    def _on_task_crashed(self, tag: int, text: str) -> None:
        if self._finished(tag):
            self.buildCrashed.emit(text)
