"""The Host code tab and File > Export Host Code…, on PoCL with a gallery example."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import (
    QApplication,
    QDialogButtonBox,
    QMessageBox,
)
from pytestqt.qtbot import QtBot

from clstudio.ui.hostcode.export_dialog import ExportDialog
from clstudio.ui.hostcode.host_code_panel import HostCodePanel
from clstudio.ui.main_window import MainWindow
from ui.window_steps import answer_questions

pytestmark = pytest.mark.opencl

KERNELS = Path(__file__).parents[2] / "kernels"


def host_code_tab(
    qtbot: QtBot, make_window: Callable[..., MainWindow], name: str = "vector_add"
) -> tuple[MainWindow, HostCodePanel]:
    window = make_window()
    assert window.files.open_example(KERNELS / f"{name}.json", name)
    qtbot.waitUntil(lambda: window.editor_panel.controller.last_good is not None, timeout=30_000)
    window.results_panel.setCurrentWidget(window.host_code_panel)
    panel = window.host_code_panel
    qtbot.waitUntil(lambda: panel.program() is not None)
    return window, panel


def lines(panel: HostCodePanel, first: int, last: int) -> list[str]:
    return panel.code.toPlainText().splitlines()[first - 1 : last]


def test_choosing_a_step_highlights_its_lines(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    _, panel = host_code_tab(qtbot, make_window)
    assert panel.stack.currentIndex() == 1
    item = panel.steps.item(4)
    assert item.text() == "5. Create and build the program"
    rect = panel.steps.visualItemRect(item)
    qtbot.mouseClick(panel.steps.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    highlighted = panel.highlighted_lines()
    assert highlighted is not None
    first, last = highlighted
    code = lines(panel, first, last)
    assert code[0].strip() == (
        "# Step 5: Create and build the program (clCreateProgramWithSource, clBuildProgram)."
    )
    assert any("cl.Program(context, source).build(options=BUILD_OPTIONS)" in x for x in code)
    assert panel.where.text() == f"Step 5: Create and build the program, lines {first}–{last}"
    assert panel.code.textCursor().blockNumber() + 1 == first  # scrolled to the step


def test_moving_the_cursor_into_a_step_chooses_it(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    _, panel = host_code_tab(qtbot, make_window)
    program = panel.program()
    assert program is not None
    launch = program.regions[8]
    cursor = QTextCursor(panel.code.document().findBlockByNumber(launch.first_line + 1))
    panel.code.setTextCursor(cursor)
    assert panel.steps.currentRow() == 8
    assert panel.highlighted_lines() == (launch.first_line, launch.last_line)


def test_editing_the_form_updates_the_code(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window, panel = host_code_tab(qtbot, make_window)
    assert "GLOBAL_SIZE = (1048576,)" in panel.code.toPlainText()
    field = window.arguments_panel.ndrange.global_fields[0]
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, "4096")
    qtbot.waitUntil(lambda: "GLOBAL_SIZE = (4096,)" in panel.code.toPlainText())
    panel.language.setCurrentIndex(1)
    text = panel.code.toPlainText()
    assert "static const size_t GLOBAL_SIZE[WORK_DIMS] = {4096};" in text
    assert "clCreateContext(NULL, 1, &device, NULL, NULL, &err);" in text
    program = panel.program()
    assert program is not None
    assert [r.number for r in program.regions] == list(range(1, 12))


def _fill_export_dialog(qtbot: QtBot, language: str, folder: Path) -> None:
    """When File > Export host code… opens its dialog, choose as a user does and press OK."""

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, ExportDialog)
        dialog.language.setCurrentIndex(dialog.language.findText(language))
        dialog.folder.clear()
        qtbot.keyClicks(dialog.folder, str(folder))
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, fill)


def test_export_asks_before_writing_into_a_folder_with_files(
    qtbot: QtBot,
    make_window: Callable[..., MainWindow],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    window, _ = host_code_tab(qtbot, make_window)
    (tmp_path / "notes.txt").write_text("mine")
    asked = answer_questions(monkeypatch, QMessageBox.StandardButton.Yes)
    _fill_export_dialog(qtbot, "C (OpenCL C API)", tmp_path)
    window.window_actions["export_host_code"].trigger()
    assert "holds files already" in asked[0]
    assert (tmp_path / "notes.txt").read_text() == "mine"
    assert {"main.c", "Makefile", "vector_add.cl", "a.npy"} <= {p.name for p in tmp_path.iterdir()}
    assert window.statusBar().currentMessage() == f"Exported the host program to {tmp_path}"


def test_export_into_a_folder_with_files_can_be_cancelled(
    qtbot: QtBot,
    make_window: Callable[..., MainWindow],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    window, _ = host_code_tab(qtbot, make_window)
    (tmp_path / "main.py").write_text("my homework")
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.StandardButton.Cancel)
    _fill_export_dialog(qtbot, "Python (pyopencl)", tmp_path)
    assert window.host_code.export(window) is None
    assert [p.name for p in tmp_path.iterdir()] == ["main.py"]
    assert (tmp_path / "main.py").read_text() == "my homework"


def test_exporting_both_languages_into_a_new_folder_says_commands_that_work(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    """The learner types a folder that does not exist yet, picks both languages, and runs
    exactly what the message says, in a shell without CL Studio's environment."""
    window, _ = host_code_tab(qtbot, make_window)
    folder = tmp_path / "homework" / "vector add"
    _fill_export_dialog(qtbot, "Python and C (into python/ and c/)", folder)
    window.window_actions["export_host_code"].trigger()
    assert (folder / "python" / "main.py").is_file()
    assert (folder / "c" / "main.c").is_file()
    report = window.host_code.report
    assert report is not None and report.isVisible()
    assert report.textInteractionFlags() & Qt.TextInteractionFlag.TextSelectableByMouse
    text = report.text()
    assert f"{sys.executable} main.py" in text
    assert "./main\n" not in text + "\n"  # a bare ./main finds no driver without a system one
    blocks = [block.splitlines()[1:] for block in text.split("\n\n")[1:]]
    assert [commands[0] for commands in blocks] == [
        f"cd {shlex.quote(str(folder / 'python'))}",
        f"cd {shlex.quote(str(folder / 'c'))}",
    ]
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "OCL_ICD_VENDORS")}
    clean["PYTHONPATH"] = os.environ.get("PYTHONPATH", "")  # the worktree's clstudio, if any
    for commands in blocks:
        done = subprocess.run(
            " && ".join(commands),
            shell=True,
            env=clean,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        assert "c: ok, all" in done.stdout, done.stdout
    report.close()


def test_a_kernel_that_never_built_has_no_host_code_and_says_why(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    kernel = tmp_path / "broken.cl"
    kernel.write_text("__kernel void never_built(__global float *x) { x[0] = oops; }\n")
    assert window.files.load(kernel)
    qtbot.waitUntil(lambda: "1 error" in window.status.build_label.text(), timeout=30_000)
    panel = window.host_code_panel
    assert panel.empty.title() == "No host code yet"
    assert "Build the kernel (Ctrl+B)" in panel.empty.body()
    told = []
    monkeypatch.setattr(QMessageBox, "information", lambda *a: told.append(a[2]))
    assert window.host_code.export(window) is None
    assert "Build the kernel" in told[0]


def test_switching_to_c_shows_the_chosen_step_in_c(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window, panel = host_code_tab(qtbot, make_window)
    window.resize(1280, 800)
    item = panel.steps.item(8)
    rect = panel.steps.visualItemRect(item)
    qtbot.mouseClick(panel.steps.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    panel.language.setCurrentIndex(panel.language.findData("c"))
    program = panel.program()
    assert program is not None and "clEnqueueNDRangeKernel" in program.text
    launch = program.regions[8]
    assert panel.steps.currentRow() == 8
    assert panel.highlighted_lines() == (launch.first_line, launch.last_line)
    assert panel.code.textCursor().blockNumber() + 1 == launch.first_line
    assert panel.code.viewport().rect().contains(panel.code.cursorRect())  # in view
