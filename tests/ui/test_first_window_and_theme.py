"""The first window at 1280 x 800, and the dark theme switched live."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clstudio.ui.main_window import MainWindow
from clstudio.ui.window_layout import EDITOR_LINES, FRAME_ALLOWANCE, first_geometry
from ui.window_steps import run_with_f5

pytestmark = pytest.mark.opencl


def test_the_first_window_fits_a_1280_by_800_screen_with_its_frame() -> None:
    screen = QRect(0, 0, 1280, 800)
    geometry = first_geometry(screen)
    assert screen.contains(geometry.marginsAdded(FRAME_ALLOWANCE))
    assert first_geometry(QRect(0, 0, 1920, 1080)).size().toTuple() == (1440, 900)


def test_the_empty_results_leave_the_room_to_the_editor_until_the_first_run(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    window.resize(1264, 752)
    qtbot.waitUntil(lambda: not window.arguments_panel.is_empty(), timeout=30_000)
    assert window.results_dock.height() < window.height() // 3
    before = window.results_dock.height()
    run_with_f5(qtbot, window)
    # It grows toward 2/5 of the window, as far as the docks above it and the source's
    # EDITOR_LINES allow.
    editor = window.editor_panel.editor
    qtbot.waitUntil(lambda: window.results_dock.height() > before)
    qtbot.waitUntil(lambda: editor.spare_height(EDITOR_LINES) < editor.fontMetrics().height())
    assert editor.visible_lines() >= EDITOR_LINES


def test_all_fields_show_their_values_and_a_narrow_form_scrolls(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    view = window.device_panel.fields_view
    window.device_panel.tabs.setCurrentWidget(view)
    window.resizeDocks([window.devices_dock], [300], Qt.Orientation.Horizontal)
    header = view.tree.header()
    assert header.sectionSize(1) >= header.sectionSize(0) - 1  # the values get half
    qtbot.waitUntil(lambda: not window.arguments_panel.is_empty(), timeout=30_000)
    window.resizeDocks([window.arguments_dock], [150], Qt.Orientation.Horizontal)
    scroll = window.arguments_panel.scroll_area
    qtbot.waitUntil(lambda: scroll.horizontalScrollBar().maximum() > 0)
    assert scroll.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAsNeeded


def test_dark_restyles_the_form_and_the_legend_at_once(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    window.window_actions["theme.light"].trigger()
    qtbot.waitUntil(lambda: not window.arguments_panel.is_empty(), timeout=30_000)
    run_with_f5(qtbot, window)
    window.window_actions["theme.dark"].trigger()
    QApplication.processEvents()  # the palette reaches the widgets through the event loop
    text = QApplication.palette().color(QPalette.ColorRole.Text)
    assert text.lightness() > 150
    row = window.arguments_panel.rows()[0]
    assert row.name_label.palette().color(QPalette.ColorRole.WindowText).lightness() > 150
    plot = window.results_panel.timings.repeats
    legend = plot.getPlotItem().legend
    ((_sample, label),) = legend.items
    assert f"color:{text.name()}" in label.item.toHtml().replace(" ", "")
    assert plot.backgroundBrush().color() == QApplication.palette().color(QPalette.ColorRole.Base)
