"""NULL in the form: a buffer argument ticked NULL, and back to a buffer."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clstudio.devices.limits import DeviceLimits
from clstudio.session.args import BufferArg, NullArg
from clstudio.session.format import parse_session
from clstudio.ui.args import ArgsPanel
from clstudio.ui.args.buffer_editor import BufferEditor
from ui.args.form_bench import FormBench, editor_of, row_of

pytestmark = pytest.mark.opencl

SESSION = parse_session(
    {
        "format": "clstudio-session",
        "version": 1,
        "kernel": "k",
        "source": "__kernel void k(__global const float *bias, __global float *out)\n"
        "{ int i = get_global_id(0); out[i] = bias ? bias[i] : 0.0f; }\n",
        "global_size": [4],
        "args": {
            "bias": {"kind": "null"},
            "out": {"kind": "buffer", "dtype": "float", "shape": [4], "access": "out"},
        },
    }
)


def test_null_is_ticked_and_unticked_as_a_user_does(
    bench: FormBench, qtbot: QtBot, panel: ArgsPanel, limits: DeviceLimits
) -> None:
    bench.open(SESSION, limits)
    bias = editor_of(panel, "bias", BufferEditor)
    assert bias.null.isChecked() and not bias.shape.isEnabled()
    assert bench.session().args["bias"] == NullArg()
    assert bench.problems() == []
    qtbot.mouseClick(bias.null, Qt.MouseButton.LeftButton)
    assert bias.shape.isEnabled()
    bias.shape.setFocus()
    qtbot.keyClicks(bias.shape, "4")
    qtbot.waitUntil(lambda: isinstance(bench.session().args["bias"], BufferArg))
    qtbot.mouseClick(bias.null, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bench.session().args["bias"] == NullArg())
    out = editor_of(panel, "out", BufferEditor)
    assert not out.null.isChecked() and out.shape.isEnabled()


UNGUARDED = replace(
    SESSION,
    source="__kernel void k(__global const float *bias, __global float *out)\n"
    "{ int i = get_global_id(0); out[i] = bias[i] * 2.0f; }\n",
)


def test_null_for_a_buffer_the_kernel_reads_untested_is_warned_of(
    bench: FormBench, qtbot: QtBot, panel: ArgsPanel, limits: DeviceLimits
) -> None:
    bench.open(UNGUARDED, limits)
    bias = row_of(panel, "bias")
    assert bias.use_note.isVisibleTo(bias)
    assert bias.use_note.text().startswith(
        "NULL, but the kernel reads through bias without testing it first"
    )
    assert bench.problems() == []  # a warning: the run is still the learner's choice
    editor = editor_of(panel, "bias", BufferEditor)
    qtbot.mouseClick(editor.null, Qt.MouseButton.LeftButton)
    editor.shape.setFocus()
    qtbot.keyClicks(editor.shape, "4")
    qtbot.waitUntil(lambda: isinstance(bench.session().args["bias"], BufferArg))
    assert not bias.use_note.isVisibleTo(bias)


def test_a_kernel_that_tests_its_pointer_gets_no_null_warning(
    bench: FormBench, panel: ArgsPanel, limits: DeviceLimits
) -> None:
    bench.open(SESSION, limits)  # out[i] = bias ? bias[i] : 0.0f
    bias = row_of(panel, "bias")
    assert not bias.use_note.isVisibleTo(bias)
