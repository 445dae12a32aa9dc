"""The Outputs tab on a buffer of structs: a table with a column per field, and each field
on its own, with its reference."""

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clstudio.ui.results.outputs.output_entry import save_entry
from clstudio.ui.results.outputs.outputs_panel import OutputsPanel
from clstudio.ui.results.viewers.array_table import ArrayTableModel
from clstudio.ui.results.viewers.buffer_layout import buffer_entries, format_value
from ui.results.shown_runs import GalleryRun, ShowGallery

pytestmark = pytest.mark.opencl


def listed(panel: OutputsPanel) -> list[str]:
    items = (panel.buffer_list.item(row) for row in range(panel.buffer_list.count()))
    return [item.text().split("\n")[0] for item in items if item is not None]


def test_a_buffer_of_structs_is_a_table_with_a_column_per_field_and_lane(
    panel: OutputsPanel, show_gallery: ShowGallery, qtbot: QtBot
) -> None:
    run = show_gallery(panel, "particles")
    assert listed(panel)[:5] == [
        "particles — result",
        "particles.pos — result  ✓",
        "particles.vel — result  ✓",
        "particles.mass — result  ✓",
        "particles.id — result  ✓",
    ]
    assert panel.select_buffer("particles", "result")
    assert panel.viewer.available_views() == ("table",)
    assert "struct [4096]" in panel.type_label.text()
    model = panel.viewer.table.model()
    assert isinstance(model, ArrayTableModel)
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers == [
        "pos.x", "pos.y", "pos.z", "pos.w", "vel.x", "vel.y", "vel.z", "vel.w", "mass", "id",
    ]  # fmt: skip
    out = run.result.outputs["particles"]
    assert model.rowCount() == 4096
    assert model.index(7, 2).data() == format_value(out["pos"][7, 2])
    assert model.index(4095, 9).data() == str(out["id"][4095]) == "4096"
    assert model.hover_text(7, 8) == f"index 7, mass: {format_value(out['mass'][7])}"


def test_each_field_is_plotted_on_its_own_with_its_lanes(
    panel: OutputsPanel, show_gallery: ShowGallery
) -> None:
    run = show_gallery(panel, "particles")
    assert panel.select_buffer("particles.vel", "result")
    assert panel.viewer.view() == "line"
    assert "float4 [4096]" in panel.type_label.text()
    assert "Reference check passed" in panel.reference_label.text()
    shown = panel.viewer.line.curve.getOriginalDataset()[1]
    np.testing.assert_array_equal(shown, run.result.outputs["particles"]["vel"][:, 0])


def test_a_buffer_of_structs_saves_as_npy_and_says_how_to_get_a_csv(
    gallery_run: GalleryRun, tmp_path: Path
) -> None:
    result = gallery_run("particles").result
    entry = next(e for e in buffer_entries(result) if e.key == "result:particles")
    assert save_entry(entry, tmp_path / "p.npy") is None
    assert np.load(tmp_path / "p.npy").tobytes() == result.outputs["particles"].tobytes()
    problem = save_entry(entry, tmp_path / "p.csv")
    assert problem is not None and "save each of its fields (particles.pos) as CSV" in problem
    assert not (tmp_path / "p.csv").exists()
