"""The file dialogs of the File menu: which files they offer and what they suggest."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QWidget

from clstudio.ui.document import Document
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

# The dialogs' filters: names to translate, patterns that stay.
SESSIONS = (QT_TRANSLATE_NOOP("FileDialogs", "CL Studio sessions"), "*.json")
SESSIONS_AND_KERNELS = (QT_TRANSLATE_NOOP("FileDialogs", "Sessions and kernels"), "*.json *.cl")
KERNELS = (QT_TRANSLATE_NOOP("FileDialogs", "OpenCL C kernels"), "*.cl")
ALL_FILES = (QT_TRANSLATE_NOOP("FileDialogs", "All files"), "*")
SESSION_FILTER = (SESSIONS, ALL_FILES)
OPEN_FILTER = (SESSIONS_AND_KERNELS, SESSIONS, KERNELS, ALL_FILES)
SOURCE_FILTER = (KERNELS, ALL_FILES)


def _tr(text: str) -> str:
    return QCoreApplication.translate("FileDialogs", text)


def _filter(kinds: tuple[tuple[str, str], ...]) -> str:
    """Qt's filter string: "CL Studio sessions (*.json);;All files (*)", translated."""
    return ";;".join(f"{_tr(name)} ({patterns})" for name, patterns in kinds)


def ask_path_to_open(parent: QWidget, document: Document) -> Path | None:
    """A session or a bare .cl file, starting where the current session lives."""
    start = str(document.path.parent) if document.path else ""
    name, _ = QFileDialog.getOpenFileName(
        parent, QCoreApplication.translate("FileDialogs", "Open"), start, _filter(OPEN_FILTER)
    )
    return Path(name) if name else None


def ask_session_path(parent: QWidget, document: Document) -> Path | None:
    """Where to save the session; the .json the filter promises is added when missing."""
    current = document.path
    suggested = str(current) if current else f"{document.session.kernel}.json"
    name, _ = QFileDialog.getSaveFileName(
        parent,
        QCoreApplication.translate("FileDialogs", "Save session as"),
        suggested,
        _filter(SESSION_FILTER),
    )
    if not name:
        return None
    path = Path(name)
    return path if path.suffix.lower() == ".json" else path.with_name(path.name + ".json")


def ask_source_path(parent: QWidget, document: Document) -> Path | None:
    """Where to save the kernel source alone, beside the session by default."""
    suggested = f"{document.session.kernel}.cl"
    if document.path is not None:
        suggested = str(document.path.with_suffix(".cl"))
    name, _ = QFileDialog.getSaveFileName(
        parent,
        QCoreApplication.translate("FileDialogs", "Save kernel source as"),
        suggested,
        _filter(SOURCE_FILTER),
    )
    return Path(name) if name else None
