"""Where the window and its docks go: the first window's size, the layout kept between
starts, and room for the results once there are some."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QByteArray, QEvent, QMargins, QObject, QPoint, QRect, QSize, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QTabBar, QWidget

from clstudio.ui.settings import AppSettings
from clstudio.ui.vertical_scroll_area import VerticalScrollArea

EMPTY_RESULTS_HEIGHT = 190  # pixels: the Results dock before the first run
# What the editor always shows, however the docks below grow: at 1280 x 800 a newcomer
# debugging saw 5 lines of the kernel.
EDITOR_LINES = 20
# Room for the window manager's title bar and borders, which Qt's geometry leaves out.
FRAME_ALLOWANCE = QMargins(8, 40, 8, 8)


def first_geometry(screen: QRect) -> QRect:
    """The first window: at most 1440 x 900, inside the available screen with its frame,
    so the status bar shows without maximizing; centred."""
    room = screen.marginsRemoved(FRAME_ALLOWANCE)
    size = QSize(min(1440, room.width()), min(900, room.height()))
    geometry = QRect(QPoint(0, 0), size)
    geometry.moveCenter(room.center())
    return geometry


def make_dock(
    window: QMainWindow, title: str, name: str, widget: QWidget, scrolls: bool = False
) -> QDockWidget:
    """A dock holding `widget`; its object `name` keeps its place between starts.

    `scrolls`: the dock scrolls its panel rather than hold the window to the panel's
    minimum height (the Exercises dock's kept Results from growing)."""
    dock = QDockWidget(title, window)
    dock.setObjectName(name)
    if scrolls:
        widget = VerticalScrollArea(widget, dock)
    dock.setWidget(widget)
    return dock


def place_docks(
    window: QMainWindow,
    left: tuple[QDockWidget, QDockWidget],
    right: QDockWidget,
    bottom: tuple[QDockWidget, QDockWidget],
) -> None:
    """The first layout: the two left docks tabbed, and the two bottom ones, the first
    of each in front; the bottom docks run the full width, as plots and tables need it
    more than the side panels."""
    area = Qt.DockWidgetArea
    window.setCorner(Qt.Corner.BottomLeftCorner, area.BottomDockWidgetArea)
    window.setCorner(Qt.Corner.BottomRightCorner, area.BottomDockWidgetArea)
    window.addDockWidget(area.LeftDockWidgetArea, left[0])
    window.addDockWidget(area.RightDockWidgetArea, right)
    window.addDockWidget(area.BottomDockWidgetArea, bottom[0])
    window.addDockWidget(area.LeftDockWidgetArea, left[1])
    window.addDockWidget(area.BottomDockWidgetArea, bottom[1])
    window.tabifyDockWidget(*left)
    window.tabifyDockWidget(*bottom)
    left[0].raise_()
    bottom[0].raise_()


class WindowLayout:
    """Restores and saves the window's geometry and docks; the first layout gives the
    editor and form the room until the first run has results to show. Whatever the docks
    ask, the editor keeps EDITOR_LINES lines (`editor_spare`: the pixels it can give up
    and keep them, below 0 what it lacks); View > Reset layout brings the first back."""

    def __init__(
        self,
        window: QMainWindow,
        settings: AppSettings,
        sides: tuple[QDockWidget, QDockWidget],
        bottom: tuple[QDockWidget, QDockWidget],
        editor_spare: Callable[[int], int],
    ) -> None:
        self._window = window
        self._settings = settings
        self._sides = sides
        self._results = bottom[0]
        self._bottom = bottom
        self._editor_spare = editor_spare
        self._grow_results_on_first_run = False
        self._first_state = QByteArray()  # the places of a first start, for Reset layout
        self._shown = _WhenShown(window, self._on_window_shown, self.keep_editor_lines)

    def restore(self) -> None:
        window, settings = self._window, self._settings
        self._first_state = window.saveState()  # the docks and toolbar as the window made them
        geometry = settings.geometry()
        if geometry is None or not window.restoreGeometry(geometry):
            window.setGeometry(first_geometry(QApplication.primaryScreen().availableGeometry()))
        state = settings.window_state()
        if state is None or not window.restoreState(state):
            self._first_sizes()

    def reset(self) -> None:
        """View > Reset layout: the docks where a first start puts them, at its sizes, the
        Results dock in front; the window keeps its size."""
        window = self._window
        for dock in window.findChildren(QDockWidget):
            dock.setFloating(False)
        window.restoreState(self._first_state)
        self._first_sizes()
        for dock in (self._sides[0], self._results):
            dock.show()
            dock.raise_()
        QTimer.singleShot(0, self._window, self.keep_editor_lines)

    def _first_sizes(self) -> None:
        self._window.resizeDocks(list(self._sides), [300, 420], Qt.Orientation.Horizontal)
        self._grow_results_on_first_run = True
        self._window.resizeDocks([self._results], [EMPTY_RESULTS_HEIGHT], Qt.Orientation.Vertical)

    def save(self) -> None:
        self._settings.set_geometry(self._window.saveGeometry())
        self._settings.set_window_state(self._window.saveState())

    def grow_results(self, pixels: int) -> None:
        """A Results tab needs `pixels` more to be read: the dock grows, to 3/5 of the
        window at most and never past the editor's EDITOR_LINES; it never shrinks here."""
        self.grow_bottom_dock(self._results, pixels)

    def grow_bottom_dock(self, dock: QDockWidget, pixels: int) -> None:
        """grow_results for any dock of the bottom area: Results or the Debug dock."""
        area = self._area(dock)
        height = min(area + pixels, self._window.height() * 3 // 5, area + self._spare())
        if height > area:
            self._window.resizeDocks([dock], [height], Qt.Orientation.Vertical)
            # resizeDocks may overshoot by the tab bar it shares: give it back once laid out.
            QTimer.singleShot(0, self._window, self.keep_editor_lines)

    def shrink_results(self, pixels: int) -> None:
        """A dock above Results needs `pixels` more to be read (a check's cases): Results
        gives them, down to 1/5 of the window; it never grows here."""
        area = self._area(self._results)
        height = max(area - pixels, self._window.height() // 5)
        if height < area:
            self._window.resizeDocks([self._results], [height], Qt.Orientation.Vertical)

    def keep_editor_lines(self) -> None:
        """The bottom docks give back what the editor lacks for EDITOR_LINES lines (a
        layout saved squeezed, a window made smaller)."""
        lacking = -self._editor_spare(EDITOR_LINES)
        shown = next((d for d in self._bottom if d.isVisible() and not d.isFloating()), None)
        if lacking > 0 and shown is not None:
            height = max(self._area(shown) - lacking, 0)
            self._window.resizeDocks([shown], [height], Qt.Orientation.Vertical)

    def _spare(self) -> int:
        return max(0, self._editor_spare(EDITOR_LINES))

    def _on_window_shown(self) -> None:
        self.hide_stale_tab_bars()
        self.keep_editor_lines()

    def _area(self, dock: QDockWidget) -> int:
        """A bottom dock's height as resizeDocks counts it: with the bar of the tabs that
        Results and the Debug dock share, which the dock's own height leaves out."""
        title = dock.windowTitle()
        bars = [
            bar
            for bar in self._window.findChildren(QTabBar)
            if bar.parent() is self._window
            and bar.isVisible()
            and any(bar.tabText(i) == title for i in range(bar.count()))
        ]
        return dock.height() + sum(bar.height() for bar in bars)

    def hide_stale_tab_bars(self) -> None:
        """Qt leaves a copy of the bar of the second group of tabbed docks visible where
        it first laid it out, over the docks there ("Results | Debug" across the
        roofline); the copy is never used again. Once the window is shown, a bar that
        touches none of its docks is that copy."""
        window = self._window
        groups: dict[tuple[str, ...], list[QTabBar]] = {}
        for bar in window.findChildren(QTabBar):
            if bar.parent() is window and bar.isVisible():
                texts = tuple(bar.tabText(i) for i in range(bar.count()))
                groups.setdefault(texts, []).append(bar)
        docks = [d for d in window.findChildren(QDockWidget) if d.isVisible()]
        for texts, bars in groups.items():
            if len(bars) < 2:
                continue
            own = [d.geometry() for d in docks if d.windowTitle() in texts]
            for bar in bars:
                if not any(_touches(bar.geometry(), dock) for dock in own):
                    bar.hide()

    def make_room_for_results(self) -> None:
        """After the first run of a first layout: the Results toward 2/5 of the window,
        the editor keeping its EDITOR_LINES."""
        if self._grow_results_on_first_run:
            self._grow_results_on_first_run = False
            area = self._area(self._results)
            height = min(max(area, self._window.height() * 2 // 5), area + self._spare())
            self._window.resizeDocks([self._results], [height], Qt.Orientation.Vertical)


def _touches(bar: QRect, dock: QRect) -> bool:
    """A tab bar right under or over a dock, side by side with it."""
    beside = bar.left() < dock.right() and dock.left() < bar.right()
    return beside and (abs(bar.top() - dock.bottom()) <= 3 or abs(dock.top() - bar.bottom()) <= 3)


class _WhenShown(QObject):
    """Calls `then` once the window is shown and its docks have their places, and
    `resized` once a resize has laid them out."""

    def __init__(
        self, window: QMainWindow, then: Callable[[], None], resized: Callable[[], None]
    ) -> None:
        super().__init__(window)
        self._then = then
        self._resized = resized
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Show:
            QTimer.singleShot(0, self, self._then)
        elif event.type() == QEvent.Type.Resize:
            QTimer.singleShot(0, self, self._resized)
        return False
