"""The bar above the editor for a kernel from a host file, on PoCL and the fake devices:
it names the string, offers the element type only where the host passes one, switching
rebuilds the options and buffer types, and a kernel no device can build is said so."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clstudio.ui.main_window import MainWindow
from ui.test_host_file_kernels import HELLO_C, HOST_FILES

EXERCISE_HOST = Path(__file__).parents[2] / "exercises" / "infinicore_swiglu" / "swiglu_opencl.cc"


def test_the_element_type_rebuilds_the_session_and_saving_keeps_the_file(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "swiglu_opencl.cc"
    shutil.copy(EXERCISE_HOST, path)
    before = path.read_bytes()
    assert window.files.load(path)
    bar = window.host_file_bar
    assert bar.isVisible() and bar.dtype_combo.isVisible()
    assert bar.origin_label.text() == "From swiglu_opencl.cc, the string at line 10"
    session = window.workbench.document.session
    assert session.build_options == "-D Tval=float"
    assert str(session.args["gate"].dtype) == "float32"  # type: ignore[union-attr]
    assert not window.isWindowModified()

    bar.dtype_combo.setFocus()
    qtbot.keyClick(bar.dtype_combo, Qt.Key.Key_Down)
    session = window.workbench.document.session
    assert session.build_options == "-D Tval=half"
    assert str(session.args["gate"].dtype) == "float16"  # type: ignore[union-attr]
    assert window.statusBar().currentMessage() == "Element type f16: build options -D Tval=half"
    assert window.isWindowModified()
    qtbot.keyClick(bar.dtype_combo, Qt.Key.Key_Up)
    assert window.workbench.document.session.build_options == "-D Tval=float"
    window.window_actions["save"].trigger()
    assert path.read_bytes() == before


def test_a_host_file_without_typed_options_shows_no_type_choice(
    window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "hello.c"
    path.write_text(HELLO_C)
    assert window.files.load(path)
    bar = window.host_file_bar
    assert bar.isVisible() and not bar.dtype_combo.isVisible()
    window.files.new_document()
    assert not bar.isVisible()


def test_a_kernel_no_device_found_can_build_is_said_with_the_reason(
    window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "rms_norm_opencl.cc"
    shutil.copy(HOST_FILES / path.name, path)
    assert window.files.load(path)
    said = window.statusBar().currentMessage()
    # Its -cl-std=CL2.0 is no reason (PoCL builds it); its work-group reduction is.
    assert said.startswith("No device found builds this kernel: work_group_reduce_add (line 54)")
    assert said.endswith("The Portability tab tells each device's reasons")
