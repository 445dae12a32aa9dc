"""What the window says of a GPU before and beside a run, on PoCL with the device's fields
as an NVIDIA GPU that drives a display reports them (CL_DEVICE_KERNEL_EXEC_TIMEOUT_NV)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from clstudio.devices import InfoField
from clstudio.ui.main_window import MainWindow
from ui.window_steps import open_gallery, run_with_f5

pytestmark = pytest.mark.opencl


def test_a_gpu_with_a_watchdog_is_warned_of_beside_the_run_button(
    qtbot: QtBot, window: MainWindow
) -> None:
    open_gallery(qtbot, window, "vector_add")
    device = window.workbench.device()
    assert device is not None
    watchdog = InfoField(
        "CL_DEVICE_KERNEL_EXEC_TIMEOUT_NV",
        "Kernel run time limit (NVIDIA)",
        "NVIDIA",
        True,
        "yes",
        "",
    )
    window.workbench.use_device(replace(device, fields=(*device.fields, watchdog)))
    result = run_with_f5(qtbot, window)
    assert result.ok, result.error
    warning = window.run_bar.refusal
    assert warning.isVisible()
    assert "drives a display" in warning.toolTip()
    assert "CL_DEVICE_KERNEL_EXEC_TIMEOUT_NV" in warning.toolTip()


def test_a_device_without_a_watchdog_shows_no_warning(qtbot: QtBot, window: MainWindow) -> None:
    open_gallery(qtbot, window, "vector_add")
    result = run_with_f5(qtbot, window)
    assert result.ok, result.error
    assert not window.run_bar.refusal.isVisible()


def test_a_kernel_its_device_cannot_build_says_why_in_the_status_bar(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    reduce = (
        "kernel void sum(global const float *x, global float *out) {\n"
        "    float total = work_group_reduce_add(x[get_global_id(0)]);\n"
        "    if (get_local_id(0) == 0) out[get_group_id(0)] = total;\n"
        "}\n"
    )
    path = tmp_path / "reduce.cl"
    path.write_text(reduce)
    editor = window.workbench.editor
    with qtbot.waitSignal(editor.buildFinished, timeout=30_000):
        assert window.files.load(path)
    said = window.statusBar().currentMessage()
    assert "may not build this kernel" in said
    assert "work_group_reduce_add (line 2)" in said
