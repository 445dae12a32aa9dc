"""The window's layout as a newcomer meets it at 1280 x 800: the source keeps its lines
however the docks grow, and View > Reset layout brings the first layout back."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from clstudio.ui.main_window import MainWindow
from clstudio.ui.settings import AppSettings
from clstudio.ui.window_layout import EDITOR_LINES

MakeWindow = Callable[..., MainWindow]


def view_entry(window: MainWindow, text: str) -> QAction:
    """The View menu's entry as the user reads it."""
    (view,) = [a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "View"]
    assert isinstance(view, QMenu)
    (entry,) = [a for a in view.actions() if a.text().replace("&", "") == text]
    return entry


def squeeze(qtbot: QtBot, window: MainWindow) -> None:
    """What a learner's drags leave: the Results dock pulled up over the source, the
    Devices dock closed."""
    window.devices_dock.close()
    window.resizeDocks([window.results_dock], [window.height() * 4 // 5], Qt.Orientation.Vertical)
    editor = window.editor_panel.editor
    qtbot.waitUntil(lambda: editor.visible_lines() < EDITOR_LINES)


def at_1280_by_800(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.height() == 800)


def test_view_reset_layout_gives_the_source_its_lines_back(
    qtbot: QtBot, window: MainWindow
) -> None:
    at_1280_by_800(qtbot, window)
    squeeze(qtbot, window)
    reset = view_entry(window, "Reset Layout")
    assert reset.statusTip().startswith("Put the panels back")
    reset.trigger()
    editor = window.editor_panel.editor
    qtbot.waitUntil(lambda: editor.visible_lines() >= EDITOR_LINES)
    assert window.devices_dock.isVisible() and window.results_dock.isVisible()
    assert window.height() == 800  # the window keeps its size


def test_a_squeezed_layout_comes_back_with_the_source_at_its_lines(
    qtbot: QtBot, make_window: MakeWindow, settings: AppSettings
) -> None:
    first = make_window()
    at_1280_by_800(qtbot, first)
    squeeze(qtbot, first)
    first.close()  # the layout is saved as it is
    assert settings.window_state() is not None
    again = make_window()
    editor = again.editor_panel.editor
    qtbot.waitUntil(lambda: editor.visible_lines() >= EDITOR_LINES)


def test_results_asking_for_room_leave_the_source_its_lines(
    qtbot: QtBot, window: MainWindow
) -> None:
    at_1280_by_800(qtbot, window)
    results, editor = window.results_dock, window.editor_panel.editor
    before = results.height()
    window.results_panel.roomRequested.emit(2000)  # a tall table after a run
    qtbot.waitUntil(lambda: results.height() > before)
    qtbot.wait(100)  # the layout settles
    assert editor.visible_lines() >= EDITOR_LINES
