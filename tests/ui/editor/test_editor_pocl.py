"""The editor on a real compiler: PoCL's CPU device, through the in-process backend."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QTextCharFormat
from pytestqt.qtbot import QtBot

from clstudio.engine.in_process import InProcessBackend
from clstudio.ui.editor.editor_panel import EditorPanel
from ui.editor.editor_testing import type_source
from ui.shown_widgets import shown

BROKEN = """__kernel void scale(__global float *data, float factor)
{
    size_t i = get_global_id(0);
    data[i] = data[i] * factr;
}
"""
BUILD_TIMEOUT_MS = 120_000


@pytest.fixture
def panel(qtbot: QtBot) -> Iterator[EditorPanel]:
    backend = InProcessBackend()
    widget = shown(qtbot, EditorPanel(backend, delay_ms=50), 800, 500)
    yield widget
    widget.wait_for_build()
    backend.close()


@pytest.mark.opencl
def test_a_real_build_error_lands_on_its_line_and_token(qtbot: QtBot, panel: EditorPanel) -> None:
    with qtbot.waitSignal(panel.buildFinished, timeout=BUILD_TIMEOUT_MS) as finished:
        type_source(qtbot, panel.editor, BROKEN)
    result = finished.args[0]
    assert not result.ok
    assert panel.source() == BROKEN

    errors = [row for row in panel.problems.rows() if row[0] == "Error"]
    assert errors and errors[0][1] == "4:25", errors
    assert "factr" in errors[0][2]
    squiggles = [
        s.cursor.selectedText()
        for s in panel.editor.extraSelections()
        if s.format.underlineStyle() == QTextCharFormat.UnderlineStyle.SpellCheckUnderline
    ]
    assert "factr" in squiggles
    assert panel.editor.gutter.marks()[4] == "error"
    assert "factr" in panel.build_log.toPlainText()

    panel.editor.go_to(4, 25 + len("fact"))
    qtbot.keyClicks(panel.editor, "o")  # factr -> factor
    with qtbot.waitSignal(panel.buildFinished, timeout=BUILD_TIMEOUT_MS) as finished:
        pass
    assert finished.args[0].ok
    assert panel.kernel_picker.currentText() == "scale (2 args)"
    assert panel.status_label.text().startswith("Built in ")
    assert panel.editor.gutter.marks() == {}
