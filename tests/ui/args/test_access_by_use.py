"""A new buffer the kernel only writes starts as `out`, and the form says why."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.opencl

GRAD = """\
__kernel void grad_step(__global const float *x, __global float2 *grad, __global float *acc) {
    size_t i = get_global_id(0);
    grad[i] = (float2)(x[i], 2.0f * x[i]);
    acc[i] += x[i];
}
"""


def test_a_write_only_buffer_defaults_to_out_and_says_so(qtbot, make_window, type_kernel):
    window = make_window()
    qtbot.waitUntil(lambda: not window.arguments_panel.is_empty(), timeout=30_000)
    panel = type_kernel(window, GRAD, "grad")
    grad = panel.row("grad")
    assert grad.editor.access.currentText() == "out"
    assert "never reads it" in grad.use_note.text() and grad.use_note.isVisibleTo(grad)
    assert panel.row("acc").editor.access.currentText() == "auto: inout"
    assert window.workbench.document.session.args["grad"].access == "out"

    grad.editor.access.setCurrentIndex(grad.editor.access.findData(None))  # back to auto
    assert window.workbench.document.session.args["grad"].access is None
    assert grad.use_note.text() == "The kernel never reads it: choose out to skip the upload"
