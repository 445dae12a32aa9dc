"""The Arguments dock shows the type the kernel has after the host-file bar's element type
switches (InfiniCore's rms_norm: `-D Ta=half` or `-D Ta=float`), on Intel's CPU runtime:
the old rows leave the form when the new ones come, not when Qt gets round to deleting
them (until then the dock showed `__global float*` above the new `__global half*`)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clstudio.common import BuildResult, KernelSignature
from clstudio.devices import installed_runtimes
from clstudio.session import load_session
from clstudio.ui.args import ArgsPanel
from clstudio.ui.args.arg_row import ArgRow
from clstudio.ui.backends import Backends
from clstudio.ui.main_window import MainWindow
from clstudio.validation import fit_program
from clstudio.worker.client import WorkerClient
from kernel_args import kernel_arg
from ui.window_steps import KERNELS, form_of

HOST_FILES = Path(__file__).parents[1] / "embedded" / "third_party" / "infinicore"

needs_intel = pytest.mark.skipif(
    not installed_runtimes(),
    reason="Intel's CPU runtime is not installed: make intel (CI installs it)",
)


def shown_types(window: MainWindow | ArgsPanel, name: str) -> list[str]:
    """The types the user reads beside the argument `name` in the Arguments dock."""
    panel = window.arguments_panel if isinstance(window, MainWindow) else window
    rows = panel.findChildren(ArgRow)
    return [r.type_label.text() for r in rows if r.name == name and r.isVisible()]


def vadd(element: str) -> KernelSignature:
    args = [kernel_arg(n, f"{element}*", n != "c") for n in "abc"]
    return KernelSignature("vector_add", (*args, kernel_arg("n", "int")))


def test_rows_drawn_again_replace_the_old_ones_at_once(qtbot: QtBot) -> None:
    """Events are processed between the forms as a frame is drawn, but not the deferred
    deletions of an event loop's turn (a nested loop or a busy one delays them)."""
    panel = ArgsPanel()
    qtbot.addWidget(panel)
    panel.show()
    session = load_session(KERNELS / "vector_add.json")
    for element in ("float", "half", "float"):
        panel.show_rows(fit_program({"vector_add": vadd(element)}, session))
        QApplication.processEvents()
        assert shown_types(panel, "a") == [f"__global const {element}*"]
        assert shown_types(panel, "c") == [f"__global {element}*"]
    panel.clear()
    assert shown_types(panel, "a") == []


@pytest.mark.opencl
@needs_intel
def test_the_arguments_dock_shows_the_element_type_chosen_in_the_bar(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    backends = Backends(WorkerClient(), WorkerClient(), measurements=WorkerClient())
    window = make_window(discover=backends.tools.devices, backends=backends)
    path = tmp_path / "rms_norm_opencl.cc"
    shutil.copy(HOST_FILES / path.name, path)
    assert window.files.load(path)
    qtbot.waitUntil(lambda: window.workbench.device() is not None, timeout=30_000)
    form_of(qtbot, window)
    combo = window.host_file_bar.dtype_combo
    qtbot.waitUntil(lambda: shown_types(window, "y_") == ["__global float*"], timeout=60_000)
    assert combo.currentText() == "f32"
    # What the dock shows as each build's form is drawn, before Qt deletes anything.
    seen: list[list[str]] = []

    def look(result: BuildResult) -> None:
        seen.append(shown_types(window, "y_"))

    window.workbench.editor.buildFinished.connect(look)

    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentText() == "f16"
    qtbot.waitUntil(lambda: ["__global half*"] in seen, timeout=60_000)
    assert seen == [["__global half*"]]
    assert shown_types(window, "x_") == ["__global const half*"]
    row = window.arguments_panel.row("y_")
    assert row is not None and row.spec() is not None
    assert str(row.spec().dtype) == "float16"  # type: ignore[union-attr]

    qtbot.keyClick(combo, Qt.Key.Key_Up)
    qtbot.waitUntil(lambda: len(seen) == 2, timeout=60_000)
    assert seen[1] == ["__global float*"]
    assert shown_types(window, "x_") == ["__global const float*"]
