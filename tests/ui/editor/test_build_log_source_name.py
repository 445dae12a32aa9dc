"""The Build log tab names the session's kernel file where PoCL's log named its temporary copy."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from clstudio.ui.main_window import MainWindow
from ui.window_steps import KERNELS

pytestmark = pytest.mark.opencl


def test_a_failed_build_log_names_the_sessions_cl_file(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    shutil.copy(KERNELS / "saxpy.json", tmp_path / "saxpy.json")
    kernel = (KERNELS / "saxpy.cl").read_text()
    assert "a * x[i] + y[i]" in kernel
    (tmp_path / "saxpy.cl").write_text(kernel.replace("a * x[i] + y[i]", "a * x[i] + b"))
    line = next(n for n, text in enumerate(kernel.splitlines(), 1) if "a * x[i] + y[i]" in text)
    window = make_window()
    editor = window.editor_panel
    with qtbot.waitSignal(editor.buildFinished, timeout=60_000) as built:
        assert window.files.load(tmp_path / "saxpy.json")
    assert built.args is not None and not built.args[0].ok
    window.results_panel.setCurrentWidget(window.results_panel.build_log)
    shown = window.results_panel.build_log.toPlainText()
    assert f"saxpy.cl:{line}:" in shown and "use of undeclared identifier 'b'" in shown
    assert "tempfile_" not in shown and "pocl-cache" not in shown
