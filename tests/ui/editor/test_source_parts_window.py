"""A session built from two source parts (definitions prepended to a kernel file, as host
code does) opens with a tab per part; an error in the second part is listed at that part's
own line and marked there; edits to either part build, run and save."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from pytestqt.qtbot import QtBot

from clstudio.devices.discovery import discover
from clstudio.ui.main_window import MainWindow
from session.session_data import saved_session
from source_parts_kernels import HEADER, KERNEL_FILE, write_reduction
from source_parts_kernels import KERNEL as REDUCTION
from ui.window_steps import form_of, run_with_f5

sys.path.insert(0, str(Path(__file__).parents[2] / "debugger"))
from debugger.debugger_testing import needs_oclgrind

pytestmark = pytest.mark.opencl
STORE_LINE = 15  # the reduction's g_odata[...] = sdata[0], in its own file

DEFINITIONS = "typedef float real;\n#define SCALE 3\n"
KERNEL = """\
__kernel void scale(__global const real *src, __global real *dst)
{
    size_t i = get_global_id(0);
    dst[i] = SCALE * src[i] + missing;
}
"""


def write_session(folder: Path) -> Path:
    (folder / "scale.cl").write_text(KERNEL, encoding="utf-8")
    session = {
        "format": "clstudio-session",
        "version": 1,
        "kernel": "scale",
        "source_parts": [{"text": DEFINITIONS}, {"file": "scale.cl"}],
        "global_size": [64],
        "args": {
            "src": {"kind": "buffer", "dtype": "float32", "shape": [64], "init": "arange"},
            "dst": {"kind": "buffer", "dtype": "float32", "shape": [64], "access": "out"},
        },
        "references": {"dst": {"expr": "3 * src"}},
    }
    return saved_session(folder / "scale.json", session)


def test_an_error_in_the_second_part_is_shown_at_its_own_line_and_fixed_there(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    window = make_window()
    path = write_session(tmp_path)
    assert window.files.load(path)
    panel, problems = window.editor_panel, window.editor_panel.problems
    qtbot.waitUntil(lambda: problems.count() > 0, timeout=30_000)

    tabs = panel.part_tabs
    assert tabs.isVisible()
    assert [tabs.tabText(i) for i in range(tabs.count())] == ["part 1", "scale.cl"]
    assert panel.editor.source() == DEFINITIONS  # the first part is shown first
    ((_, place, message),) = [r for r in problems.rows() if r[0] == "Error"]
    assert place.startswith("scale.cl:4:") and "missing" in message
    assert panel.editor.gutter.marks() == {}  # nothing wrong in the definitions

    item = problems.tree.topLevelItem(0)
    assert item is not None
    problems.tree.setCurrentItem(item)
    problems.tree.itemActivated.emit(item, 0)  # Enter on the problem
    assert tabs.currentIndex() == 1 and panel.editor.source() == KERNEL
    assert panel.editor.current_line() == 4
    assert panel.editor.gutter.marks() == {4: "error"}
    assert panel.position_label.text().startswith("Ln 4,")

    # The fix, typed where the error is: the program builds and runs.
    cursor = panel.editor.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock)
    for _ in " + missing;":
        cursor.deletePreviousChar()
    panel.editor.setTextCursor(cursor)
    qtbot.keyClick(panel.editor, Qt.Key.Key_Semicolon)
    qtbot.waitUntil(lambda: problems.count() == 0, timeout=30_000)
    session = window.workbench.document.session
    assert session.source_parts[1].text == KERNEL.replace(" + missing;", ";")
    assert session.source == DEFINITIONS + session.source_parts[1].text
    form_of(qtbot, window)
    result = run_with_f5(qtbot, window)
    assert result.ok, result.error
    np.testing.assert_array_equal(result.outputs["dst"], 3 * result.inputs["src"])

    # Saved where it came from, the kernel file holds the fix; the definitions stay inline.
    assert window.files.save()
    assert (tmp_path / "scale.cl").read_text(encoding="utf-8") == session.source_parts[1].text
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["source_parts"] == [{"text": DEFINITIONS}, {"file": "scale.cl"}]


def test_breakpoints_are_kept_per_part_and_saved_as_lines_of_the_program(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    window = make_window()
    assert window.files.load(write_session(tmp_path))
    panel = window.editor_panel
    qtbot.waitUntil(lambda: panel.part_tabs.count() == 2, timeout=30_000)
    panel.show_part(1)
    panel.editor.toggle_breakpoint(3)  # `size_t i = ...`, the program's line 5
    assert panel.breakpoints() == (5,)
    panel.show_part(0)
    assert panel.editor.breakpoints() == ()
    panel.go_to(5)
    assert panel.current_part() == 1 and panel.editor.breakpoints() == (3,)
    assert window.workbench.document.session.breakpoints == (5,)


@needs_oclgrind
def test_check_lists_a_problem_of_the_second_part_at_its_own_line(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    window = make_window(discover=discover)
    write_reduction(tmp_path, REDUCTION.replace("g_odata[get_group_id(0)]", "g_odata[16]"))
    assert window.files.load(tmp_path / "reduction.json")
    panel = window.editor_panel
    qtbot.waitUntil(
        lambda: window.status.build_label.text().startswith("Build: Built"), timeout=30_000
    )
    with qtbot.waitSignal(window.check_mode.controller.finished, timeout=60_000) as checked:
        window.window_actions["check"].trigger()
    (problem,) = checked.args[1].problems
    assert problem.line == HEADER.count("\n") + STORE_LINE  # the joined program's line
    rows = [row for row in panel.problems.rows() if row[2].startswith("Check:")]
    assert rows[0][1].startswith(f"{KERNEL_FILE}:{STORE_LINE}:")
    panel.go_to(problem.line)
    assert panel.current_part() == 1
    assert panel.editor.gutter.marks() == {STORE_LINE: "error"}
