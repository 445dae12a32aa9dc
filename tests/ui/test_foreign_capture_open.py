"""File > Open of a capture made elsewhere: a pyopencl capture_call script (never run) and
a file of an opencl-intercept-layer replay folder each import into the folder the user
names, and the first session opens with the captured values, ready to run."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from clstudio.session import BufferArg
from clstudio.ui.main_window import MainWindow
from foreign_capture_files import Y_AFTER, X, capture_call_script, intercept_dump
from ui.window_steps import run_with_f5

pytestmark = pytest.mark.opencl


def choose_folder(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *args: str(folder))


def test_a_capture_call_script_opens_as_its_launch_and_runs(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = capture_call_script(tmp_path / "captured.py")
    choose_folder(monkeypatch, tmp_path / "sessions")
    assert window.files.open_file(script)
    qtbot.waitUntil(lambda: window.workbench.document.session.kernel == "blend", timeout=60_000)
    session = window.workbench.document.session
    assert (tmp_path / "sessions" / "capture.json").is_file()
    assert window.windowTitle().startswith("session")
    x = session.args["x"]
    assert isinstance(x, BufferArg) and x.init.kind == "file"
    result = run_with_f5(qtbot, window)
    assert result.ok
    assert np.array_equal(result.outputs["y"], Y_AFTER)
    assert session.base_dir is not None
    assert np.array_equal(np.load(session.base_dir / "x.npy"), X)


def test_a_file_of_an_intercept_folder_imports_the_folder(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = intercept_dump(tmp_path / "dump")
    choose_folder(monkeypatch, tmp_path / "sessions")
    assert window.files.open_file(folder / "kernel.cl")
    qtbot.waitUntil(lambda: window.workbench.document.session.kernel == "blend", timeout=60_000)
    assert window.workbench.document.session.build_options == "-DFACTOR=2"
    assert set(window.workbench.document.session.references) == {"y"}


def test_a_hostile_script_is_refused_in_a_message_and_nothing_opens(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = capture_call_script(tmp_path / "captured.py")
    marker = tmp_path / "ran"
    text = script.read_text().replace("    queue.finish()", f"    open({str(marker)!r}, 'w')")
    script.write_text(text)
    choose_folder(monkeypatch, tmp_path / "sessions")
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _w, _t, text: said.append(text))
    kernel_before = window.workbench.document.session.kernel
    assert window.files.open_file(script)
    qtbot.waitUntil(lambda: bool(said), timeout=30_000)
    assert "unexpected statement" in said[0] and "captured.py:" in said[0]
    assert not marker.exists()
    assert window.workbench.document.session.kernel == kernel_before
