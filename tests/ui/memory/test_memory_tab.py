"""The Memory tab measures through the real worker and shows the numbers a learner reads."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableWidgetItem
from pytestqt.qtbot import QtBot

from clstudio.common import RunResult
from clstudio.reporting import FinishedRun
from clstudio.session import load_session
from clstudio.ui.main_window import MainWindow
from clstudio.ui.memory.heatmap_image import UNTOUCHED
from clstudio.ui.memory.memory_tab import MemoryTab
from clstudio.worker.traffic_client import TrafficClient
from ui.layouts import settle_layouts
from ui.shown_widgets import shown
from ui.window_steps import open_gallery, press_in_tab, run_with_f5

pytestmark = pytest.mark.opencl

KERNELS = Path(__file__).parents[3] / "kernels"


@pytest.fixture
def tab(qtbot: QtBot) -> Iterator[MemoryTab]:
    client = TrafficClient()
    widget = shown(qtbot, MemoryTab(client), 1000, 600)
    yield widget
    widget.controller.stop()
    assert widget.controller.wait()
    client.close()


def measured(qtbot: QtBot, tab: MemoryTab, name: str) -> None:
    session = load_session(KERNELS / f"{name}.json")
    tab.show_run(FinishedRun(session, RunResult(True, kernel=name)))
    with qtbot.waitSignal(tab.trafficMeasured, timeout=180_000):
        qtbot.mouseClick(tab.measure_button, Qt.MouseButton.LeftButton)
    assert tab.controller.wait()


def cell(tab: MemoryTab, row: int, column: int) -> QTableWidgetItem:
    item = tab.table.item(row, column)
    assert item is not None
    return item


def table_rows(tab: MemoryTab) -> list[list[str]]:
    return [
        [cell(tab, row, column).text() for column in range(tab.table.columnCount())]
        for row in range(tab.table.rowCount())
    ]


def coloured(tab: MemoryTab) -> int:
    image = tab.picture.shown_image()
    return int(np.count_nonzero(np.any(image != UNTOUCHED, axis=-1)))


def test_naive_transpose_shows_its_stores_touching_16_lines(qtbot: QtBot, tab: MemoryTab) -> None:
    assert not tab.measure_button.isEnabled()  # nothing ran yet
    measured(qtbot, tab, "transpose_naive")
    assert tab.state_text().startswith("Measured transpose_naive on ")
    assert table_rows(tab) == [
        ["19", "out[col * rows + row]", "store", "16.0", "16"],
        ["19", "a[row * cols + col]", "load", "1.0", "1"],
    ]
    assert "Every work-group logged (3,072)." in tab.summary.text()
    assert "passed the references" in tab.summary.text()
    assert tab.buffer_choice.currentText() == "a (__global, 768 × 1024)"
    assert "Read once each, written 0 times each" in tab.legend.text()
    assert tab.picture.shown_image().shape == (768, 1024, 3)


def test_tiled_transpose_coalesces_and_plays_its_group_in_two_steps(
    qtbot: QtBot, tab: MemoryTab
) -> None:
    measured(qtbot, tab, "transpose_tiled")
    rows = {(r[1].split("[")[0], r[2]): r for r in table_rows(tab)}
    assert rows[("out", "store")][3:] == ["1.0", "1"]
    assert rows[("a", "load")][3:] == ["1.0", "1"]
    assert rows[("tile", "store")][3] == "__local"
    tab.buffer_choice.setCurrentIndex(1)  # out
    assert "written once each" in tab.legend.text()
    assert "never touched (0)" in tab.legend.text()
    tab.buffer_choice.setCurrentIndex(2)  # tile: one work-group's copy, its padding untouched
    assert tab.legend.text().startswith("In work-group 0, 0: Read from 0 to 1 times")
    assert "never touched (16)" in tab.legend.text()
    tab.buffer_choice.setCurrentIndex(1)

    tab.view_choice.setCurrentIndex(1)
    assert tab.group_choice.currentText() == "0, 0"
    assert tab.step_text() == "Step 1 of 2: up to the first barrier"
    assert coloured(tab) == 0  # out is written only after the barrier
    assert not tab.previous_button.isEnabled()
    qtbot.mouseClick(tab.next_button, Qt.MouseButton.LeftButton)
    assert tab.step_text() == "Step 2 of 2: after barrier 1"
    assert coloured(tab) == 256  # the group's 16 x 16 block of out, one per work-item
    assert not tab.next_button.isEnabled()
    tab.buffer_choice.setCurrentIndex(2)  # tile
    assert tab.step_text().startswith("Step 1 of 2")
    assert coloured(tab) == 256  # written by every work-item before the barrier


def test_a_kernel_the_instrumentation_cannot_follow_says_why(qtbot: QtBot, tab: MemoryTab) -> None:
    measured(qtbot, tab, "vector_add_float4")
    assert tab.state_text().startswith("vector_add_float4: not measured. line 18: 'a' is used")
    assert tab.table.rowCount() == 0


def test_in_the_window_the_editor_marks_the_scattered_store(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window(size=(1280, 800))
    open_gallery(qtbot, window, "transpose_naive")
    run_with_f5(qtbot, window)
    memory = window.memory
    press_in_tab(qtbot, window, memory, memory.measure_button, memory.trafficMeasured)
    assert memory.controller.wait()
    settle_layouts()
    # The heatmap takes the height of its column, the texts stand beside it, and its
    # tick labels keep clear of each other.
    picture = memory.picture
    column = picture.parentWidget()
    assert column is not None and picture.height() == column.height()
    assert memory.legend.parentWidget() is memory.table.parentWidget()
    assert memory.table.height() >= memory.table.sizeHint().height() or (
        memory.table.verticalScrollBar().maximum() == 0
    )  # every access row in view
    for name in ("left", "bottom"):
        axis = picture.getPlotItem().getAxis(name)
        low, high = sorted(axis.range)
        length = axis.height() if name == "left" else axis.width()
        [(step, values)] = axis.tickValues(low, high, length)
        assert len(values) >= 2
        assert step * length / (high - low) >= axis.label_extent(high)
    assert window.editor_panel.editor.gutter.marks()[19] == "warning"
    qtbot.mouseClick(
        memory.table.viewport(),
        Qt.MouseButton.LeftButton,
        pos=memory.table.visualItemRect(cell(memory, 0, 1)).center(),
    )
    assert window.editor_panel.editor.textCursor().blockNumber() + 1 == 19

    window.window_actions["new"].trigger()  # File > New: nothing of transpose_naive stays
    assert memory.table.rowCount() == 0 and memory.summary.text() == ""
    assert memory.buffer_choice.count() == 0 and memory.picture.shown_image().size == 0
    assert memory.state_text() == "Run the kernel first: the Memory tab measures the last run."
    assert not memory.measure_button.isEnabled()


def test_stop_ends_a_measurement_and_the_next_one_works(qtbot: QtBot, tab: MemoryTab) -> None:
    session = load_session(KERNELS / "matmul_naive.json")
    tab.show_run(FinishedRun(session, RunResult(True, kernel="matmul_naive")))
    with qtbot.waitSignal(tab.trafficMeasured, timeout=180_000):
        qtbot.mouseClick(tab.measure_button, Qt.MouseButton.LeftButton)
        assert tab.stop_button.isEnabled() and not tab.measure_button.isEnabled()
        qtbot.mouseClick(tab.stop_button, Qt.MouseButton.LeftButton)
    assert tab.controller.wait()
    assert tab.state_text().startswith("matmul_naive: not measured. ")
    assert "stopped" in tab.state_text()
    assert tab.measure_button.isEnabled() and not tab.stop_button.isEnabled()
    measured(qtbot, tab, "transpose_naive")
    assert table_rows(tab)[0][3:] == ["16.0", "16"]
