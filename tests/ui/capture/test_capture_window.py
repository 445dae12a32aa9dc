"""File > Capture a program… and File > Open capture…, as a learner uses them: type the
command, capture, open the capture, pick a launch, run it and read its outputs."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from capture.learner_programs import PREAMBLE
from clstudio.ui.capture.capture_dialog import CaptureDialog
from clstudio.ui.capture.capture_list import CaptureList
from clstudio.ui.main_window import MainWindow
from ui.window_steps import form_of, retype, run_with_f5

pytestmark = pytest.mark.opencl

# Two kernels over one buffer: the second launch scales what the first filled.
PROGRAM = (
    PREAMBLE
    + '''program = cl.Program(ctx, """
__kernel void fill(__global float *out, const float value)
{ out[get_global_id(0)] = value + get_global_id(0); }
__kernel void scale(__global float *x, const float k)
{ x[get_global_id(0)] *= k; }
""").build()
x = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 64 * 4)
program.fill(queue, (64,), None, x, np.float32(1))
program.scale(queue, (64,), None, x, np.float32(3))
out = np.empty(64, np.float32)
cl.enqueue_copy(queue, out, x)
print(out.sum())
'''
)
CAPTURE_MS = 120_000


def capture_from_the_window(qtbot: QtBot, window: MainWindow, folder: Path) -> CaptureDialog:
    """File > Capture a program…, the command typed, Capture clicked, its end awaited."""
    (folder / "prog.py").write_text(PROGRAM, encoding="utf-8")
    window.window_actions["capture_program"].trigger()
    dialog = window.captures.dialog
    assert dialog is not None and dialog.isVisible()
    retype(qtbot, dialog.command, f"{shlex.quote(sys.executable)} prog.py")
    retype(qtbot, dialog.working_folder, str(folder))
    retype(qtbot, dialog.output, "captured")
    with qtbot.waitSignal(window.captures.jobs.finished, timeout=CAPTURE_MS):
        qtbot.mouseClick(dialog.capture_button, Qt.MouseButton.LeftButton)
    return dialog


def test_capture_a_program_open_it_and_run_its_second_launch(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    dialog = capture_from_the_window(qtbot, window, tmp_path)
    lines = [dialog.progress.item(row).text() for row in range(dialog.progress.count())]
    assert len(lines) == 2
    assert lines[0].startswith("Launch 1, fill (prog.py:")
    assert lines[1].startswith("Launch 2, scale (prog.py:") and lines[1].endswith(": captured")
    assert "status 0: 2 launches, 2 captured" in dialog.state.text()
    assert dialog.open_button.isEnabled() and not dialog.stop_button.isEnabled()

    qtbot.mouseClick(dialog.open_button, Qt.MouseButton.LeftButton)
    listed = window.captures.lists[-1]
    assert listed.isVisible()
    rows = listed.rows()
    assert [item.text(1) for item in rows] == ["Whole program", "fill", "scale"]
    assert rows[0].text(2) == "the 2 captured launches, in order"
    assert [item.text(4) for item in rows[1:]] == ["yes", "yes"]
    assert all(item.text(2).startswith("prog.py:") and item.text(3) for item in rows[1:])

    second = listed.item_of_launch(2)
    assert second is not None
    place = listed.launches.visualItemRect(second).center()
    qtbot.mouseClick(listed.launches.viewport(), Qt.MouseButton.LeftButton, pos=place)
    qtbot.mouseClick(listed.open_button, Qt.MouseButton.LeftButton)
    form_of(qtbot, window)
    assert window.workbench.document.session.kernel == "scale"
    result = run_with_f5(qtbot, window)
    assert result.ok
    expected = (1 + np.arange(64, dtype=np.float32)) * 3
    np.testing.assert_array_equal(result.outputs["x"], expected)
    outputs = window.results_panel.outputs
    first = outputs.buffer_list.item(0)
    assert first.text().startswith("x — result") and "Reference check passed" in first.toolTip()
    listed.close()
    dialog.close()


def test_the_whole_program_opens_as_a_program_of_two_launches(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    capture_from_the_window(qtbot, window, tmp_path)
    index = tmp_path / "captured" / "capture.json"
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_: (str(index), ""))
    window.window_actions["open_capture"].trigger()
    listed = window.captures.lists[-1]
    listed.launches.setCurrentItem(listed.rows()[0])
    qtbot.mouseClick(listed.open_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(window.arguments_panel.launches.cards) == 2, timeout=30_000)
    result = run_with_f5(qtbot, window)
    assert result.ok
    np.testing.assert_array_equal(result.outputs["out"], (1 + np.arange(64, dtype=np.float32)) * 3)
    listed.close()
    assert window.captures.dialog is not None
    window.captures.dialog.close()


# One launch captured, then a program that would wait ten minutes: Stop ends it.
HANGS_AFTER_ONE = PROGRAM.replace(
    "program.scale(queue, (64,), None, x, np.float32(3))",
    "queue.finish()\nimport time\ntime.sleep(600)",
)


def test_stop_kills_the_program_and_keeps_what_was_captured(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    (tmp_path / "prog.py").write_text(HANGS_AFTER_ONE, encoding="utf-8")
    dialog = window.captures.capture_program()
    retype(qtbot, dialog.command, f"{shlex.quote(sys.executable)} prog.py")
    retype(qtbot, dialog.working_folder, str(tmp_path))
    qtbot.mouseClick(dialog.capture_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.progress.count() == 1, timeout=CAPTURE_MS)
    assert dialog.stop_button.isEnabled() and not dialog.capture_button.isEnabled()
    with qtbot.waitSignal(window.captures.jobs.finished, timeout=CAPTURE_MS):
        qtbot.mouseClick(dialog.stop_button, Qt.MouseButton.LeftButton)
    # Stop asks the program to end (SIGTERM, 128 + 15), as the time limit does.
    assert "status 143: 1 launch, 1 captured" in dialog.state.text()
    index = json.loads((tmp_path / "capture" / "capture.json").read_text())
    assert (index["state"], index["exit_status"], index["stopped"]) == ("finished", 143, "stop")
    assert [entry["captured"] for entry in index["launches"]] == [True]
    assert index["program"]["session"] == "program.json"
    dialog.close()


def test_a_command_that_cannot_be_read_is_said_in_the_dialog(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    dialog = window.captures.capture_program()
    retype(qtbot, dialog.command, "python 'unclosed")
    qtbot.mouseClick(dialog.capture_button, Qt.MouseButton.LeftButton)
    assert "cannot be read" in dialog.state.text()
    assert not window.captures.jobs.is_running()
    retype(qtbot, dialog.command, "no-such-program-anywhere")
    retype(qtbot, dialog.working_folder, str(tmp_path))
    with qtbot.waitSignal(window.captures.jobs.finished, timeout=CAPTURE_MS):
        qtbot.mouseClick(dialog.capture_button, Qt.MouseButton.LeftButton)
    assert "no-such-program-anywhere" in dialog.state.text()
    assert not dialog.open_button.isEnabled()
    dialog.close()


def test_a_file_that_is_no_capture_is_refused_with_its_cause(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "capture.json"
    path.write_text(json.dumps({"format": "clstudio-capture", "version": 99}))
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _w, _t, text: warned.append(text))
    assert window.captures.show_capture(path) is None
    assert len(warned) == 1 and "version 99 is newer" in warned[0]
    assert not any(isinstance(w, CaptureList) and w.isVisible() for w in window.children())
