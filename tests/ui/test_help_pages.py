"""Help > The Compiler tab, The roofline, The exercises and Keyboard Shortcuts, opened from
the Help menu as a user opens them, in English and in Chinese."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pytest
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMenu

from clstudio.ui.actions.action import without_accelerator
from clstudio.ui.actions.shortcut_list import ShortcutList
from clstudio.ui.compiler.compiler_lesson import CompilerLesson
from clstudio.ui.exercises.exercises_lesson import ExercisesLesson
from clstudio.ui.main_window import MainWindow
from clstudio.ui.results.roofline.roofline_lesson import RooflineLesson

D = TypeVar("D", bound=QDialog)


def _help_entry(window: MainWindow, text: str) -> QAction:
    """The Help menu's entry that reads `text` (without its accelerator)."""
    help_menu = next(
        action.menu()
        for action in window.menuBar().actions()
        if without_accelerator(action.text()) in ("Help", "帮助")
    )
    assert isinstance(help_menu, QMenu)
    return next(
        action for action in help_menu.actions() if without_accelerator(action.text()) == text
    )


def _opened(window: MainWindow, text: str, kind: type[D]) -> D:
    _help_entry(window, text).trigger()
    dialog = window.findChild(kind)
    assert dialog is not None and dialog.isVisible()
    return dialog


@pytest.mark.parametrize(
    ("entry", "kind", "says"),
    [
        ("The Compiler tab", CompilerLesson, "press Compile the last run"),
        ("The roofline", RooflineLesson, "press Measure peaks"),
        ("The exercises", ExercisesLesson, "Press Check my solution"),
    ],
)
def test_help_opens_a_page_on_each_tab(
    make_window: Callable[..., MainWindow], entry: str, kind: type[QDialog], says: str
) -> None:
    window = make_window()
    page = _opened(window, entry, kind)
    assert page.windowTitle() == entry
    assert isinstance(page, CompilerLesson | RooflineLesson | ExercisesLesson)
    assert says in page.text.toPlainText()


def _rows(shortcuts: ShortcutList) -> list[tuple[str, str, str]]:
    """The table as the user reads it: menu, command, keys."""
    table = shortcuts.table
    rows = []
    for row in range(table.rowCount()):
        menu, command, keys = (table.item(row, column) for column in range(3))
        assert menu is not None and command is not None and keys is not None
        rows.append((menu.text(), command.text(), keys.text()))
    return rows


def _row_of(shortcuts: ShortcutList, command: str) -> tuple[str, str, str]:
    return next(row for row in _rows(shortcuts) if row[1] == command)


def _keys(action: QAction) -> list[str]:
    return [key.toString(QKeySequence.SequenceFormat.NativeText) for key in action.shortcuts()]


def test_shortcut_list_shows_the_keys_the_commands_answer_to(
    make_window: Callable[..., MainWindow],
) -> None:
    window = make_window()
    shortcuts = _opened(window, "Keyboard Shortcuts", ShortcutList)
    actions = window.window_actions
    assert "F5" in _keys(actions["run"]) and _keys(actions["build"]) == ["Ctrl+B"]
    assert _row_of(shortcuts, "Run") == ("Run", "Run", ", ".join(_keys(actions["run"])))
    assert _row_of(shortcuts, "Build") == ("Run", "Build", "Ctrl+B")
    assert _row_of(shortcuts, "Open")[2] == "Ctrl+O"
    assert _row_of(shortcuts, "Debug / Continue") == ("Run", "Debug / Continue", "F8")
    assert "About CL Studio" not in {row[1] for row in _rows(shortcuts)}  # no keys, no row


def test_help_pages_and_shortcuts_in_chinese(
    make_window: Callable[..., MainWindow], qt_in_chinese: None
) -> None:
    window = make_window()
    page = _opened(window, "编译器选项卡", CompilerLesson)
    assert page.windowTitle() == "编译器选项卡"
    assert "编译上次运行" in page.text.toPlainText()
    shortcuts = _opened(window, "键盘快捷键", ShortcutList)
    assert shortcuts.windowTitle() == "键盘快捷键"
    keys_header = shortcuts.table.horizontalHeaderItem(2)
    assert keys_header is not None and keys_header.text() == "按键"
    build = _row_of(shortcuts, without_accelerator(window.window_actions["build"].text()))
    assert build[2] == "Ctrl+B" and build[0] == "运行"
