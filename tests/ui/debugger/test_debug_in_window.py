"""Run > Debug in the window, through the real Oclgrind: a breakpoint set in the gutter,
two rounds of the gallery's reduction, another work-item, and Stop in an endless loop."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QMessageBox, QScrollArea
from pytestqt.qtbot import QtBot

from clstudio.devices.discovery import discover
from clstudio.ui.debugger.debug_dock import DebugDock
from clstudio.ui.debugger.debug_lesson import DebugLesson
from clstudio.ui.editor.code_editor import CodeEditor
from clstudio.ui.main_window import MainWindow
from clstudio.ui.tree_items import child_items, top_items
from clstudio.ui.window_layout import EDITOR_LINES

sys.path.insert(0, str(Path(__file__).parents[2] / "debugger"))
from debugger.debugger_testing import gone, needs_oclgrind
from ui.window_steps import open_kernel

ROOT = Path(__file__).parents[3]
LIMIT_MS = 60_000
MakeWindow = Callable[..., MainWindow]
pytestmark = pytest.mark.opencl
with_oclgrind: pytest.MarkDecorator = needs_oclgrind


def open_session(qtbot: QtBot, window: MainWindow, path: Path) -> None:
    window.resize(1280, 800)
    assert window.files.open_example(path, path.stem)
    qtbot.waitUntil(
        lambda: window.status.build_label.text().startswith("Build: Built"), timeout=20_000
    )


def click_gutter(qtbot: QtBot, editor: CodeEditor, line: int) -> None:
    editor.go_to(line)  # scrolled into view
    block = editor.document().findBlockByNumber(line - 1)
    y = int(editor.blockBoundingGeometry(block).translated(editor.contentOffset()).center().y())
    qtbot.mouseClick(editor.gutter, Qt.MouseButton.LeftButton, pos=QPoint(8, y))


def variables(dock: DebugDock) -> dict[str, str]:
    return {item.text(0): item.text(2) for item in top_items(dock.panel.variables)}


def last_variable_shown(dock: DebugDock) -> bool:
    tree = dock.panel.variables
    rows = top_items(tree)
    scroll = dock.widget().findChild(QScrollArea)
    assert rows and scroll is not None
    bottom = tree.viewport().mapTo(scroll.viewport(), tree.visualItemRect(rows[-1]).bottomLeft())
    return scroll.viewport().rect().contains(bottom)


def scratch_marks(dock: DebugDock) -> list[str]:
    (branch,) = top_items(dock.panel.local_memory)
    assert branch.text(0).startswith("scratch  (local float, 256)")
    return [row.text(2) for row in child_items(branch)]


def press(qtbot: QtBot, window: MainWindow, key: Qt.Key, dock: DebugDock) -> None:
    with qtbot.waitSignal(dock.controller.paused, timeout=LIMIT_MS):
        qtbot.keyClick(window.editor_panel.editor, key)


def follow(qtbot: QtBot, dock: DebugDock, group: str, local: str) -> None:
    """Type a work-group and a local id in it into the picker and press its button."""
    picker = dock.panel.picker
    picker.mode.setCurrentIndex(1)
    qtbot.keyClicks(picker.group_id, group)
    qtbot.keyClicks(picker.local_id, local)
    with qtbot.waitSignal(dock.controller.paused, timeout=LIMIT_MS):
        qtbot.mouseClick(picker.switch, Qt.MouseButton.LeftButton)


def reduction_window(qtbot: QtBot, make_window: MakeWindow) -> MainWindow:
    """A window on the gallery's tree reduction, the Debugging lesson's kernel."""
    window = make_window(discover=discover)
    open_session(qtbot, window, ROOT / "kernels" / "reduction.json")
    return window


@with_oclgrind
def test_debug_the_reduction_from_a_gutter_breakpoint(
    qtbot: QtBot, make_window: MakeWindow
) -> None:
    window = reduction_window(qtbot, make_window)
    editor, dock, actions = window.editor_panel.editor, window.debug_dock, window.window_actions
    click_gutter(qtbot, editor, 26)
    assert editor.breakpoints() == (26,)
    assert not actions["step_over"].isEnabled() and not actions["stop_debug"].isEnabled()

    with qtbot.waitSignal(dock.controller.paused, timeout=LIMIT_MS):
        actions["debug"].trigger()
    assert dock.isVisible()
    assert dock.panel.status.text() == "Paused at a breakpoint, line 26: if (lid < stride)"
    assert editor.paused_line() == 26 and editor.gutter.breakpoint_lines() == (26,)
    assert (variables(dock)["lid"], variables(dock)["stride"]) == ("0", "128")
    assert actions["step_over"].isEnabled() and actions["stop_debug"].isEnabled()
    # At 1280 x 800 the dock makes room: every variable is read without scrolling, the
    # buttons show, and the kernel keeps its 20 lines.
    qtbot.waitUntil(lambda: last_variable_shown(dock), timeout=5_000)
    assert not dock.panel.resume.visibleRegion().isEmpty()
    assert not dock.panel.step_over.visibleRegion().isEmpty()
    assert editor.visible_lines() >= EDITOR_LINES

    press(qtbot, window, Qt.Key.Key_F8, dock)  # Continue: round two
    assert (variables(dock)["lid"], variables(dock)["stride"]) == ("0", "64")
    marks = scratch_marks(dock)
    assert [i for i, mark in enumerate(marks) if "written" in mark] == list(range(128))
    press(qtbot, window, Qt.Key.Key_F10, dock)  # Step over: the addition
    assert editor.paused_line() == 27
    assert editor.visible_lines() >= EDITOR_LINES
    assert scratch_marks(dock)[0] == "this line"

    follow(qtbot, dock, group="0", local="5")
    assert dock.panel.work_item.text() == (
        "Work-item (5,0,0): local id (5,0,0) in work-group (0,0,0)"
    )
    assert variables(dock)["lid"] == "5" and "stride" in variables(dock)

    pid = dock.controller.pid()
    with qtbot.waitSignal(dock.controller.debugEnded, timeout=LIMIT_MS):
        qtbot.mouseClick(dock.panel.stop, Qt.MouseButton.LeftButton)
    assert editor.paused_line() is None and not actions["stop_debug"].isEnabled()
    assert gone(pid)


@with_oclgrind
def test_stop_debugging_ends_an_endless_loop(qtbot: QtBot, make_window: MakeWindow) -> None:
    window = make_window(discover=discover)
    open_session(qtbot, window, ROOT / "tests" / "debugger" / "sessions" / "spin.json")
    dock = window.debug_dock
    click_gutter(qtbot, window.editor_panel.editor, 6)  # after the loop: never reached
    window.window_actions["debug"].trigger()
    assert window.window_actions["stop_debug"].isEnabled()
    qtbot.wait(1500)  # well inside the loop by now
    pid = dock.controller.pid()
    with qtbot.waitSignal(dock.controller.debugEnded, timeout=LIMIT_MS):
        window.window_actions["stop_debug"].trigger()
    assert dock.panel.status.text() == "Stopped: the debug run is over."
    assert gone(pid)


@with_oclgrind
def test_closing_the_window_ends_a_debug_run_and_its_process(
    qtbot: QtBot, make_window: MakeWindow
) -> None:
    window = make_window(discover=discover)
    open_session(qtbot, window, ROOT / "tests" / "debugger" / "sessions" / "spin.json")
    window.window_actions["debug"].trigger()
    qtbot.wait(1000)
    pid = window.debug_dock.controller.pid()
    window.workbench.document.mark_clean()
    window.close()
    assert not window.debug_dock.controller.is_debugging()
    assert gone(pid)


@with_oclgrind
def test_the_debug_dock_in_view_starts_the_next_runs_process_ahead(
    qtbot: QtBot, make_window: MakeWindow
) -> None:
    """Its imports (pyopencl, numpy, the engine) are most of a debug process's start: done
    while the user looks at the dock, Debug reaches its first stop sooner."""
    window = make_window(discover=discover)
    open_session(qtbot, window, ROOT / "kernels" / "vector_add.json")
    dock, controller = window.debug_dock, window.debug_dock.controller
    assert controller.ready_pid() is None  # tabbed behind Results: nothing started
    dock.show()
    dock.raise_()
    qtbot.waitUntil(lambda: controller.ready_pid() is not None)
    ready = controller.ready_pid()
    click_gutter(qtbot, window.editor_panel.editor, 17)
    with qtbot.waitSignal(controller.paused, timeout=LIMIT_MS):
        window.window_actions["debug"].trigger()
    assert controller.pid() == ready and controller.ready_pid() is None
    assert dock.panel.status.text().startswith("Paused at a breakpoint, line 17")
    with qtbot.waitSignal(controller.debugEnded, timeout=LIMIT_MS):
        window.window_actions["stop_debug"].trigger()
    next_one = controller.ready_pid()  # the dock is still in view: the next run's
    assert next_one is not None and next_one != ready
    window.workbench.document.mark_clean()
    window.close()
    with pytest.raises(ProcessLookupError):
        os.kill(next_one, 0)


def test_without_oclgrind_debug_explains_how_to_get_it(
    make_window: MakeWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(
        QMessageBox, "information", lambda _parent, _title, text: shown.append(text)
    )
    window = make_window()  # the fake devices: no Oclgrind platform among them
    window.window_actions["debug"].trigger()
    assert not window.debug_dock.controller.is_debugging()
    assert len(shown) == 1 and "make oclgrind" in shown[0]


def test_help_walks_through_debugging_the_reduction(make_window: MakeWindow) -> None:
    window = make_window()
    window.window_actions["debug_lesson"].trigger()
    lesson = window.findChild(DebugLesson)
    assert lesson is not None and lesson.isVisible()
    text = lesson.text.toPlainText()
    assert "Why stride halves" in text and "What a missing barrier does to scratch[]" in text
    assert "line 26, if (lid < stride)" in text


def test_breakpoints_are_saved_with_the_session_and_come_back(
    qtbot: QtBot, make_window: MakeWindow, tmp_path: Path
) -> None:
    window = make_window(size=(1280, 800))
    assert window.files.open_example(ROOT / "kernels" / "reduction.json", "reduction")
    editor = window.editor_panel.editor
    click_gutter(qtbot, editor, 26)
    editor.go_to(1)
    editor.textCursor().insertText("// one line more\n")  # the breakpoint follows its line
    assert editor.breakpoints() == (27,)
    saved = tmp_path / "mine.json"
    assert window.files.save_to(saved)
    assert json.loads(saved.read_text(encoding="utf-8"))["breakpoints"] == [27]
    assert window.files.open_file(saved)
    assert window.editor_panel.editor.breakpoints() == (27,)


@with_oclgrind
def test_the_work_item_to_follow_is_chosen_before_the_run(
    qtbot: QtBot, make_window: MakeWindow
) -> None:
    window = reduction_window(qtbot, make_window)
    dock, actions = window.debug_dock, window.window_actions
    click_gutter(qtbot, window.editor_panel.editor, 26)
    picker = dock.panel.picker
    assert picker.switch.text() == "Debug this work-item" and picker.switch.isEnabled()

    qtbot.keyClicks(picker.global_id, "999999999")  # past the global size: refused, said why
    actions["debug"].trigger()
    assert not dock.controller.is_debugging()
    assert "outside the global size" in window.statusBar().currentMessage()

    picker.global_id.clear()
    follow(qtbot, dock, group="1", local="5")  # the session's local size is 256
    assert dock.panel.work_item.text() == (
        "Work-item (261,0,0): local id (5,0,0) in work-group (1,0,0)"
    )
    assert variables(dock)["lid"] == "5"
    assert picker.switch.text() == "Switch"
    with qtbot.waitSignal(dock.controller.debugEnded, timeout=LIMIT_MS):
        actions["stop_debug"].trigger()
    assert picker.switch.text() == "Debug this work-item"

    picker.mode.setCurrentIndex(0)
    qtbot.keyClicks(picker.global_id, "3")
    with qtbot.waitSignal(dock.controller.paused, timeout=LIMIT_MS):
        actions["debug"].trigger()  # Run > Debug follows what the dock says, too
    assert dock.panel.work_item.text().startswith("Work-item (3,0,0)")
    with qtbot.waitSignal(dock.controller.debugEnded, timeout=LIMIT_MS):
        actions["stop_debug"].trigger()


# A PolyBench-style kernel whose element type a typedef names, with a variable of a
# typedef'd type no argument has.
TYPEDEF_SCALE = """\
typedef float DATA_TYPE;
typedef int4 lanes_t;
__kernel void scale(__global const DATA_TYPE *src, __global DATA_TYPE *dst, const DATA_TYPE k)
{
    int i = get_global_id(0);
    DATA_TYPE acc = k * src[i];
    lanes_t seen = (int4)(i);
    dst[i] = acc + (DATA_TYPE)seen.x;
}
"""


@with_oclgrind
def test_the_variables_a_typedef_types_show_both_names(
    qtbot: QtBot, make_window: MakeWindow, tmp_path: Path
) -> None:
    window = make_window(discover=discover)
    open_kernel(qtbot, window, tmp_path / "scale.cl", TYPEDEF_SCALE)
    qtbot.waitUntil(
        lambda: window.status.build_label.text().startswith("Build: Built"), timeout=20_000
    )
    editor, dock = window.editor_panel.editor, window.debug_dock
    click_gutter(qtbot, editor, 8)
    with qtbot.waitSignal(dock.controller.paused, timeout=LIMIT_MS):
        window.window_actions["debug"].trigger()
    assert editor.paused_line() == 8
    types = {item.text(0): item.text(1) for item in top_items(dock.panel.variables)}
    assert types["k"] == "DATA_TYPE (float)"
    assert types["acc"] == "DATA_TYPE (float)"
    assert types["seen"] == "lanes_t (int4)"  # a typedef only a variable uses
    with qtbot.waitSignal(dock.controller.debugEnded, timeout=LIMIT_MS):
        qtbot.mouseClick(dock.panel.stop, Qt.MouseButton.LeftButton)
