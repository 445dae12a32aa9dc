"""File > New in Chinese: the starter kernel's comments in Chinese, its code unchanged, and
it builds."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clstudio.common import LANGUAGE_VARIABLE
from clstudio.ui.main_window import MainWindow

pytestmark = pytest.mark.opencl


def _comments_and_code(text: str) -> tuple[list[str], list[str]]:
    lines = text.splitlines()
    return [line for line in lines if line.startswith("//")], [
        line for line in lines if not line.startswith("//")
    ]


@pytest.fixture
def chinese(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv(LANGUAGE_VARIABLE, "zh_CN")
    yield
    os.environ[LANGUAGE_VARIABLE] = "en"  # as tests/conftest.py has it


def _new_and_build(qtbot: QtBot, window: MainWindow) -> str:
    """File > New with Ctrl+N, then Build with Ctrl+B; the editor's text."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    editor = window.editor_panel
    with qtbot.waitSignal(editor.buildFinished, timeout=60_000) as built:
        qtbot.keyClick(window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    assert built.args is not None and built.args[0].ok, built.args
    return editor.editor.toPlainText()


def test_new_kernel_in_chinese_has_chinese_comments_and_builds(
    qtbot: QtBot, make_window: Callable[..., MainWindow], chinese: None
) -> None:
    window = make_window()
    comments, code = _comments_and_code(_new_and_build(qtbot, window))
    assert comments == [
        "// 向量加法：每个工作项把一对数相加。",
        "// 试着改一改运算，或会话中的全局大小。",
    ]
    os.environ[LANGUAGE_VARIABLE] = "en"
    english = make_window()
    english_comments, english_code = _comments_and_code(_new_and_build(qtbot, english))
    assert english_comments[0] == "// Vector addition: each work-item adds one pair of numbers."
    assert code == english_code  # the kernel itself is the same in every language
