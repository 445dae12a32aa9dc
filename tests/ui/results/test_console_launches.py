"""The Console of a run of several launches says which launch printed what."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clstudio.engine.in_process import InProcessBackend
from clstudio.ui.backends import Backends
from clstudio.ui.main_window import MainWindow
from clstudio.worker.client import WorkerClient

pytestmark = pytest.mark.opencl

PRINTS = """\
__kernel void hello(__global float *out) {
    if (get_global_id(0) == 0) printf("hello\\n");
    out[get_global_id(0)] = 1.0f;
}
"""


def test_five_repeats_of_a_printing_kernel_are_five_headed_launches(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    path = tmp_path / "hello.cl"
    path.write_text(PRINTS)
    window = make_window(backends=Backends(InProcessBackend(), WorkerClient()))
    assert window.files.load(path)
    qtbot.waitUntil(lambda: not window.arguments_panel.is_empty(), timeout=30_000)
    repeats = window.run_bar.repeats
    repeats.setFocus()
    repeats.lineEdit().selectAll()
    qtbot.keyClicks(repeats.lineEdit(), "5")
    assert window.workbench.document.session.repeats == 5
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    with qtbot.waitSignal(window.runner.finished, timeout=60_000):
        qtbot.keyClick(window, Qt.Key.Key_F5)
    text = window.results_panel.console.plain_text()
    body = text[text.index("ok, 5 launches") :].splitlines()[1:]
    assert body == [line for k in range(1, 6) for line in (f"── launch {k} of 5", "hello")]
