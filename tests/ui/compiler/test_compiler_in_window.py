"""The Compiler tab in the real window, on PoCL: run saxpy, compile it, follow its lines."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QPlainTextEdit
from pytestqt.qtbot import QtBot

from clstudio.ui.compiler.compiler_tab import CompilerTab
from clstudio.ui.main_window import MainWindow
from ui.window_steps import open_gallery, press_in_tab, run_with_f5

pytestmark = pytest.mark.opencl

KERNELS = Path(__file__).parents[3] / "kernels"
BODY_LINE = 18  # y[i] = a * x[i] + y[i];


def line_point(view: QPlainTextEdit, row: int) -> QPoint:
    cursor = QTextCursor(view.document().findBlockByNumber(row))
    cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock)
    return view.cursorRect(cursor).center()


def compiled_saxpy(qtbot: QtBot, make_window: Callable[..., MainWindow]) -> MainWindow:
    """Open the gallery's saxpy, run it with F5, and press the tab's Compile button."""
    window = make_window()
    open_gallery(qtbot, window, "saxpy")
    run_with_f5(qtbot, window)
    tab = window.compiler
    window.results_panel.setCurrentWidget(tab)
    assert tab.compile_button.isEnabled()
    with qtbot.waitSignal(tab.compileFinished, timeout=180_000):
        qtbot.mouseClick(tab.compile_button, Qt.MouseButton.LeftButton)
    assert tab.controller.wait()
    return window


def test_the_tab_tells_the_work_group_loop_vectorised_and_follows_the_editor(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = compiled_saxpy(qtbot, make_window)
    tab: CompilerTab = window.compiler
    assert tab.panel.result is not None and tab.panel.result.ok, tab.panel.result
    summary = tab.panel.summary_text()
    assert summary.startswith("saxpy: work-group loop vectorised, ")
    assert " lanes" in summary and tab.state_text() == "Compiled saxpy."
    assert tab.panel.stale_text() == ""  # the editor still holds the build that ran

    editor = window.editor_panel.editor
    qtbot.mouseClick(
        editor.viewport(), Qt.MouseButton.LeftButton, pos=line_point(editor, BODY_LINE - 1)
    )
    asm = tab.panel.asm_view
    assert asm.marked_rows
    rows = asm.toPlainText().splitlines()
    assert all(rows[row].lstrip().startswith(f"{BODY_LINE}  ") for row in asm.marked_rows)

    assert asm.listing is not None
    other = next(r.line for r in asm.listing.lines if r.line and r.line != BODY_LINE)
    row = next(i for i, r in enumerate(asm.listing.lines) if r.line == other)
    tab.panel.show_source_line(other)  # scrolls the row into view
    qtbot.mouseClick(asm.viewport(), Qt.MouseButton.LeftButton, pos=line_point(asm, row))
    assert editor.textCursor().blockNumber() + 1 == other


def test_a_remark_shows_in_problems_as_a_note_beside_the_build(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = compiled_saxpy(qtbot, make_window)
    problems = window.editor_panel.problems
    notes = [row for row in problems.rows() if row[0] == "Note"]
    assert notes, problems.rows()
    assert any("vectorized loop (vectorization width: " in message for _, _, message in notes)
    assert all(place.count(":") == 1 for _, place, _ in notes)  # at its line and column
    assert window.results_panel.tab_names().count(f"Problems ({problems.count()})") == 1

    editor = window.editor_panel.editor
    editor.setFocus()
    qtbot.keyClicks(editor, " ")  # an edit: the notes were about the text before it
    qtbot.waitUntil(lambda: not any(row[0] == "Note" for row in problems.rows()))
    assert window.compiler.panel.stale_text() != ""


def compile_the_run(qtbot: QtBot, window: MainWindow) -> None:
    run_with_f5(qtbot, window)
    tab = window.compiler
    press_in_tab(qtbot, window, tab, tab.compile_button, tab.compileFinished)
    assert tab.controller.wait()


def test_row_sum_vectorises_with_fast_relaxed_math_and_one_pair_of_times_is_named(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    """The gallery's lesson of -cl-fast-relaxed-math, as its Try: paragraph tells it."""
    window = make_window()
    open_gallery(qtbot, window, "row_sum")
    compile_the_run(qtbot, window)
    panel = window.compiler.panel
    assert "work-group loop not vectorised" in panel.summary_text()

    options = window.editor_panel.options_edit.field
    options.setFocus()
    qtbot.keyClicks(options, "-cl-fast-relaxed-math")
    qtbot.keyClick(options, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.workbench.document.session.build_options != "")
    compile_the_run(qtbot, window)
    comparison = panel.comparison_text()
    assert "options: '' -> '-cl-fast-relaxed-math'" in comparison
    assert "remark new: 21:5: vectorized loop" in comparison
    assert "kernel time, the median of each build's run: " in comparison
    assert "kernel time of one launch" not in comparison  # one pair, never two
