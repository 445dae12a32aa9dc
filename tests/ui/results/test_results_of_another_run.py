"""Results never pass for another run's: a run that returned nothing shows no older table,
and New or Open empties the result tabs and the editor's position."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtGui import QTextCursor
from pytestqt.qtbot import QtBot

from clstudio.common.results import RunError, RunResult
from clstudio.reporting import FinishedRun
from clstudio.ui.main_window import MainWindow
from clstudio.ui.results.outputs.outputs_panel import OutputsPanel
from ui.window_steps import run_with_f5

KERNELS = Path(__file__).resolve().parents[3] / "kernels"


def test_a_timeout_after_a_good_run_shows_no_table_of_the_good_one(
    qtbot: QtBot, synthetic: Callable[..., RunResult], finished: Callable[..., FinishedRun]
) -> None:
    panel = OutputsPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.show_run(finished(synthetic()))
    assert panel.splitter.isVisible() and panel.buffer_list.count() == 2

    timeout = RunError("timeout", "the run took longer than its time limit")
    panel.show_run(finished(synthetic(ok=False, error=timeout, outputs={}, inputs={})))
    assert panel.no_buffers.isVisible()
    assert panel.no_buffers.text().startswith("This run produced no buffers to show")
    assert not panel.splitter.isVisible()
    assert panel.current_entry() is None


@pytest.mark.opencl
def test_open_after_a_run_empties_the_results_and_resets_the_position(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    qtbot.waitUntil(lambda: not window.arguments_panel.is_empty(), timeout=30_000)
    run_with_f5(qtbot, window)
    results = window.results_panel
    assert results.outputs.stack.currentIndex() == 1 and results.outputs.entries()
    editor = window.editor_panel.editor
    editor.moveCursor(QTextCursor.MoveOperation.End)
    assert window.editor_panel.position_label.text() != "Ln 1, Col 1"

    assert window.files.open_example(KERNELS / "saxpy.json", "saxpy")
    assert results.outputs.stack.currentWidget() is results.outputs.empty
    assert results.outputs.entries() == []
    assert results.timings.stack.currentWidget() is results.timings.empty
    assert results.steps.row_texts(5)[3:] == ["", ""]  # the plan again: nothing done yet
    assert results.console.plain_text() == ""
    assert window.editor_panel.position_label.text() == "Ln 1, Col 1"
