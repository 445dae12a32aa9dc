"""Open an exercise in Chinese: its starter's comments in Chinese, its code as written, and it
builds."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clstudio.common import LANGUAGE_VARIABLE
from clstudio.exercises import exercises_dir
from clstudio.ui.main_window import MainWindow

pytestmark = pytest.mark.opencl


@pytest.fixture
def chinese(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv(LANGUAGE_VARIABLE, "zh_CN")
    yield
    os.environ[LANGUAGE_VARIABLE] = "en"  # as tests/conftest.py has it


def test_open_vector_add_in_chinese_shows_chinese_comments_and_builds(
    qtbot: QtBot, make_window: Callable[..., MainWindow], chinese: None
) -> None:
    window = make_window()
    window.exercises_dock.raise_()
    panel = window.exercises.panel
    qtbot.mouseClick(panel.open_button, Qt.MouseButton.LeftButton)  # the first: vector_add
    text = window.editor_panel.editor.toPlainText()
    lines = text.split("\n")
    assert lines[0] == "// 带边界检查的向量加法：对每个 i < n 计算 c[i] = a[i] + b[i]。"
    assert "    // 全局大小向上取整为 256 的倍数：有些工作项没有对应的元素。" in lines
    starter = (exercises_dir() / "vector_add" / "starter.cl").read_text(encoding="utf-8")
    code = [line for line in starter.split("\n") if not line.lstrip().startswith("//")]
    assert [line for line in lines if not line.lstrip().startswith("//")] == code
    with qtbot.waitSignal(window.editor_panel.buildFinished, timeout=60_000) as built:
        qtbot.mouseClick(window.editor_panel.build_button, Qt.MouseButton.LeftButton)
    assert built.args is not None and built.args[0].ok
