"""The Memory tab tied to the editor: a click on an access goes to its line, and each
`__global` access's lines per 16 work-items is a mark in the gutter until an edit."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from clstudio.common import Diagnostic
from clstudio.reporting import coalescing_words
from clstudio.traffic import NEIGHBOURS, TrafficResult
from clstudio.ui.editor.editor_panel import EditorPanel
from clstudio.ui.memory.memory_tab import MemoryTab

SCATTERED_LINES = 2  # more lines than this per 16 work-items: a warning's mark


def traffic_diagnostics(result: TrafficResult) -> list[Diagnostic]:
    """One mark per measured `__global` access: a note when coalesced, else a warning."""
    marks = []
    for access in result.accesses:
        if access.lines_mean is None:
            continue
        severity = "warning" if access.lines_mean > SCATTERED_LINES else "note"
        said = QCoreApplication.translate(
            "MemoryTab", "{access}: {lines} distinct 64-byte lines per {n} work-items"
        ).format(access=access.text, lines=coalescing_words(access), n=NEIGHBOURS)
        marks.append(Diagnostic(access.line, 1, severity, said))
    return marks


def connect_memory(tab: MemoryTab, editor_panel: EditorPanel) -> None:
    editor = editor_panel.editor

    def on_source_line_requested(line: int) -> None:
        editor_panel.go_to(line)
        editor.setFocus()

    def on_traffic_measured(result: TrafficResult) -> None:
        editor_panel.show_traffic_diagnostics(traffic_diagnostics(result))

    tab.sourceLineRequested.connect(on_source_line_requested)
    tab.trafficMeasured.connect(on_traffic_measured)
