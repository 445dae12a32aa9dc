"""File > New and File > Open leave nothing of the last kernel in any Results tab."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clstudio.ui.main_window import MainWindow
from ui.window_steps import KERNELS, open_gallery, run_with_f5

pytestmark = pytest.mark.opencl


def run_and_compile_saxpy(qtbot: QtBot, window: MainWindow) -> None:
    """Open saxpy, run it with F5, compile the run in the Compiler tab: every tab has some."""
    open_gallery(qtbot, window, "saxpy")
    run_with_f5(qtbot, window)
    results, tab = window.results_panel, window.compiler
    results.setCurrentWidget(tab)
    with qtbot.waitSignal(tab.compileFinished, timeout=180_000):
        qtbot.mouseClick(tab.compile_button, Qt.MouseButton.LeftButton)
    assert tab.controller.wait()
    assert not results.timings.stack.is_empty() and not results.roofline.stack.is_empty()
    assert results.outputs.entries() and results.console.plain_text()
    assert tab.panel.summary_text().startswith("saxpy: ")
    assert "saxpy" in window.memory.state_text()


def assert_nothing_of_saxpy(qtbot: QtBot, window: MainWindow) -> None:
    results = window.results_panel
    qtbot.waitUntil(lambda: not window.arguments_panel.is_empty(), timeout=30_000)
    assert results.timings.stack.is_empty()
    assert results.roofline.stack.is_empty() and results.roofline.latest_point() is None
    assert results.outputs.stack.is_empty() and results.outputs.entries() == []
    assert results.console.stack.is_empty() and results.console.plain_text() == ""
    assert results.steps.row_texts(5)[3:] == ["", ""]  # the plan again, nothing timed
    compiler = window.compiler.panel
    assert compiler.summary_text() == "No compiler output yet: ask for it after a build."
    assert compiler.asm_view.toPlainText() == "" and compiler.comparison_text() == ""
    assert window.compiler.state_text().startswith("Run the kernel first")
    assert window.memory.state_text().startswith("Run the kernel first")
    assert all("saxpy" not in " ".join(row) for row in results.problems.rows())
    assert "saxpy" not in results.build_log.toPlainText()


def test_new_then_open_empty_every_tab_of_the_last_run(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    run_and_compile_saxpy(qtbot, window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)  # File > New
    assert window.workbench.document.name.startswith("Untitled")
    assert_nothing_of_saxpy(qtbot, window)

    run_and_compile_saxpy(qtbot, window)
    assert window.files.load(KERNELS / "vector_add.json")  # File > Open
    assert_nothing_of_saxpy(qtbot, window)
