"""Live building: the source is rebuilt in the background a moment after typing stops.

Every change of the source, the options or the device supersedes the builds asked for
before: a build still queued is skipped, and the answer of one running is dropped
(STYLE.md §3). At most one build runs at a time; a newer text waits for it, and texts
typed in between are never built at all. The GUI thread never waits on a build.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from clstudio.common import BuildResult
from clstudio.ui.tasks import Lane, Rule, TaskRunner

if TYPE_CHECKING:
    from clstudio.backend import Builder
    from clstudio.devices import DeviceSelector

LIVE_DELAY_MS = 500


class BuildController(QObject):
    """Builds the newest source through an injected Builder; reports only the newest result."""

    buildStarted = Signal(int)  # the generation being built
    buildFinished = Signal(BuildResult)  # of the current text
    buildCrashed = Signal(str)  # the backend raised: its traceback

    def __init__(
        self, backend: Builder, delay_ms: int = LIVE_DELAY_MS, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._backend = backend
        self._builds: TaskRunner[BuildResult, None] = TaskRunner(
            self,
            Lane.TOOLS,
            Rule.NEWEST_WINS,
            self._on_builds_done,
            self._on_builds_failed,
            began=self._on_builds_began,
        )
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self._on_timer_timeout)
        self._source = ""
        self._options = ""
        self._selector: DeviceSelector | None = None
        self._live = True
        self._submitted: int | None = 0  # the generation of the newest build asked for
        self._built_generation = 0  # the generation of the last result shown
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
        elif self._builds.generation != self._built_generation:
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
        return self._builds.generation

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
        return self._builds.is_busy()

    def is_pending(self) -> bool:
        """A build will start: the pause is running, or a build waits for the running one."""
        return self._timer.isActive() or self._builds.is_waiting()

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until no build runs: for shutdown and tests, never while the user types."""
        return self._builds.wait(msecs)

    # Inside ----------------------------------------------------------------------------

    def _changed(self) -> None:
        self._builds.supersede()
        if self._live:
            self._timer.start()

    def _on_timer_timeout(self) -> None:
        self._submit()

    def _submit(self) -> None:
        if self._builds.is_busy() and self._submitted == self._builds.generation:
            return  # the newest build asked for is of this very text
        source, options, selector = self._source, self._options, self._selector
        self._submitted = self._builds.submit(
            lambda _state: self._backend.build(source, options, selector)
        )

    def _on_builds_began(self) -> None:
        self.buildStarted.emit(self._builds.generation)

    def _on_builds_done(self, result: BuildResult) -> None:
        self._built_generation = self._builds.generation
        self._last = result
        if result.ok:
            self._last_good = result
        self.buildFinished.emit(result)

    def _on_builds_failed(self, traceback_text: str) -> None:
        self._built_generation = self._builds.generation
        self.buildCrashed.emit(traceback_text)
