"""The particles example in the window, on PoCL: a buffer of structs opened, run with F5,
its fields passing their references, the table of fields shown."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytestqt.qtbot import QtBot

from clstudio.ui.args.struct_editor import StructBufferEditor
from clstudio.ui.main_window import MainWindow
from ui.window_steps import open_gallery, run_with_f5

pytestmark = pytest.mark.opencl


def test_particles_open_run_and_show_a_table_of_fields(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    row = open_gallery(qtbot, window, "particles").row("particles")
    assert row is not None
    assert isinstance(row.editor, StructBufferEditor)
    result = run_with_f5(qtbot, window)
    assert result.ok, result.error
    assert sorted(result.references) == [
        "particles.id",
        "particles.mass",
        "particles.pos",
        "particles.vel",
    ]
    assert all(report.ok for report in result.references.values())
    outputs = window.results_panel.outputs
    assert outputs.select_buffer("particles", "result")
    assert outputs.viewer.view() == "table"
    model = outputs.viewer.table.model()
    assert model.columnCount() == 10 and model.rowCount() == 4096
    assert outputs.select_buffer("particles.id", "result")
    assert "Reference check passed" in outputs.reference_label.text()
