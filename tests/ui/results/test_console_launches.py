"""The Console of a run of several launches says which launch printed what."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from clstudio.engine.in_process import InProcessBackend
from clstudio.ui.backends import Backends
from clstudio.ui.main_window import MainWindow
from clstudio.worker.client import WorkerClient
from ui.window_steps import open_kernel, run_with_f5

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
    window = make_window(backends=Backends(InProcessBackend(), WorkerClient()))
    open_kernel(qtbot, window, tmp_path / "hello.cl", PRINTS)
    repeats = window.run_bar.repeats
    repeats.setFocus()
    repeats.lineEdit().selectAll()
    qtbot.keyClicks(repeats.lineEdit(), "5")
    assert window.workbench.document.session.repeats == 5
    run_with_f5(qtbot, window)
    text = window.results_panel.console.plain_text()
    body = text[text.index("ok, 5 launches") :].splitlines()[1:]
    assert body == [line for k in range(1, 6) for line in (f"── launch {k} of 5", "hello")]
