"""An image kernel of unnormalised channels (read_imageui on CL_UNSIGNED_INT8) opens in the
window, takes its formats and contents in the form, runs, and shows its output image."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from clstudio.ui.args.image_editor import ImageEditor
from clstudio.ui.args.scalar_editor import ScalarEditor
from clstudio.ui.main_window import MainWindow
from image_kernels import THRESHOLD, threshold_expected
from ui.window_steps import open_kernel, retype, run_with_f5

pytestmark = pytest.mark.opencl


def choose(combo: QComboBox, data: str) -> None:
    """Pick the entry of `data`, as a user picks it from the list."""
    index = combo.findData(data)
    assert index >= 0, data
    combo.setCurrentIndex(index)


def test_an_unsigned_int8_threshold_runs_from_the_form_and_shows_its_image(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    window = make_window()
    panel = open_kernel(qtbot, window, tmp_path / "threshold.cl", THRESHOLD)
    editors = {}
    for name in ("in", "out"):
        row = panel.row(name)
        assert row is not None and isinstance(row.editor, ImageEditor)
        editor = editors[name] = row.editor
        retype(qtbot, editor.width_field, "64")
        retype(qtbot, editor.height_field, "48")
        choose(editor.order, "R")
        choose(editor.channel_type, "UNSIGNED_INT8")
    types = editors["in"].channel_type
    tip = types.itemData(types.currentIndex(), Qt.ItemDataRole.ToolTipRole)
    assert "read_imageui" in tip  # which function reads it
    contents = editors["in"].contents
    choose(contents.kind, "image")
    choose(contents.picture, "radial_gradient")
    value = panel.row("value")
    assert value is not None and isinstance(value.editor, ScalarEditor)
    retype(qtbot, value.editor.lanes[0], "100")
    # NDRange > From an argument: one work-item per pixel of the output image.
    actions = panel.ndrange.fill_menu.actions()
    texts = [a.text() for a in actions]
    action = actions[texts.index("from out: 64 x 48 pixels")]
    action.trigger()

    result = run_with_f5(qtbot, window)

    assert result.ok, result.error
    src, out = result.inputs["in"], result.outputs["out"]
    assert src.dtype == out.dtype == np.uint8 and out.shape == (48, 64)
    assert 0 < np.count_nonzero(out) < out.size  # both sides of the threshold
    np.testing.assert_array_equal(out, threshold_expected(src, 100))
    outputs = window.results_panel.outputs
    texts = [outputs.buffer_list.item(r).text() for r in range(outputs.buffer_list.count())]
    assert any(t.startswith("out — result") and "R uchar [48 × 64]" in t for t in texts), texts
    np.testing.assert_array_equal(outputs.viewer.image.image_item.image, out)
