"""A new buffer the kernel only writes starts as `out`, and the form says why."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytestqt.qtbot import QtBot

from clstudio.session.args import BufferArg
from clstudio.ui.args import ArgsPanel
from clstudio.ui.args.buffer_editor import BufferEditor
from clstudio.ui.main_window import MainWindow
from session.session_testing import arg_of
from ui.args.form_bench import editor_of, row_of

pytestmark = pytest.mark.opencl

GRAD = """\
__kernel void grad_step(__global const float *x, __global float2 *grad, __global float *acc) {
    size_t i = get_global_id(0);
    grad[i] = (float2)(x[i], 2.0f * x[i]);
    acc[i] += x[i];
}
"""


def test_a_write_only_buffer_defaults_to_out_and_says_so(
    qtbot: QtBot, make_window: Callable[..., MainWindow], type_kernel: Callable[..., ArgsPanel]
) -> None:
    window = make_window()
    qtbot.waitUntil(lambda: not window.arguments_panel.is_empty(), timeout=30_000)
    panel = type_kernel(window, GRAD, "grad")
    grad = row_of(panel, "grad")
    grad_editor = editor_of(panel, "grad", BufferEditor)
    assert grad_editor.access.currentText() == "out"
    assert "never reads it" in grad.use_note.text() and grad.use_note.isVisibleTo(grad)
    # What the Timings timeline shows: a fill on the device, no copy from the host.
    assert "filled with zeros on the device" in grad.use_note.text()
    assert editor_of(panel, "acc", BufferEditor).access.currentText() == "auto: inout"
    assert arg_of(window.workbench.document.session, "grad", BufferArg).access == "out"

    grad_editor = editor_of(panel, "grad", BufferEditor)
    grad_editor.access.setCurrentIndex(grad_editor.access.findData(None))  # back to auto
    assert arg_of(window.workbench.document.session, "grad", BufferArg).access is None
    assert grad.use_note.text() == "The kernel never reads it: choose out"
