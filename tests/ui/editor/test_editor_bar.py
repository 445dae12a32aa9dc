"""The bar over the source reads whole at 1280 x 800: the kernel's label and the build
options are never cut; where one row cannot hold both, the options take a row of their own."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QStyle, QStyleOptionComboBox
from pytestqt.qtbot import QtBot

from clstudio.ui.main_window import MainWindow

KERNELS = Path(__file__).resolve().parents[3] / "kernels"


@pytest.mark.opencl
@pytest.mark.parametrize(("size", "wrapped"), [((1280, 800), True), ((1920, 1080), False)])
def test_the_kernel_and_its_options_are_read_whole(
    qtbot: QtBot,
    make_window: Callable[..., MainWindow],
    size: tuple[int, int],
    wrapped: bool,
) -> None:
    window = make_window()
    window.resize(*size)
    assert window.files.open_example(KERNELS / "matmul_tiled.json", "matmul_tiled")
    editor = window.editor_panel
    picker, field = editor.kernel_picker, editor.options_edit.field
    qtbot.waitUntil(lambda: picker.currentText() == "matmul_tiled (6 args)", timeout=30_000)
    qtbot.waitUntil(lambda: editor.bar.is_wrapped() is wrapped)
    assert field.text() == "-D TILE=16"
    # The picker's text area holds its label; the field has room for its text and more.
    option = QStyleOptionComboBox()
    picker.initStyleOption(option)
    control = QStyle.ComplexControl.CC_ComboBox
    text = picker.style().subControlRect(control, option, QStyle.SubControl.SC_ComboBoxEditField)
    assert text.width() >= picker.fontMetrics().horizontalAdvance(picker.currentText())
    assert field.width() > 2 * field.fontMetrics().horizontalAdvance(field.text())
