"""Breakpoints in the editor: a click in the gutter or F9 on the line; they follow edits."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QTextCursor
from pytestqt.qtbot import QtBot

from clstudio.common.results import Diagnostic
from clstudio.ui.editor.code_editor import CodeEditor
from ui.shown_widgets import shown

SOURCE = (
    "__kernel void k(__global float *a)\n{\n    size_t i = get_global_id(0);\n    a[i] = 1;\n}\n"
)


@pytest.fixture
def editor(qtbot: QtBot) -> CodeEditor:
    widget = shown(qtbot, CodeEditor(), 640, 400)
    widget.set_source(SOURCE)
    return widget


def click_gutter(qtbot: QtBot, editor: CodeEditor, line: int) -> None:
    block = editor.document().findBlockByNumber(line - 1)
    y = int(editor.blockBoundingGeometry(block).translated(editor.contentOffset()).center().y())
    qtbot.mouseClick(editor.gutter, Qt.MouseButton.LeftButton, pos=QPoint(8, y))


def test_a_click_in_the_gutter_sets_a_breakpoint_and_a_second_clears_it(
    qtbot: QtBot, editor: CodeEditor
) -> None:
    with qtbot.waitSignal(editor.breakpointsChanged) as set_one:
        click_gutter(qtbot, editor, 4)
    assert set_one.args == [(4,)]
    assert editor.breakpoints() == (4,) and editor.gutter.breakpoint_lines() == (4,)
    click_gutter(qtbot, editor, 3)
    assert editor.breakpoints() == (3, 4)
    with qtbot.waitSignal(editor.breakpointsChanged) as cleared:
        click_gutter(qtbot, editor, 4)
    assert cleared.args == [(3,)]


def test_f9_toggles_the_breakpoint_on_the_cursors_line(qtbot: QtBot, editor: CodeEditor) -> None:
    editor.go_to(3)
    qtbot.keyClick(editor, Qt.Key.Key_F9)
    assert editor.breakpoints() == (3,)
    qtbot.keyClick(editor, Qt.Key.Key_F9)
    assert editor.breakpoints() == ()
    assert editor.source() == SOURCE  # F9 types nothing


def test_a_breakpoint_follows_its_line_when_lines_are_added_above(
    qtbot: QtBot, editor: CodeEditor
) -> None:
    click_gutter(qtbot, editor, 4)
    editor.go_to(2)
    editor.moveCursor(QTextCursor.MoveOperation.StartOfLine)
    qtbot.keyClicks(editor, "// a note")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert editor.source().splitlines()[4].strip() == "a[i] = 1;"
    assert editor.breakpoints() == (5,)


def test_a_click_on_a_diagnostics_mark_still_goes_to_the_diagnostic(
    qtbot: QtBot, editor: CodeEditor
) -> None:
    editor.set_diagnostics([Diagnostic(4, 5, "error", "no such thing")])
    click_gutter(qtbot, editor, 4)
    assert editor.breakpoints() == () and editor.textCursor().blockNumber() == 3


def test_the_paused_line_is_marked_and_a_new_source_clears_everything(
    qtbot: QtBot, editor: CodeEditor
) -> None:
    click_gutter(qtbot, editor, 4)
    editor.set_paused_line(4)
    assert editor.gutter.paused_line() == 4
    editor.set_paused_line(None)
    assert editor.gutter.paused_line() is None
    editor.set_paused_line(3)
    editor.set_source("kernel void g() {}")
    assert editor.breakpoints() == () and editor.gutter.paused_line() is None
