"""A gallery example whose only change is the run bar's time limit or repeats does not ask
to be saved (issue 43, point 10): those say how the learner runs it, not what it is. A
change to the example itself still asks, and a session of the user's own asks for any."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractSpinBox, QMessageBox
from pytestqt.qtbot import QtBot

from clstudio.session import load_session
from clstudio.ui.main_window import MainWindow
from ui.window_steps import KERNELS, answer_questions, open_file, open_gallery, run_with_f5

Button = QMessageBox.StandardButton
pytestmark = pytest.mark.opencl


def type_into(qtbot: QtBot, field: QAbstractSpinBox, text: str) -> None:
    """Click into the field, select what it holds and type over it, then Enter."""
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, text)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def test_an_example_run_with_a_longer_time_limit_does_not_ask_to_be_saved(
    qtbot: QtBot, make_window: Callable[..., MainWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    open_gallery(qtbot, window, "vector_add")
    type_into(qtbot, window.run_bar.timeout, "30")
    type_into(qtbot, window.run_bar.repeats, "3")
    assert window.workbench.document.session.timeout_s == 30.0
    assert window.workbench.document.session.repeats == 3
    run_with_f5(qtbot, window)
    assert not window.isWindowModified()
    asked = answer_questions(monkeypatch, Button.Cancel)
    window.window_actions["new"].trigger()
    assert asked == []  # File > New went ahead without a question
    assert window.editor_panel.editor.source().startswith("// Vector addition")
    assert window.workbench.document.path is None and window.run_bar.timeout.value() == 10.0


def test_an_edited_example_still_asks_and_keeps_its_time_limit_when_saved(
    qtbot: QtBot,
    make_window: Callable[..., MainWindow],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    window = make_window()
    open_gallery(qtbot, window, "vector_add")
    type_into(qtbot, window.run_bar.timeout, "30")
    editor = window.editor_panel.editor
    editor.setFocus()
    qtbot.keyClicks(editor, "// mine")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert window.isWindowModified()
    asked = answer_questions(monkeypatch, Button.Save)
    target = tmp_path / "mine.json"
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), "")
    )
    window.window_actions["new"].trigger()
    assert len(asked) == 1 and "has unsaved changes" in asked[0]
    saved = load_session(target)
    assert saved.timeout_s == 30.0 and "// mine" in saved.source


def test_a_users_own_session_asks_for_a_time_limit_change(
    qtbot: QtBot,
    make_window: Callable[..., MainWindow],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    own = tmp_path / "vector_add.json"
    own.write_text((KERNELS / "vector_add.json").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "vector_add.cl").write_text((KERNELS / "vector_add.cl").read_text(encoding="utf-8"))
    window = make_window()
    open_file(qtbot, window, own)
    type_into(qtbot, window.run_bar.timeout, "30")
    assert window.isWindowModified()
    asked = answer_questions(monkeypatch, Button.Cancel)
    window.window_actions["new"].trigger()
    assert len(asked) == 1 and "has unsaved changes" in asked[0]
    assert window.workbench.document.path == own
