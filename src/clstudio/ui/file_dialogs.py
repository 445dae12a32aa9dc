"""The file dialogs of the File menu: which files they offer and what they suggest."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

from clstudio.ui.document import Document

SESSION_FILTER = "CL Studio sessions (*.json);;All files (*)"
OPEN_FILTER = (
    "Sessions and kernels (*.json *.cl);;CL Studio sessions (*.json);;"
    "OpenCL C kernels (*.cl);;All files (*)"
)
SOURCE_FILTER = "OpenCL C kernels (*.cl);;All files (*)"


def ask_path_to_open(parent: QWidget, document: Document) -> Path | None:
    """A session or a bare .cl file, starting where the current session lives."""
    start = str(document.path.parent) if document.path else ""
    name, _ = QFileDialog.getOpenFileName(parent, "Open", start, OPEN_FILTER)
    return Path(name) if name else None


def ask_session_path(parent: QWidget, document: Document) -> Path | None:
    """Where to save the session; the .json the filter promises is added when missing."""
    current = document.path
    suggested = str(current) if current else f"{document.session.kernel}.json"
    name, _ = QFileDialog.getSaveFileName(parent, "Save session as", suggested, SESSION_FILTER)
    if not name:
        return None
    path = Path(name)
    return path if path.suffix.lower() == ".json" else path.with_name(path.name + ".json")


def ask_source_path(parent: QWidget, document: Document) -> Path | None:
    """Where to save the kernel source alone, beside the session by default."""
    suggested = f"{document.session.kernel}.cl"
    if document.path is not None:
        suggested = str(document.path.with_suffix(".cl"))
    name, _ = QFileDialog.getSaveFileName(parent, "Save kernel source as", suggested, SOURCE_FILTER)
    return Path(name) if name else None
