"""Counts agree with their nouns wherever a run is described: "1 repeat", "1 launch"."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clstudio.ui.main_window import MainWindow

pytestmark = pytest.mark.opencl


def test_a_run_of_one_repeat_says_repeat_and_launch_once(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    qtbot.waitUntil(lambda: not window.arguments_panel.is_empty(), timeout=30_000)
    assert window.workbench.document.session.repeats == 1
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    with qtbot.waitSignal(window.runner.finished, timeout=60_000):
        qtbot.keyClick(window, Qt.Key.Key_F5)
    assert window.status.run_label.text().endswith("median over 1 repeat, ok")
    console = window.results_panel.console.plain_text()
    assert "1 repeat, time limit" in console and "ok, 1 launch\n" in console
    assert "1 of 1 launch timed" in window.results_panel.timings.summary.text()
    for text in (window.status.run_label.text(), console):
        assert "1 repeats" not in text and "1 launches" not in text
