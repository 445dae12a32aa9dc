"""The Outputs tab on structs that hold arrays and other structs: each nested field is an
entry with its reference, and the struct's table has a column per field and element."""

import pytest
from PySide6.QtCore import Qt

from clstudio.engine.run import Engine
from clstudio.reporting import FinishedRun
from clstudio.session.format import parse_session
from clstudio.ui.results.outputs.outputs_panel import OutputsPanel
from clstudio.ui.results.viewers.array_table import ArrayTableModel
from clstudio.ui.results.viewers.buffer_layout import format_value
from nested_struct_kernels import layout_session
from ui.results.test_struct_outputs import listed

pytestmark = pytest.mark.opencl


def test_nested_fields_are_listed_checked_and_tabled(panel: OutputsPanel) -> None:
    session = parse_session(layout_session())
    result = Engine().run(session)
    assert result.ok, result.error
    panel.show_run(FinishedRun(session, result))
    assert listed(panel)[:9] == [
        "sizes — result  ✓",
        "items — result",
        "items.a — result",
        "items.in.tag — result  ✓",
        "items.in.d — result  ✓",
        "items.m — result  ✓",
        "items.idx — result  ✓",
        "items.v — result  ✓",
        "items.s — result",
    ]
    assert panel.select_buffer("items", "result")
    model = panel.viewer.table.model()
    assert isinstance(model, ArrayTableModel)
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers[:5] == ["a", "in.tag.x", "in.tag.y", "in.d.x", "in.d.y"]
    assert "idx.s5" in headers and len(headers) == 1 + 2 + 2 + 4 + 6 + 4 + 1
    out = result.outputs["items"]
    assert model.index(5, 4).data() == format_value(out["in"]["d"][5, 1]) == "11"
    assert model.index(5, headers.index("idx.s5")).data() == str(out["idx"][5, 2, 1])
    assert model.hover_text(5, 2) == f"index 5, in.tag.y: {out['in']['tag'][5, 1]}"
    assert panel.select_buffer("items.idx", "result")
    assert panel.type_label.text() == "int2 [8 × 3], 192 bytes"  # three int2 a struct
