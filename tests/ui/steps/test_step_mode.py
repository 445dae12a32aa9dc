"""Step mode through the Runtime steps panel: Step, Run to end, Reset and Stop, on PoCL."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget
from pytestqt.qtbot import QtBot

from clstudio.common import HOST_STEP_COUNT
from clstudio.engine import InProcessBackend
from clstudio.ui.backends import Backends
from clstudio.ui.main_window import MainWindow
from clstudio.ui.steps.steps_panel import StepsPanel
from clstudio.worker.client import WorkerClient
from session.session_data import scale_data
from ui.qt_items import tree_item

pytestmark = pytest.mark.opencl

SCALE = """__kernel void scale(__global float *x, const float by) {
    x[get_global_id(0)] *= by;
}
"""
BROKEN = "__kernel void scale(__global float *x, const float by) {\n    x[0] = oops;\n}\n"
SPIN = """__kernel void scale(__global float *x, const float by) {
    while (by > 0) { x[0] += 1; }  // by never changes: an endless loop
}
"""


def session_file(tmp_path: Path, source: str = SCALE, **keys: Any) -> Path:
    data = scale_data(source, **({"repeats": 4} | keys))
    path = tmp_path / "scale.json"
    path.write_text(json.dumps(data))
    return path


def steps_tab(
    qtbot: QtBot,
    make_window: Callable[..., MainWindow],
    path: Path,
    backends: Backends | None = None,
) -> tuple[MainWindow, StepsPanel]:
    window = make_window(backends=backends)
    assert window.files.open_file(path)
    qtbot.waitUntil(lambda: window.editor_panel.controller.last_good is not None, timeout=30_000)
    window.results_panel.setCurrentWidget(window.results_panel.steps)
    return window, window.results_panel.steps


def click(qtbot: QtBot, button: QWidget) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def press_and_wait(
    qtbot: QtBot, window: MainWindow, button: QWidget, timeout: int = 30_000
) -> None:
    with qtbot.waitSignal(window.step_mode.controller.finished, timeout=timeout):
        click(qtbot, button)


def click_row(
    qtbot: QtBot, tree: QTreeWidget, item: QTreeWidgetItem | None, column: int = 1
) -> None:
    assert item is not None
    tree.scrollToItem(item)
    rect = tree.visualItemRect(item)
    x = tree.header().sectionPosition(column) + 5
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, rect.center().y()))


def test_stepping_to_the_end_fills_each_row_and_shows_the_outputs(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    window, panel = steps_tab(qtbot, make_window, session_file(tmp_path))
    assert [panel.row_state(n) for n in (1, 2, 11)] == ["current", "pending", "pending"]
    press_and_wait(qtbot, window, panel.step_button)
    assert "Portable Computing Language" in panel.row_texts(1)[3]
    assert panel.row_state(1) == "done" and panel.row_state(2) == "current"
    assert panel.status.text() == "1 of 11 steps done; step 2 is next."
    assert panel.row_texts(2)[3] == ""  # the next step waits for Step, it is not running
    # Beside the list: the step just done, and what it produced in full.
    assert panel.details.text().startswith("<b>1. Find the platforms</b>")
    assert "Produced: " in panel.details.text()
    assert "Portable Computing Language" in panel.details.text()
    press_and_wait(qtbot, window, panel.run_to_end_button)
    produced = [panel.row_texts(n)[3] for n in range(1, HOST_STEP_COUNT + 1)]
    assert produced[2].startswith("a context on 1 device")
    assert produced[4].startswith("a program with 1 kernel")
    assert produced[5] == "kernel 'scale' with 2 arguments"
    assert produced[6] == "1 buffer, 3.91 KiB in all, copied to the device"
    assert panel.details.text().startswith("<b>11. Read the results back</b>")
    assert "references matching: 1 of 1" in panel.details.text()
    assert produced[8] == "1 launch queued: 1000 work-items in groups of the driver's choosing"
    assert produced[9].startswith("the queue is empty; the kernel ran for ")
    assert produced[10] == "1 output read back, 3.91 KiB; references matching: 1 of 1"
    # Why the wait can take far longer than the kernel: said beside it when it is chosen.
    wait_row = tree_item(panel.tree, 9)
    qtbot.mouseClick(
        panel.tree.viewport(),
        Qt.MouseButton.LeftButton,
        pos=panel.tree.visualItemRect(wait_row).center(),
    )
    assert panel.details.text().startswith("<b>10. Wait for the device</b>")
    assert "the host's clock around the wait" in panel.details.text()
    assert "far longer than the kernel's own time" in panel.details.text()
    assert all(panel.row_state(n) == "done" for n in range(1, HOST_STEP_COUNT + 1))
    assert all(panel.row_texts(n)[4] for n in range(1, HOST_STEP_COUNT + 1))  # each has a time
    assert panel.status.text().startswith("All 11 steps done")
    assert not panel.step_button.isEnabled() and panel.reset_button.isEnabled()
    outputs = window.results_panel.outputs
    assert [(e.name, e.role) for e in outputs.entries() if e.role == "result"] == [("x", "result")]
    reference = outputs.entries()[0].reference
    assert reference is not None and reference.ok


def test_choosing_a_step_shows_why_and_its_lines_in_the_host_code(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    window, panel = steps_tab(qtbot, make_window, session_file(tmp_path))
    qtbot.waitUntil(lambda: window.host_code_panel.program() is not None)
    click_row(qtbot, panel.tree, tree_item(panel.tree, 6))
    assert "7. Create the memory objects" in panel.details.text()
    assert "the inputs are copied into them" in panel.details.text()
    assert "cl.Buffer" in panel.details.text()
    assert window.host_code_panel.steps.currentRow() == 6
    assert window.host_code_panel.highlighted_lines() is not None


def test_a_build_failure_stops_at_step_5_and_its_line_links_to_the_editor(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    window, panel = steps_tab(qtbot, make_window, session_file(tmp_path))
    window.editor_panel.replace_source(BROKEN)
    press_and_wait(qtbot, window, panel.run_to_end_button)
    assert panel.row_state(5) == "failed"
    assert panel.row_texts(5)[3].startswith("The kernel did not build (line 2)")
    assert [panel.row_state(n) for n in (6, 11)] == ["pending", "pending"]
    assert not panel.step_button.isEnabled()
    (diagnostic,) = [d for d in panel.diagnostic_items() if d.text(2) == "error"]
    assert diagnostic.text(1).startswith("line 2:")
    assert "oops" in diagnostic.text(3)
    window.editor_panel.editor.go_to(1, 1)
    click_row(qtbot, panel.tree, diagnostic)
    assert window.editor_panel.editor.current_line() == 2


def test_a_local_size_that_does_not_divide_fails_at_the_launch_with_the_numbers(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    window, panel = steps_tab(qtbot, make_window, session_file(tmp_path, local_size=[3]))
    press_and_wait(qtbot, window, panel.run_to_end_button)
    assert [panel.row_state(n) for n in (8, 9, 10)] == ["done", "failed", "pending"]
    explanation = panel.row_texts(9)[3]
    assert "CL_INVALID_WORK_GROUP_SIZE" in explanation
    assert "not a multiple of the local size 3 (1000 = 333 x 3 + 1)" in explanation
    assert "1000 = 333 x 3 + 1" in panel.details.text()  # the failed step is the one shown


def test_reset_brings_every_step_back_to_pending(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    window, panel = steps_tab(qtbot, make_window, session_file(tmp_path))
    for _ in range(3):
        press_and_wait(qtbot, window, panel.step_button)
    assert panel.row_state(3) == "done" and panel.row_state(4) == "current"
    click(qtbot, panel.reset_button)
    assert panel.row_state(1) == "current"
    assert all(panel.row_state(n) == "pending" for n in range(2, HOST_STEP_COUNT + 1))
    assert all(panel.row_texts(n)[3] == "" for n in range(1, HOST_STEP_COUNT + 1))
    press_and_wait(qtbot, window, panel.step_button)
    assert panel.row_state(1) == "done"


def test_stop_during_an_endless_step_fails_it_as_stopped_and_reset_works(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    backends = Backends(InProcessBackend(), WorkerClient(), measurements=InProcessBackend())
    path = session_file(tmp_path, source=SPIN, timeout_s=60)
    window, panel = steps_tab(qtbot, make_window, path, backends)
    controller = window.step_mode.controller
    with qtbot.waitSignal(controller.started):
        click(qtbot, panel.run_to_end_button)
    assert window.window_actions["stop"].isEnabled()  # the toolbar's Stop works for steps too
    qtbot.waitUntil(lambda: panel.row_texts(10)[3] == "running…", timeout=30_000)
    with qtbot.waitSignal(controller.finished, timeout=10_000):
        window.window_actions["stop"].trigger()
    assert panel.row_state(10) == "stopped"
    assert "stopped by the user" in panel.row_texts(10)[3]
    assert not window.window_actions["stop"].isEnabled()
    click(qtbot, panel.reset_button)
    press_and_wait(qtbot, window, panel.step_button)
    assert panel.row_state(1) == "done"


def test_after_a_run_the_steps_show_its_times_and_the_later_launches(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    window, panel = steps_tab(qtbot, make_window, session_file(tmp_path))
    with qtbot.waitSignal(window.runner.finished, timeout=30_000):
        assert window.workbench.request_run()
    assert all(panel.row_texts(n)[4] for n in range(1, HOST_STEP_COUNT + 1))
    assert panel.tree.topLevelItemCount() == HOST_STEP_COUNT + 1
    later = panel.row_texts(0)
    assert later[1] == "Each later launch"
    assert later[3] == "median kernel time of the other 3 on the device"
    bars = [panel.bar_of(n) for n in range(0, HOST_STEP_COUNT + 1)]
    assert max(bars) == 1.0 and all(0 <= bar <= 1 for bar in bars)
    assert panel.bar_of(5) > panel.bar_of(0)  # the build costs more than a later launch
    assert panel.step_button.isEnabled()  # step mode starts afresh from here


def test_at_1280_by_800_every_step_row_is_in_view_without_dragging(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    window, panel = steps_tab(qtbot, make_window, session_file(tmp_path))
    window.resize(1280, 800)
    window.results_panel.setCurrentWidget(window.host_code_panel)
    window.results_panel.setCurrentWidget(panel)  # shown again: the tab asks for room
    press_and_wait(qtbot, window, panel.step_button)

    def all_in_view() -> bool:
        viewport = panel.tree.viewport().rect()
        rows = [tree_item(panel.tree, n) for n in range(HOST_STEP_COUNT)]
        return all(viewport.contains(panel.tree.visualItemRect(row)) for row in rows)

    qtbot.waitUntil(all_in_view, timeout=5_000)
    assert window.editor_panel.height() >= 150  # the editor keeps room to be used
