"""Run > Debug on a program in two source parts: a breakpoint set in the kernel file's tab
pauses there, named by the part and its own line, and is saved as the program's line."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from clstudio.devices.discovery import discover
from clstudio.ui.main_window import MainWindow
from source_parts_kernels import ADD_LINE, HEADER, KERNEL_FILE, write_reduction

sys.path.insert(0, str(Path(__file__).parents[2] / "debugger"))
from debugger.debugger_testing import needs_oclgrind

pytestmark = pytest.mark.opencl
LIMIT_MS = 60_000
HEADER_LINES = HEADER.count("\n")


@needs_oclgrind
def test_a_breakpoint_in_the_second_part_pauses_there(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    window = make_window(discover=discover, size=(1280, 800))
    session = write_reduction(tmp_path)
    assert window.files.load(session)
    qtbot.waitUntil(
        lambda: window.status.build_label.text().startswith("Build: Built"), timeout=30_000
    )
    panel, dock = window.editor_panel, window.debug_dock
    panel.part_tabs.setCurrentIndex(1)  # the user clicks the kernel file's tab
    panel.editor.toggle_breakpoint(ADD_LINE)
    assert window.workbench.document.session.breakpoints == (HEADER_LINES + ADD_LINE,)

    panel.part_tabs.setCurrentIndex(0)  # the pause brings the kernel's part back
    with qtbot.waitSignal(dock.controller.paused, timeout=LIMIT_MS):
        window.window_actions["debug"].trigger()
    assert dock.panel.status.text() == (
        f"Paused at a breakpoint, line {KERNEL_FILE}:{ADD_LINE}: sdata[tid] += sdata[tid + s];"
    )
    assert panel.current_part() == 1 and panel.editor.paused_line() == ADD_LINE
    panel.part_tabs.setCurrentIndex(0)
    assert panel.editor.paused_line() is None  # not a line of the header
    with qtbot.waitSignal(dock.controller.debugEnded, timeout=LIMIT_MS):
        window.window_actions["stop_debug"].trigger()

    assert window.files.save()
    saved = json.loads(session.read_text(encoding="utf-8"))
    assert saved["breakpoints"] == [HEADER_LINES + ADD_LINE]
