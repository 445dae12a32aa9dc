"""An InfiniCore operator in the window, end to end through the real workers: File > Open
picks the device that can build it (Intel's CPU runtime: OpenCL C 2.0 and half), the
element type switches f16 to f32 and rebuilds the session, the run's references pass,
Save writes back only the kernel's string, and the Portability tab says why PoCL cannot
build it."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clstudio.devices import installed_runtimes
from clstudio.ui.args.arg_row import ArgRow
from clstudio.ui.backends import Backends
from clstudio.ui.main_window import MainWindow
from clstudio.worker.client import WorkerClient
from ui.window_steps import form_of, run_with_f5

HOST_FILES = Path(__file__).parents[1] / "embedded" / "third_party" / "infinicore"

pytestmark = [
    pytest.mark.opencl,
    pytest.mark.skipif(
        not installed_runtimes(),
        reason="Intel's CPU runtime is not installed: make intel (CI installs it)",
    ),
]


def element_type_of(window: MainWindow, name: str) -> str:
    return str(window.workbench.document.session.args[name].dtype)  # type: ignore[union-attr]


def shown_types(window: MainWindow, name: str) -> list[str]:
    """The types the user reads beside the argument `name` in the Arguments dock."""
    rows = window.arguments_panel.findChildren(ArgRow)
    return [r.type_label.text() for r in rows if r.name == name and r.isVisible()]


def choose_dtype(qtbot: QtBot, window: MainWindow, key: Qt.Key) -> None:
    """Step the element-type box with the keyboard, as a user does."""
    combo = window.host_file_bar.dtype_combo
    combo.setFocus()
    qtbot.keyClick(combo, key)


def test_open_switch_f16_to_f32_run_save_and_see_where_it_builds(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    backends = Backends(WorkerClient(), WorkerClient(), measurements=WorkerClient())
    window = make_window(discover=backends.tools.devices, backends=backends)
    path = tmp_path / "rms_norm_opencl.cc"
    shutil.copy(HOST_FILES / path.name, path)
    before = path.read_bytes()

    assert window.files.load(path)
    qtbot.waitUntil(lambda: window.workbench.device() is not None, timeout=30_000)
    device = window.workbench.device()
    assert device is not None and device.platform_name.startswith("Intel")
    bar = window.host_file_bar
    assert bar.isVisible() and bar.dtype_combo.isVisible()
    assert bar.origin_label.text() == "From rms_norm_opencl.cc, the string at line 12"
    assert bar.dtype_combo.currentText() == "f32"

    choose_dtype(qtbot, window, Qt.Key.Key_Down)
    assert bar.dtype_combo.currentText() == "f16"
    session = window.workbench.document.session
    assert session.build_options.startswith("-D Ta=half -D Tw=half -cl-std=CL2.0")
    assert element_type_of(window, "y_") == "float16"
    # The Arguments dock says so too, once the rebuild is in (it showed float* still).
    qtbot.waitUntil(lambda: shown_types(window, "y_") == ["__global half*"], timeout=60_000)
    assert shown_types(window, "x_") == ["__global const half*"]
    assert window.isWindowModified()

    choose_dtype(qtbot, window, Qt.Key.Key_Up)
    assert bar.dtype_combo.currentText() == "f32"
    session = window.workbench.document.session
    assert session.build_options.startswith("-D Ta=float -D Tw=float -cl-std=CL2.0")
    assert element_type_of(window, "y_") == element_type_of(window, "w") == "float32"
    qtbot.waitUntil(lambda: shown_types(window, "y_") == ["__global float*"], timeout=60_000)
    form_of(qtbot, window)
    result = run_with_f5(qtbot, window, timeout_ms=120_000)
    assert result.ok, result.error
    assert [(r.name, r.ok) for r in result.references.values()] == [("y_", True)]

    window.window_actions["save"].trigger()  # the kernel was not edited
    assert path.read_bytes() == before
    editor = window.editor_panel.editor
    editor.setPlainText(editor.toPlainText().replace("native_rsqrt(", "rsqrt("))
    window.window_actions["save"].trigger()
    assert path.read_bytes() == before.replace(b"native_rsqrt(", b"rsqrt(")
    assert not window.isWindowModified()

    choose_dtype(qtbot, window, Qt.Key.Key_Down)  # f16: PoCL lacks half too
    jobs = window.portability_jobs
    with qtbot.waitSignal(jobs.finished, timeout=120_000):
        bar.portability_button.click()
    assert window.results_panel.currentWidget() is window.portability_page
    rows = {name: (verdict, lines) for name, verdict, lines in window.portability.shown_rows()}
    pocl = next(lines for name, (verdict, lines) in rows.items() if name.startswith("Portable"))
    assert rows[next(n for n in rows if n.startswith("Portable"))][0] == "does not build"
    said = "\n".join(pocl)
    assert "asks for OpenCL C 2.0" not in said  # PoCL builds -cl-std=CL2.0 itself
    assert "work_group_reduce_add (line 54): OpenCL C 2.0 work-group collective" in said
    assert "needs cl_khr_fp16, which the device does not list" in said
    assert "Way round: reduce in __local memory instead" in said
    intel = next(name for name in rows if name.startswith("Intel"))
    assert rows[intel] == ("builds", [])
