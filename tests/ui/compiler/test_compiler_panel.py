"""The Compiler tab's widgets, shown recorded PoCL builds: listings, clicks, tooltips, changes."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip
from pytestqt.qtbot import QtBot

from clstudio.compiler import CompileResult, compile_view
from clstudio.ui.compiler.compiler_panel import CompilerPanel
from clstudio.ui.compiler.listing_view import ListingView
from compiler.compiler_records import ROW_SUM_SOURCE, SAXPY_SOURCE, pocl_build, pocl_cache, printed
from ui.shown_widgets import shown


def recorded(
    tmp_path: Path, name: str, kernel: str, source: str, options: str = ""
) -> CompileResult:
    text, _ = printed(name)
    cache = pocl_cache(tmp_path / name, name, kernel)
    return compile_view(pocl_build(kernel, source, options), text, cache)


@pytest.fixture
def panel(qtbot: QtBot) -> CompilerPanel:
    return shown(qtbot, CompilerPanel(), 900, 700, exposed=True)


def row_point(view: ListingView, row: int) -> QPoint:
    cursor = view.textCursor()
    cursor.setPosition(view.document().findBlockByNumber(row).position() + 8)
    return view.cursorRect(cursor).center()


@pytest.fixture
def saxpy(panel: CompilerPanel, tmp_path: Path) -> CompilerPanel:
    """The panel showing saxpy's recorded compilation (PoCL's remarks, IR and assembly)."""
    panel.set_result(recorded(tmp_path, "saxpy", "saxpy", SAXPY_SOURCE))
    return panel


def test_the_summary_tells_the_work_group_loop_and_its_width(saxpy: CompilerPanel) -> None:
    assert saxpy.summary_text().startswith("saxpy: work-group loop vectorised, 8 lanes")
    assert "private 1024 B" in saxpy.summary_text()
    assert saxpy.missing_text() == "" and saxpy.comparison_text() == ""


def test_a_source_line_marks_its_assembly_and_ir_rows(saxpy: CompilerPanel) -> None:
    saxpy.show_source_line(18)
    asm, ir = saxpy.asm_view, saxpy.ir_view
    assert asm.marked_rows and ir.marked_rows
    assert len(asm.extraSelections()) == len(asm.marked_rows)
    lines = asm.toPlainText().splitlines()
    assert all(lines[row].lstrip().startswith("18  ") for row in asm.marked_rows)
    assert any("ps " in lines[row] or "ps\n" in lines[row] for row in asm.marked_rows)
    assert asm.textCursor().blockNumber() == asm.marked_rows[0]
    saxpy.show_source_line(2)  # a comment: no code
    assert asm.marked_rows == () and asm.extraSelections() == []


def test_clicking_an_instruction_asks_the_editor_for_its_source_line(
    saxpy: CompilerPanel, qtbot: QtBot
) -> None:
    view = saxpy.asm_view
    assert view.listing is not None
    row = next(i for i, r in enumerate(view.listing.lines) if r.line == 18)
    saxpy.show_source_line(18)  # scrolls the row into view
    with qtbot.waitSignal(saxpy.sourceLineRequested, timeout=2000) as blocker:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=row_point(view, row))
    assert blocker.args == [18]


def test_hovering_an_instruction_explains_it(saxpy: CompilerPanel, qtbot: QtBot) -> None:
    view = saxpy.asm_view
    assert view.listing is not None
    row = next(i for i, r in enumerate(view.listing.lines) if r.mnemonic.startswith("vfmadd"))
    saxpy.show_source_line(view.listing.lines[row].line)
    point = row_point(view, row)
    event = QHelpEvent(QEvent.Type.ToolTip, point, view.viewport().mapToGlobal(point))
    QApplication.sendEvent(view.viewport(), event)
    qtbot.waitUntil(QToolTip.isVisible, timeout=2000)
    assert QToolTip.text().startswith(view.listing.lines[row].mnemonic + ": fused multiply-add")
    QToolTip.hideText()


def test_the_next_build_is_compared_with_the_previous_one(
    panel: CompilerPanel, tmp_path: Path
) -> None:
    panel.set_result(recorded(tmp_path, "row_sum", "row_sum", ROW_SUM_SOURCE))
    assert "not vectorised" in panel.summary_text()
    fast = recorded(tmp_path, "row_sum_fast", "row_sum", ROW_SUM_SOURCE, "-cl-fast-relaxed-math")
    panel.set_result(fast)
    text = panel.comparison_text()
    assert text.startswith("Compared with the previous build:")
    assert "options: '' -> '-cl-fast-relaxed-math'" in text
    assert "changed: " in text and "remark new: 9:5: vectorized loop" in text


def test_an_edited_kernel_is_said_to_differ_from_the_shown_build(saxpy: CompilerPanel) -> None:
    saxpy.set_editor_state(SAXPY_SOURCE, "", (64,))
    assert saxpy.stale_text() == ""
    saxpy.set_editor_state(SAXPY_SOURCE + "// more\n", "", (64,))
    assert saxpy.stale_text() == "the source was edited since this build"


def test_a_device_that_cannot_give_assembly_says_so(panel: CompilerPanel, tmp_path: Path) -> None:
    result = recorded(tmp_path, "saxpy", "saxpy", SAXPY_SOURCE)
    panel.set_result(
        replace(result, asm=None, binary_kind="llvm-bitcode", missing=("remarks", "asm"))
    )
    assert "simulator" in panel.missing_text() and "PoCL" in panel.missing_text()
    assert panel.asm_view.toPlainText() == ""


def test_a_failed_build_says_why(panel: CompilerPanel, tmp_path: Path) -> None:
    failed = replace(
        recorded(tmp_path, "saxpy", "saxpy", SAXPY_SOURCE),
        ok=False,
        summary=None,
        ir=None,
        asm=None,
        error="the kernel source does not build: line 3:1: expected ';'",
        error_stage="build",
    )
    panel.set_result(failed)
    assert panel.summary_text().startswith("The compiler view could not be made: the kernel")
    assert panel.comparison_text() == ""


def test_what_the_kernel_printed_has_a_tab_of_its_own(panel: CompilerPanel, tmp_path: Path) -> None:
    result = recorded(tmp_path, "saxpy", "saxpy", SAXPY_SOURCE)
    panel.set_result(result)
    assert panel.printf_text() == ""  # printed nothing: no tab
    said = "pocl-cache/tempfile_x.cl:18:5: vectorized loop (vectorization width: 64)\n"
    panel.set_result(replace(result, printf=said))
    assert panel.printf_text() == said
    assert "64" not in panel.summary_text()  # the kernel's words are not the compiler's
