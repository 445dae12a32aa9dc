"""The wheel over a combo box or spin box in any scrolling pane of the window leaves it
alone until it has focus, and scrolls the pane: the Arguments form, Timings' numbers, the
Debug dock, the Devices and Exercises docks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QScrollArea, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from clstudio.ui.main_window import MainWindow
from clstudio.ui.wheel_guard import GUARDED, scrolling_pane
from ui.wheel_events import wheel
from ui.window_steps import open_gallery

KERNELS = Path(__file__).resolve().parents[2] / "kernels"

pytestmark = pytest.mark.opencl


def state(field: QWidget) -> object:
    if isinstance(field, QComboBox):
        return (field.currentIndex(), field.currentText())
    assert isinstance(field, QAbstractSpinBox)
    return field.text()


def test_no_field_of_a_scrolling_pane_changes_under_the_wheel_without_focus(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window(size=(1280, 800))
    open_gallery(qtbot, window, "matmul_tiled")
    window.exercises_dock.raise_()  # its panel is made as it first comes into view
    window.editor_panel.editor.setFocus()
    # pyqtgraph's right-click menus are windows of their own, not panes of this one.
    fields = [
        f
        for kind in GUARDED
        for f in window.findChildren(kind)
        if f.window() is window and scrolling_pane(f) is not None
    ]
    names = {f.objectName() for f in fields}
    # The panes of the issue: the form, Timings' numbers, the Exercises dock (the Debug
    # dock's work-item field sits beside its buttons now, above its scrolling part).
    assert {"opsPerWorkItem", "starterChoice"} <= names
    assert len(fields) > 10
    for field in fields:
        before = state(field)
        wheel(field, -1)
        wheel(field, 2)
        assert state(field) == before, f"{type(field).__name__} {field.objectName()!r}"


def test_the_wheel_over_a_field_scrolls_its_pane(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window(size=(1280, 800))
    dock = window.exercises_dock
    dock.raise_()
    mode = window.findChild(QComboBox, "starterChoice")
    assert mode is not None
    pane = scrolling_pane(mode)
    assert isinstance(pane, QScrollArea) and pane.widget() is window.exercises.panel
    window.exercises.panel.setMinimumHeight(2000)  # taller than the dock: it scrolls
    bar = pane.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    wheel(mode, -1)
    assert mode.currentIndex() == 0 and bar.value() > 0

    spin = window.findChild(QSpinBox, "opsPerWorkItem")
    assert spin is not None and scrolling_pane(spin) is not None  # Timings' numbers scroll
