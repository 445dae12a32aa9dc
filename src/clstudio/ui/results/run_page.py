"""The page a result tab shows once it has a run, laid out alike in every tab that has one:
how the run ended on top, a line about it, then the tab's own view, which takes the room.
The empty state before the first run is EmptyStatePages' (ui/empty_state.py)."""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout, QWidget

from clstudio.ui.results.error_banner import ErrorBanner


def run_page(banner: ErrorBanner, line: QWidget, view: QWidget) -> QWidget:
    page = QWidget()
    layout = QVBoxLayout(page)
    layout.setContentsMargins(6, 6, 6, 6)
    layout.addWidget(banner)
    layout.addWidget(line)
    layout.addWidget(view, 1)
    return page
