"""The file dialogs of the File menu: which files they offer and what they suggest."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QInputDialog, QWidget

from clstudio.embedded import HOST_SUFFIXES, EmbeddedSource, HostFile
from clstudio.ui.document import Document
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

# The dialogs' filters: names to translate, patterns that stay.
SESSIONS = (QT_TRANSLATE_NOOP("FileDialogs", "CL Studio sessions"), "*.json")
_HOST_PATTERNS = " ".join(f"*{suffix}" for suffix in HOST_SUFFIXES)
SESSIONS_AND_KERNELS = (
    QT_TRANSLATE_NOOP("FileDialogs", "Sessions and kernels"),
    f"*.json *.cl {_HOST_PATTERNS}",
)
KERNELS = (QT_TRANSLATE_NOOP("FileDialogs", "OpenCL C kernels"), "*.cl")
HOST_FILES = (QT_TRANSLATE_NOOP("FileDialogs", "Kernels in C, C++ or Python files"), _HOST_PATTERNS)
ALL_FILES = (QT_TRANSLATE_NOOP("FileDialogs", "All files"), "*")
SESSION_FILTER = (SESSIONS, ALL_FILES)
OPEN_FILTER = (SESSIONS_AND_KERNELS, SESSIONS, KERNELS, HOST_FILES, ALL_FILES)
SOURCE_FILTER = (KERNELS, ALL_FILES)


def _tr(text: str) -> str:
    return QCoreApplication.translate("FileDialogs", text)


def _filter(kinds: tuple[tuple[str, str], ...]) -> str:
    """Qt's filter string: "CL Studio sessions (*.json);;All files (*)", translated."""
    return ";;".join(f"{_tr(name)} ({patterns})" for name, patterns in kinds)


def ask_path_to_open(parent: QWidget, document: Document) -> Path | None:
    """A session, a bare .cl file or a host file with kernels, starting where the
    current session lives."""
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


def ask_embedded_kernel(parent: QWidget, host: HostFile) -> tuple[EmbeddedSource, str] | None:
    """Which kernel of a host file with several to open: its source and the kernel's name."""
    choices = [(source, kernel) for source in host.sources for kernel in source.kernels]
    items = [
        QCoreApplication.translate("FileDialogs", "{kernel} — {file}:{line}").format(
            kernel=kernel.name, file=host.path.name, line=kernel.host_line
        )
        for _, kernel in choices
    ]
    dialog = QInputDialog(parent)
    dialog.setWindowTitle(QCoreApplication.translate("FileDialogs", "Choose a kernel"))
    dialog.setLabelText(
        QCoreApplication.translate(
            "FileDialogs", "{file} holds several kernels. Which one should open?"
        ).format(file=host.path.name)
    )
    dialog.setComboBoxItems(items)
    dialog.setOption(QInputDialog.InputDialogOption.UseListViewForComboBoxItems)
    if not dialog.exec():
        return None
    chosen = items.index(dialog.textValue())
    source, kernel = choices[chosen]
    return source, kernel.name
