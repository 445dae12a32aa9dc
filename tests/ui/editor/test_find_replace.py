"""Find and replace in the kernel source."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from clstudio.ui.editor.code_editor import CodeEditor
from clstudio.ui.editor.find_replace import FindReplaceBar

SOURCE = """__kernel void scale(__global float *data, float factor)
{
    size_t i = get_global_id(0);
    data[i] = data[i] * factor;  // Data is scaled in place
}
"""


@pytest.fixture
def parts(qtbot: QtBot) -> tuple[QWidget, CodeEditor, FindReplaceBar]:
    host = QWidget()
    editor = CodeEditor()
    bar = FindReplaceBar(editor)
    layout = QVBoxLayout(host)
    layout.addWidget(editor)
    layout.addWidget(bar)
    qtbot.addWidget(host)
    host.resize(700, 400)
    host.show()
    editor.set_source(SOURCE)
    return host, editor, bar


def selected(editor: CodeEditor) -> tuple[int, int, str]:
    """Line, 0-based column where the selection starts, and the selected text."""
    cursor = editor.textCursor()
    block = editor.document().findBlock(cursor.selectionStart())
    start = cursor.selectionStart() - block.position()
    return block.blockNumber() + 1, start, cursor.selectedText()


def test_typing_finds_and_counts_matches(
    qtbot: QtBot, parts: tuple[QWidget, CodeEditor, FindReplaceBar]
) -> None:
    _, editor, bar = parts
    assert bar.isHidden()
    bar.open_find()
    assert bar.isVisible() and bar.find_field.hasFocus()
    assert not bar.is_replacing()
    qtbot.keyClicks(bar.find_field, "data")
    assert selected(editor)[:2] == (1, 36)
    assert bar.count_label.text() == "1 of 4", "case-insensitive: Data in the comment too"

    qtbot.keyClick(bar.find_field, Qt.Key.Key_Return)
    assert selected(editor)[:2] == (4, 4)
    assert bar.count_label.text() == "2 of 4"
    bar.find_previous()
    bar.find_previous()
    assert selected(editor) == (4, 36, "Data"), "previous wraps around to the last match"


def test_match_case_and_whole_words_narrow_the_search(
    qtbot: QtBot, parts: tuple[QWidget, CodeEditor, FindReplaceBar]
) -> None:
    _, editor, bar = parts
    bar.open_find()
    qtbot.keyClicks(bar.find_field, "Data")
    bar.match_case.click()
    assert bar.count_label.text() == "1 of 1"
    bar.match_case.click()
    bar.find_field.setText("i")
    bar.whole_words.click()
    bar.find_next()
    assert len(bar.matches()) == 3, "size_t i, data[i] twice; not the i inside words"
    assert selected(editor)[2] == "i"


def test_nothing_found_says_so(
    qtbot: QtBot, parts: tuple[QWidget, CodeEditor, FindReplaceBar]
) -> None:
    *_, bar = parts
    bar.open_find()
    qtbot.keyClicks(bar.find_field, "double")
    assert bar.count_label.text() == "No matches"
    assert not bar.find_next()


def test_replace_all_is_one_undo_step(
    qtbot: QtBot, parts: tuple[QWidget, CodeEditor, FindReplaceBar]
) -> None:
    _, editor, bar = parts
    bar.open_replace()
    assert bar.is_replacing() and bar.replace_field.isVisible()
    qtbot.keyClicks(bar.find_field, "data")
    bar.match_case.click()
    qtbot.keyClicks(bar.replace_field, "values")
    assert bar.replace_all() == 3
    assert editor.source() == SOURCE.replace("data", "values")
    assert bar.count_label.text() == "Replaced 3"
    editor.undo()
    assert editor.source() == SOURCE


def test_replace_changes_the_selected_match_and_moves_on(
    qtbot: QtBot, parts: tuple[QWidget, CodeEditor, FindReplaceBar]
) -> None:
    _, editor, bar = parts
    bar.open_replace()
    qtbot.keyClicks(bar.find_field, "factor")
    qtbot.keyClicks(bar.replace_field, "k")
    assert bar.replace()
    assert "float k)" in editor.source()
    assert selected(editor) == (4, 24, "factor")
    qtbot.keyClick(bar.replace_field, Qt.Key.Key_Return)
    assert "data[i] * k;" in editor.source()
    assert "factor" not in editor.source()


def test_replace_all_copes_with_a_replacement_holding_the_needle(
    qtbot: QtBot, parts: tuple[QWidget, CodeEditor, FindReplaceBar]
) -> None:
    _, editor, bar = parts
    bar.open_replace()
    bar.find_field.setText("i]")
    bar.replace_field.setText("i + i]")
    assert bar.replace_all() == 2
    assert "data[i + i] = data[i + i] * factor;" in editor.source()


def test_open_takes_the_selection_as_the_search_text(
    qtbot: QtBot, parts: tuple[QWidget, CodeEditor, FindReplaceBar]
) -> None:
    _, editor, bar = parts
    editor.go_to(3, 16)
    cursor = editor.textCursor()
    cursor.movePosition(cursor.MoveOperation.EndOfWord, cursor.MoveMode.KeepAnchor)
    editor.setTextCursor(cursor)
    bar.open_find()
    assert bar.find_field.text() == "get_global_id"
    assert bar.count_label.text() == "1 of 1"


def test_escape_hides_the_bar_before_any_window_shortcut(
    qtbot: QtBot, parts: tuple[QWidget, CodeEditor, FindReplaceBar]
) -> None:
    host, editor, bar = parts
    stopped = []
    stop = QShortcut(QKeySequence("Esc"), host)
    stop.activated.connect(lambda: stopped.append(True))
    bar.open_find()
    qtbot.keyClick(bar.find_field, Qt.Key.Key_Escape)
    assert bar.isHidden()
    assert editor.hasFocus()
    assert stopped == []


def test_the_count_follows_edits(
    qtbot: QtBot, parts: tuple[QWidget, CodeEditor, FindReplaceBar]
) -> None:
    _, editor, bar = parts
    bar.open_find()
    qtbot.keyClicks(bar.find_field, "factor")
    assert bar.count_label.text() == "1 of 2"
    editor.moveCursor(editor.textCursor().MoveOperation.End)
    qtbot.keyClicks(editor, "// factor")
    assert bar.count_label.text() == "3 matches"
