"""A gallery example's description in the reader's language; a user's own as written."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from clstudio.common import LANGUAGE_VARIABLE
from clstudio.session.gallery import Example, examples
from clstudio.ui.main_window import MainWindow

VECTOR_ADD_IN_CHINESE = "两个向量相加，每个元素一个工作项。"


def _vector_add() -> Example:
    return next(example for example in examples() if example.name == "vector_add")


def test_open_example_describes_the_examples_in_chinese(
    make_window: Callable[..., MainWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(LANGUAGE_VARIABLE, "zh_CN")
    window = make_window()
    vector_add = _vector_add()
    window.file_menus.examples.aboutToShow.emit()
    entry = next(
        action
        for action in window.file_menus.examples.actions()
        if action.text().startswith(vector_add.title)
    )
    assert entry.text() == f"{vector_add.title} — {VECTOR_ADD_IN_CHINESE}"
    assert entry.toolTip() == entry.statusTip() == VECTOR_ADD_IN_CHINESE


def test_properties_show_the_chinese_description_and_keep_the_sessions_own(
    qtbot: QtBot, make_window: Callable[..., MainWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(LANGUAGE_VARIABLE, "zh_CN")
    window = make_window()
    vector_add = _vector_add()
    assert window.files.open_example(vector_add.path, vector_add.title)
    english = window.workbench.document.session.description
    dialog = window.files.edit_properties()
    assert dialog.description.text() == VECTOR_ADD_IN_CHINESE
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert window.workbench.document.session.description == english  # the file stays in English

    dialog = window.files.edit_properties()
    dialog.description.selectAll()
    qtbot.keyClicks(dialog.description, "Adds, my way.")
    qtbot.mouseClick(
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton
    )
    assert window.workbench.document.session.description == "Adds, my way."
    assert window.files.edit_properties().description.text() == "Adds, my way."
