"""Before the first run, a results tab shows what will appear there and how to get it."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from clstudio.ui.results.outputs.outputs_panel import OutputsPanel
from clstudio.ui.results.timings.timings_panel import TimingsPanel
from ui.shown_widgets import shown


@pytest.mark.parametrize(
    ("tab", "title"),
    [(OutputsPanel, "No outputs yet"), (TimingsPanel, "No timings yet")],
    ids=["outputs", "timings"],
)
def test_empty_state_before_the_first_run(
    qtbot: QtBot, tab: type[OutputsPanel | TimingsPanel], title: str
) -> None:
    panel = shown(qtbot, tab(), 1100, 500)
    assert panel.stack.currentWidget() is panel.empty
    assert panel.empty.title() == title
    assert "Run a kernel" in panel.empty.body()
