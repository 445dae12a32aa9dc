"""Typing into the kernel editor: indentation, brackets, squiggles, gutter marks, zoom."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QColor, QHelpEvent, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QApplication, QToolTip
from pytestqt.qtbot import QtBot

from clstudio.common.results import Diagnostic
from clstudio.ui.editor.code_editor import BASE_POINT_SIZE, MAX_POINT_SIZE, CodeEditor
from ui.shown_widgets import shown

Key = Qt.Key


@pytest.fixture
def editor(qtbot: QtBot) -> CodeEditor:
    return shown(qtbot, CodeEditor(), 640, 400)


def squiggles(editor: CodeEditor) -> list[tuple[int, int, str, str]]:
    """(line, 0-based column, underlined text, underline colour) of each squiggle."""
    found = []
    for selection in editor.extraSelections():
        fmt = selection.format
        if fmt.underlineStyle() != QTextCharFormat.UnderlineStyle.SpellCheckUnderline:
            continue
        cursor = QTextCursor(selection.cursor)
        start = cursor.selectionStart()
        block = editor.document().findBlock(start)
        found.append(
            (
                block.blockNumber() + 1,
                start - block.position(),
                cursor.selectedText(),
                fmt.underlineColor().name(),
            )
        )
    return found


def backgrounds(editor: CodeEditor, color: str) -> list[str]:
    """Text of the extra selections painted with `color` (bracket highlights)."""
    return [
        s.cursor.selectedText()
        for s in editor.extraSelections()
        if s.cursor.hasSelection() and s.format.background().color() == QColor(color)
    ]


def test_enter_keeps_indentation_and_indents_after_an_opening_brace(
    qtbot: QtBot, editor: CodeEditor
) -> None:
    qtbot.keyClicks(editor, "__kernel void f(__global int *a) {")
    qtbot.keyClick(editor, Key.Key_Return)
    qtbot.keyClicks(editor, "if (a[0]) {")
    qtbot.keyClick(editor, Key.Key_Return)
    qtbot.keyClicks(editor, "a[0] = 1;")
    qtbot.keyClick(editor, Key.Key_Return)
    qtbot.keyClicks(editor, "}")
    qtbot.keyClick(editor, Key.Key_Return)
    qtbot.keyClicks(editor, "}")

    assert editor.source() == (
        "__kernel void f(__global int *a) {\n    if (a[0]) {\n        a[0] = 1;\n    }\n}"
    )


def test_enter_between_braces_opens_an_indented_line(qtbot: QtBot, editor: CodeEditor) -> None:
    editor.set_source("void f() {}")
    cursor = editor.textCursor()
    cursor.setPosition(len("void f() {"))
    editor.setTextCursor(cursor)

    qtbot.keyClick(editor, Key.Key_Return)
    qtbot.keyClicks(editor, "x;")

    assert editor.source() == "void f() {\n    x;\n}"
    editor.undo()
    editor.undo()
    assert editor.source() == "void f() {}", "Enter with its indentation is one undo step"


def test_tab_inserts_spaces_to_the_next_stop_and_shift_tab_unindents(
    qtbot: QtBot, editor: CodeEditor
) -> None:
    qtbot.keyClicks(editor, "ab")
    qtbot.keyClick(editor, Key.Key_Tab)
    qtbot.keyClicks(editor, "c")
    assert editor.source() == "ab  c"

    editor.set_source("x;\ny;\nz;")
    editor.selectAll()
    qtbot.keyClick(editor, Key.Key_Tab)
    assert editor.source() == "    x;\n    y;\n    z;"
    qtbot.keyClick(editor, Key.Key_Backtab)
    assert editor.source() == "x;\ny;\nz;"


def test_backspace_in_indentation_removes_one_level(qtbot: QtBot, editor: CodeEditor) -> None:
    editor.set_source("{\n        ")
    editor.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClick(editor, Key.Key_Backspace)
    assert editor.source() == "{\n    "


def test_the_bracket_beside_the_cursor_and_its_partner_are_highlighted(
    qtbot: QtBot, editor: CodeEditor
) -> None:
    editor.set_source("f(a[i], (b)) // (")
    editor.moveCursor(QTextCursor.MoveOperation.Start)
    cursor = editor.textCursor()
    cursor.setPosition(2)  # just after the first "("
    editor.setTextCursor(cursor)

    match = editor.colors.bracket_match
    assert backgrounds(editor, match) == ["(", ")"]
    pair = [
        s.cursor.selectionStart()
        for s in editor.extraSelections()
        if s.format.background().color() == QColor(match)
    ]
    assert pair == [1, 11], "the outer pair, skipping the inner (b) and the ( in the comment"


def test_an_unmatched_bracket_is_highlighted_as_such(qtbot: QtBot, editor: CodeEditor) -> None:
    editor.set_source("x = (a + b;")
    cursor = editor.textCursor()
    cursor.setPosition(5)
    editor.setTextCursor(cursor)
    assert backgrounds(editor, editor.colors.bracket_mismatch) == ["("]
    assert backgrounds(editor, editor.colors.bracket_match) == []


SOURCE = """__kernel void f(__global float *a)
{
    int i = get_global_id(0);
    a[i] = b + 1.0f;
}
"""


def test_an_error_is_squiggled_under_its_token_and_marked_in_the_gutter(editor: CodeEditor) -> None:
    editor.set_source(SOURCE)
    editor.set_diagnostics(
        [
            Diagnostic(4, 12, "error", "use of undeclared identifier 'b'"),
            Diagnostic(3, 9, "warning", "implicit conversion loses precision"),
            Diagnostic(0, 0, "error", "the whole build failed"),
        ]
    )

    assert squiggles(editor) == [
        (4, 11, "b", editor.colors.error),
        (3, 8, "i", editor.colors.warning),
    ]
    assert editor.gutter.marks() == {3: "warning", 4: "error"}
    assert editor.gutter.tooltip_for_line(4) == "error: use of undeclared identifier 'b'"


def test_marks_and_squiggles_move_with_the_text(qtbot: QtBot, editor: CodeEditor) -> None:
    editor.set_source(SOURCE)
    editor.set_diagnostics([Diagnostic(4, 12, "error", "use of undeclared identifier 'b'")])
    editor.moveCursor(QTextCursor.MoveOperation.Start)
    qtbot.keyClicks(editor, "// a new first line")
    qtbot.keyClick(editor, Key.Key_Return)

    assert editor.gutter.marks() == {5: "error"}
    assert squiggles(editor) == [(5, 11, "b", editor.colors.error)]


def test_a_column_past_the_end_underlines_the_last_run_of_text(editor: CodeEditor) -> None:
    editor.set_source("float4 v = (float4)(1.0f)\nint x;")
    editor.set_diagnostics([Diagnostic(1, 26, "error", "expected ';' at end of declaration")])
    assert squiggles(editor) == [(1, 11, "(float4)(1.0f)", editor.colors.error)]


def test_a_column_at_an_operator_underlines_the_rest_of_the_line(editor: CodeEditor) -> None:
    editor.set_source("c[i] = a[i] + * b[i];\n")
    editor.set_diagnostics([Diagnostic(1, 15, "error", "expected expression")])
    assert squiggles(editor) == [(1, 14, "* b[i];", editor.colors.error)]


def test_compiler_byte_columns_land_on_the_right_character_after_non_ascii(
    editor: CodeEditor,
) -> None:
    # "é" is two bytes in UTF-8: the compiler's column 20 is the 19th character.
    editor.set_source("/* é */ int x = y;")
    editor.set_diagnostics([Diagnostic(1, 18, "error", "use of undeclared identifier 'y'")])
    assert squiggles(editor) == [(1, 16, "y", editor.colors.error)]


def test_hovering_a_squiggle_shows_its_message(qtbot: QtBot, editor: CodeEditor) -> None:
    editor.set_source(SOURCE)
    editor.set_diagnostics([Diagnostic(4, 12, "error", "use of undeclared identifier 'b'")])
    cursor = editor.textCursor()
    cursor.setPosition(editor.document().findBlockByNumber(3).position() + 11)
    where = editor.cursorRect(cursor).center() + QPoint(2, 0)
    event = QHelpEvent(QEvent.Type.ToolTip, where, editor.viewport().mapToGlobal(where))
    QApplication.sendEvent(editor.viewport(), event)
    try:
        assert QToolTip.text() == "error: use of undeclared identifier 'b'"
    finally:
        QToolTip.hideText()


def test_go_to_puts_the_cursor_at_a_line_and_column(editor: CodeEditor) -> None:
    editor.set_source(SOURCE)
    editor.go_to(4, 12)
    assert editor.textCursor().blockNumber() == 3
    assert editor.textCursor().positionInBlock() == 11
    editor.go_to(3)
    assert editor.textCursor().positionInBlock() == 4, "column 0: the line's first word"


def test_clicking_a_gutter_mark_goes_to_its_diagnostic(qtbot: QtBot, editor: CodeEditor) -> None:
    editor.set_source(SOURCE)
    editor.set_diagnostics([Diagnostic(4, 12, "error", "use of undeclared identifier 'b'")])
    block = editor.document().findBlockByNumber(3)
    y = int(editor.blockBoundingGeometry(block).translated(editor.contentOffset()).center().y())
    qtbot.mouseClick(editor.gutter, Qt.MouseButton.LeftButton, pos=QPoint(8, y))
    assert (editor.textCursor().blockNumber(), editor.textCursor().positionInBlock()) == (3, 11)


def test_set_source_is_not_an_edit_and_clears_diagnostics(qtbot: QtBot, editor: CodeEditor) -> None:
    editor.set_source(SOURCE)
    editor.set_diagnostics([Diagnostic(4, 12, "error", "x")])
    with qtbot.assertNotEmitted(editor.sourceEdited):
        editor.set_source("kernel void g() {}")
    assert editor.gutter.marks() == {}
    assert squiggles(editor) == []
    assert not editor.document().isUndoAvailable()


def test_typing_announces_the_new_source(qtbot: QtBot, editor: CodeEditor) -> None:
    with qtbot.waitSignal(editor.sourceEdited) as edited:
        qtbot.keyClicks(editor, "x")
    assert edited.args == ["x"]


def test_zoom_changes_the_font_within_bounds(editor: CodeEditor) -> None:
    editor.zoom_in()
    assert editor.font().pointSize() == BASE_POINT_SIZE + 1
    assert editor.gutter.font().pointSize() == BASE_POINT_SIZE + 1
    editor.set_zoom(1000)
    assert editor.font().pointSize() == MAX_POINT_SIZE
    assert editor.zoom() == MAX_POINT_SIZE - BASE_POINT_SIZE
    editor.set_zoom(0)
    editor.zoom_out()
    assert editor.zoom() == -1


def test_the_current_line_is_highlighted_across_the_width(qtbot: QtBot, editor: CodeEditor) -> None:
    editor.set_source("a\nb\nc")
    editor.go_to(2)
    current = [
        s
        for s in editor.extraSelections()
        if s.format.background().color() == QColor(editor.colors.current_line)
    ]
    assert len(current) == 1
    assert current[0].cursor.blockNumber() == 1
    assert editor.current_line() == 2
