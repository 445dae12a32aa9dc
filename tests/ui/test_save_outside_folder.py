"""Save in the window never writes a file a session names outside its folder (issue 44):
the user is told why and pointed to Save As, and the file outside stays as it was."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from clstudio.session import load_session
from clstudio.ui.main_window import MainWindow
from ui.window_steps import open_file

pytestmark = pytest.mark.opencl

KERNEL = "__kernel void k(__global float *a)\n{\n    a[0] = 1.0f;\n}\n"


def test_save_refuses_a_changed_source_outside_and_save_as_keeps_the_change(
    qtbot: QtBot,
    make_window: Callable[..., MainWindow],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    precious = tmp_path / "precious.cl"
    precious.write_text(KERNEL, encoding="utf-8")
    (tmp_path / "from-a-friend").mkdir()
    path = tmp_path / "from-a-friend" / "s.json"
    data = {"format": "clstudio-session", "version": 1, "kernel": "k", "global_size": [1]}
    path.write_text(json.dumps(data | {"source_file": "../precious.cl"}), encoding="utf-8")
    window = make_window()
    open_file(qtbot, window, path)
    editor = window.editor_panel.editor
    editor.setFocus()
    qtbot.keyClicks(editor, "// mine")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    window.window_actions["save"].trigger()
    assert len(shown) == 1
    assert "source_file: " in shown[0] and "is outside the session's folder" in shown[0]
    assert "Save As" in shown[0]
    assert precious.read_text(encoding="utf-8") == KERNEL
    assert window.isWindowModified()  # the change is still the user's, unsaved
    mine = tmp_path / "from-a-friend" / "mine.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(mine), ""))
    window.window_actions["save_as"].trigger()
    assert load_session(mine).source.startswith("// mine\n")
    assert (mine.parent / "mine.cl").read_text(encoding="utf-8").startswith("// mine\n")
    assert precious.read_text(encoding="utf-8") == KERNEL
