"""Scrolling the Arguments form over its fields scrolls it; only a focused field takes the wheel."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QScrollArea, QSpinBox, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from clstudio.devices.limits import DeviceLimits
from clstudio.session.format import load_session
from clstudio.ui.args.buffer_editor import BufferEditor
from clstudio.ui.wheel_guard import guard_wheel
from ui.args.form_bench import FormBench, editor_of
from ui.wheel_events import wheel_down

KERNELS = Path(__file__).resolve().parents[3] / "kernels"

pytestmark = pytest.mark.opencl


def test_the_wheel_over_an_unfocused_combo_scrolls_the_form_and_a_focused_one_changes(
    qtbot: QtBot, bench: FormBench, limits: DeviceLimits
) -> None:
    session = load_session(KERNELS / "matmul_tiled.json")
    bench.open(session, limits)
    panel = bench.panel
    panel.resize(420, 240)  # shorter than the form: it scrolls
    contents = editor_of(panel, "c", BufferEditor).contents.kind
    bar = panel.scroll_area.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    assert contents.currentData() == "zeros"
    assert contents.focusPolicy() == Qt.FocusPolicy.StrongFocus  # the wheel gives no focus
    wheel_down(contents)
    assert contents.currentData() == "zeros"
    assert bar.value() > 0
    assert bench.session().args["c"] == session.args["c"]
    panel.activateWindow()  # the bench shows other panels too: the form's is the one used
    contents.setFocus()
    qtbot.waitUntil(contents.hasFocus)
    wheel_down(contents)
    assert contents.currentData() != "zeros"


def test_the_wheel_over_an_unfocused_spin_box_in_a_pane_scrolls_the_pane(qtbot: QtBot) -> None:
    area = QScrollArea()
    qtbot.addWidget(area)
    content = QWidget()
    column = QVBoxLayout(content)
    spin = QSpinBox()
    spin.setValue(5)
    column.addWidget(spin)
    column.addSpacing(2000)
    area.setWidget(content)
    area.resize(200, 200)
    guard_wheel(area)  # what each scrolling pane does once its fields exist
    area.show()
    wheel_down(spin)
    assert spin.value() == 5
    assert area.verticalScrollBar().value() > 0
