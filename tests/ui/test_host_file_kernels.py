"""Kernels inside host programs' files in the window: File > Open finds them (a chooser
when there are several), the editor shows the kernel alone, and Save writes it back into
its string, asking first when the file changed on disk."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QApplication, QInputDialog, QMessageBox
from pytestqt.qtbot import QtBot

from clstudio.embedded import read_host_file
from clstudio.ui.main_window import MainWindow
from ui.window_steps import answer_questions, form_of

HOST_FILES = Path(__file__).parents[1] / "embedded" / "third_party" / "infinicore"
HELLO_C = (
    "#include <stdio.h>\n"
    'const char *KernelSource = "\\n" \\\n'
    '"__kernel void square(__global float *input,\\n" \\\n'
    '"                     __global float *output)\\n" \\\n'
    '"{ size_t i = get_global_id(0); output[i] = input[i] * input[i]; }\\n";\n'
    "int main(void) { return 0; }\n"
)


def type_at_end(qtbot: QtBot, window: MainWindow, text: str) -> None:
    editor = window.editor_panel.editor
    editor.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClicks(editor, text)


@pytest.mark.opencl
def test_a_c_host_file_opens_builds_and_saves_back(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "hello.c"
    path.write_text(HELLO_C)
    assert window.files.load(path)
    form_of(qtbot, window)  # it built: the kernel's arguments are in the form
    assert window.windowTitle().startswith("hello.c (square)")
    assert window.editor_panel.editor.toPlainText() == read_host_file(path).sources[0].text
    type_at_end(qtbot, window, "// squared")
    assert window.isWindowModified()
    window.window_actions["save"].trigger()
    assert not window.isWindowModified()
    assert path.read_text() == HELLO_C.replace('}\\n";\n', '}\\n" \\\n"// squared";\n')


def test_an_infinicore_operator_opens_with_its_options_and_saves_back(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "rms_norm_opencl.cc"
    shutil.copy(HOST_FILES / path.name, path)
    before = path.read_text()
    assert window.files.load(path)
    session = window.workbench.document.session
    # InfiniCore's profile, sized for the fake CPU's 1024 work-items: 2048 / 1024 each.
    assert session.build_options == "-D Ta=float -D Tw=float -cl-std=CL2.0 -D ITEMS_THREAD=2"
    assert not window.isWindowModified()  # fitting the profile is no edit of the user's
    editor = window.editor_panel.editor
    assert editor.toPlainText().splitlines()[22] == "kernel void rms_norm("  # its own line 23
    editor.setPlainText(editor.toPlainText().replace("native_rsqrt(", "rsqrt("))
    window.window_actions["save"].trigger()
    assert path.read_text() == before.replace("native_rsqrt(", "rsqrt(")


def test_a_file_changed_on_disk_is_written_only_when_the_user_agrees(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "hello.c"
    path.write_text(HELLO_C)
    assert window.files.load(path)
    type_at_end(qtbot, window, "// mine")
    theirs = HELLO_C.replace("int main(void)", "int main(void) /* theirs */")
    path.write_text(theirs)
    asked = answer_questions(monkeypatch, QMessageBox.StandardButton.Cancel)
    window.window_actions["save"].trigger()
    assert "has changed since the kernel was read from it" in asked[0]
    assert path.read_text() == theirs and window.isWindowModified()
    answer_questions(monkeypatch, QMessageBox.StandardButton.Yes)
    window.window_actions["save"].trigger()
    after = path.read_text()
    assert "/* theirs */" in after and '"// mine";' in after
    assert not window.isWindowModified()


def test_several_kernels_are_offered_in_a_list(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "causal_softmax_opencl.cc"
    shutil.copy(HOST_FILES / path.name, path)
    offered: list[str] = []

    def choose_the_second() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QInputDialog)
        offered.extend(dialog.comboBoxItems())
        dialog.setTextValue(offered[1])
        dialog.accept()

    QTimer.singleShot(0, choose_the_second)
    assert window.files.load(path)
    assert offered == [
        "softmax_register — causal_softmax_opencl.cc:41",
        "softmax_global — causal_softmax_opencl.cc:84",
    ]
    assert window.workbench.document.session.kernel == "softmax_global"


def test_a_file_without_kernels_says_so_and_keeps_the_session(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    before = window.workbench.document
    path = tmp_path / "plain.py"
    path.write_text("print(f'__kernel void {name}() {{}}')\n")
    assert not window.files.load(path)
    assert "no OpenCL C kernel in its strings" in shown[0]
    assert "Line 1: a kernel assembled at run time (joined by f-string)" in shown[0]
    binary = tmp_path / "bin.cc"
    binary.write_bytes(b"\0" * 16)
    assert not window.files.load(binary)
    assert "a binary file" in shown[1]
    assert window.workbench.document is before
