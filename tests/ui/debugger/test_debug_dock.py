"""The Debug dock through the real Oclgrind: pause, read, continue, switch work-item, Stop.

Not wired into the main window yet (issue 22 restructures it): the dock is made with its
controller, as the window will make it, and driven by clicks.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clstudio.debugger import plan_debug
from clstudio.session import load_session, with_sizes
from clstudio.ui.debugger.debug_controller import DebugController
from clstudio.ui.debugger.debug_dock import DebugDock
from clstudio.ui.tree_items import child_items, top_items

sys.path.insert(0, str(Path(__file__).parents[2] / "debugger"))
from debugger.debugger_testing import gone, needs_oclgrind

ROOT = Path(__file__).parents[3]
LIMIT_MS = 60_000
pytestmark = [pytest.mark.opencl, needs_oclgrind]


@pytest.fixture
def dock(qtbot: QtBot) -> Iterator[DebugDock]:
    controller = DebugController()
    dock = DebugDock(controller)
    qtbot.addWidget(dock)
    dock.show()
    yield dock
    controller.close()


def variables(dock: DebugDock) -> dict[str, str]:
    return {item.text(0): item.text(2) for item in top_items(dock.panel.variables)}


def scratch_rows(dock: DebugDock) -> list[tuple[str, str, str]]:
    (branch,) = top_items(dock.panel.local_memory)
    assert branch.text(0).startswith("scratch  (local float, 16)")
    return [(row.text(0), row.text(1), row.text(2)) for row in child_items(branch)]


def click(qtbot: QtBot, dock: DebugDock, button: object) -> None:
    with qtbot.waitSignal(dock.controller.paused, timeout=LIMIT_MS):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_two_rounds_of_the_reduction_then_another_work_item(qtbot: QtBot, dock: DebugDock) -> None:
    session = with_sizes(load_session(ROOT / "kernels" / "reduction.json"), {"N": 64, "L": 16})
    panel = dock.panel
    with qtbot.waitSignal(dock.controller.paused, timeout=LIMIT_MS):
        dock.controller.start(plan_debug(session, (26,), (3,)))
    assert panel.status.text() == "Paused at a breakpoint, line 26: if (lid < stride)"
    assert panel.work_item.text() == "Work-item (3,0,0): local id (3,0,0) in work-group (0,0,0)"
    assert (variables(dock)["lid"], variables(dock)["stride"]) == ("3", "8")
    before = scratch_rows(dock)
    assert len(before) == 16 and all(mark == "" for _, _, mark in before)

    click(qtbot, dock, panel.resume)
    assert (variables(dock)["lid"], variables(dock)["stride"]) == ("3", "4")
    written = [index for index, _, mark in scratch_rows(dock) if "written" in mark]
    assert written == [f"[{i}]" for i in range(8)]  # round one: lid < 8 added a partner

    click(qtbot, dock, panel.step_over)
    assert panel.status.text().startswith("Paused after a step, line 27")
    assert [m for _, _, m in scratch_rows(dock)][3] == "this line"

    click(qtbot, dock, panel.step_over)
    assert "At the barrier on line 28: 1 of 16 work-items of the group have arrived." in (
        panel.barrier.text()
    )

    panel.picker.mode.setCurrentIndex(1)  # a work-group and a local id in it
    qtbot.keyClicks(panel.picker.group_id, "0")
    qtbot.keyClicks(panel.picker.local_id, "5")
    click(qtbot, dock, panel.picker.switch)
    assert panel.work_item.text() == "Work-item (5,0,0): local id (5,0,0) in work-group (0,0,0)"
    assert variables(dock)["lid"] == "5"


def test_a_mistyped_work_item_is_refused_in_place(qtbot: QtBot, dock: DebugDock) -> None:
    picker = dock.panel.picker
    qtbot.keyClicks(picker.global_id, "5,x")
    picker.set_running(True)
    qtbot.mouseClick(picker.switch, Qt.MouseButton.LeftButton)
    assert picker.problem.text() == "Type a global id: x, or x, y, or x, y, z."


def test_before_a_run_a_group_and_local_id_name_a_work_item_by_the_sessions_local_size(
    dock: DebugDock,
) -> None:
    picker = dock.panel.picker
    picker.mode.setCurrentIndex(1)
    picker.group_id.setText("2")
    picker.local_id.setText("5")
    assert picker.start_item(None) == (
        "The session lets the driver choose the local size: type a global id."
    )
    assert picker.problem.text() == (
        "The session lets the driver choose the local size: type a global id."
    )
    assert picker.start_item((16,)) == (37, 0, 0)
    picker.local_id.setText("16")
    assert picker.start_item((16,)) == "The local id is outside the local size 16 x 1 x 1."
    assert picker.problem.text() == "The local id is outside the local size 16 x 1 x 1."
    picker.group_id.clear()
    picker.local_id.clear()
    assert picker.start_item(None) == (0, 0, 0)  # nothing typed: the first work-item


def test_stop_ends_an_endless_loop_and_its_process(qtbot: QtBot, dock: DebugDock) -> None:
    session = load_session(ROOT / "tests" / "debugger" / "sessions" / "spin.json")
    dock.controller.start(plan_debug(session, (6,)))
    assert dock.panel.stop.isEnabled() and not dock.panel.resume.isEnabled()
    qtbot.wait(1500)  # well inside the loop by now
    pid = dock.controller.pid()
    with qtbot.waitSignal(dock.controller.debugEnded, timeout=LIMIT_MS):
        qtbot.mouseClick(dock.panel.stop, Qt.MouseButton.LeftButton)
    assert dock.panel.status.text() == "Stopped: the debug run is over."
    assert not dock.panel.stop.isEnabled() and not dock.controller.is_debugging()
    assert gone(pid)
