"""Step mode through a program: each kernel and its arguments, then one launch per Step."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from clstudio.common import HOST_STEP_COUNT
from clstudio.ui.main_window import MainWindow
from ui.window_steps import open_gallery

pytestmark = pytest.mark.opencl

KERNELS = Path(__file__).parents[3] / "kernels"


def press_and_wait(qtbot: QtBot, window: MainWindow, button: QWidget) -> None:
    with qtbot.waitSignal(window.step_mode.controller.finished, timeout=30_000):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_step_mode_steps_through_the_kernels_then_one_launch_at_a_time(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    open_gallery(qtbot, window, "scan_multi_block", launches=3)
    window.results_panel.setCurrentWidget(window.results_panel.steps)
    panel = window.results_panel.steps
    for _ in range(5):
        press_and_wait(qtbot, window, panel.step_button)
    press_and_wait(qtbot, window, panel.step_button)  # step 6, the first kernel
    assert panel.part_texts(6) == [
        "launch 1 of 3, kernel `scan_blocks`: kernel 'scan_blocks' with 4 arguments"
    ]
    assert panel.row_state(6) == "current"  # two kernels still to create
    assert panel.status.text() == "5 of 11 steps done; step 6 is next."
    press_and_wait(qtbot, window, panel.step_button)
    press_and_wait(qtbot, window, panel.step_button)
    assert len(panel.part_texts(6)) == 3 and panel.row_state(7) == "current"
    press_and_wait(qtbot, window, panel.step_button)  # step 7, the buffers
    for _ in range(3):  # step 8, one launch's arguments each
        press_and_wait(qtbot, window, panel.step_button)
    assert [text.split(":")[0] for text in panel.part_texts(8)] == [
        "launch 1 of 3, kernel `scan_blocks`",
        "launch 2 of 3, kernel `scan_blocks`",
        "launch 3 of 3, kernel `add_block_offsets`",
    ]
    press_and_wait(qtbot, window, panel.step_button)  # step 9: the first launch only
    assert panel.part_texts(9) == [
        "launch 1 of 3, kernel `scan_blocks`, iteration 0 queued: 1048576 work-items"
    ]
    press_and_wait(qtbot, window, panel.step_button)  # the second launch
    assert len(panel.part_texts(9)) == 2 and panel.row_state(9) == "current"
    press_and_wait(qtbot, window, panel.run_to_end_button)
    assert len(panel.part_texts(9)) == 3
    assert all(panel.row_state(n) == "done" for n in range(1, HOST_STEP_COUNT + 1))
    assert panel.row_texts(10)[3].startswith("the queue is empty; 3 launches ran for ")
    assert panel.row_texts(11)[3].endswith("references matching: 4 of 4")
    outputs = window.results_panel.outputs
    y = next(e for e in outputs.entries() if e.name == "y" and e.role == "result")
    x = next(e for e in outputs.entries() if e.name == "x")
    np.testing.assert_array_equal(y.array, np.cumsum(x.array))
