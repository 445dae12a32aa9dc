"""In Chinese at 1280 x 800 the Arguments form's labels and buttons are whole: each has at
least the room its text asks for, so none is cut at its edge."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QAbstractButton, QLabel
from pytestqt.qtbot import QtBot

from clstudio.ui.main_window import MainWindow
from ui.layouts import settle_layouts

KERNELS = Path(__file__).resolve().parents[3] / "kernels"

pytestmark = pytest.mark.opencl


@pytest.mark.parametrize(
    "example", ["matmul_tiled", "image_blur", "vector_add_float4", "scan_multi_block"]
)
def test_every_label_of_the_form_has_the_room_its_text_needs(
    qtbot: QtBot, make_window: Callable[..., MainWindow], qt_in_chinese: None, example: str
) -> None:
    path = KERNELS / f"{example}.json"
    window = make_window(size=(1280, 800))
    assert window.files.open_example(path, example)
    panel = window.arguments_panel
    qtbot.waitUntil(lambda: not panel.is_empty(), timeout=30_000)
    assert "的参数" in panel.title.text()  # the form speaks Chinese
    form = panel.scroll_area.widget()
    assert form is not None
    labels = [
        label
        for label in form.findChildren(QLabel)
        if label.isVisibleTo(panel) and label.text() and not label.wordWrap()
    ]
    assert len(labels) > 5

    def cramped() -> list[str]:
        """The texts cut at their edge: narrower than their text (rich text: their size hint)."""
        short = [
            label.text()
            for label in labels
            if label.width()
            < min(
                label.fontMetrics().horizontalAdvance(label.text())
                if "<" not in label.text()
                else 0,
                label.sizeHint().width(),
            )
        ]
        buttons = [b for b in form.findChildren(QAbstractButton) if b.text()]
        return short + [
            b.text()
            for b in buttons
            if b.isVisibleTo(panel) and b.width() < b.minimumSizeHint().width()
        ]

    # A label whose text grew with the form's state (a local buffer's bytes, once the
    # device's limits are known) gets its room when the layout it asked for runs: now.
    settle_layouts()
    assert cramped() == []
