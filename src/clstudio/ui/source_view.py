"""The kernel source as plain monospaced text, until the real editor replaces it."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QPlainTextEdit, QWidget

BASE_POINT_SIZE = 11
MIN_POINT_SIZE = 6
MAX_POINT_SIZE = 40


class SourceView(QPlainTextEdit):
    """Shows the session's source; each edit by the user is announced as `sourceEdited`."""

    sourceEdited = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sourceView")
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setPlaceholderText("OpenCL C source of the kernel")
        self._zoom = 0
        self.set_zoom(0)
        self.textChanged.connect(self._on_text_changed)

    def set_source(self, text: str) -> None:
        """Show `text` as a fresh document: no undo history, no edit signal."""
        with QSignalBlocker(self):
            self.setPlainText(text)

    def source(self) -> str:
        return self.toPlainText()

    def zoom(self) -> int:
        return self._zoom

    def set_zoom(self, steps: int) -> None:
        """Font size BASE_POINT_SIZE + steps, kept within readable bounds."""
        size = max(MIN_POINT_SIZE, min(MAX_POINT_SIZE, BASE_POINT_SIZE + steps))
        self._zoom = size - BASE_POINT_SIZE
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        font.setStyleHint(QFont.StyleHint.Monospace)
        font.setPointSize(size)
        self.setFont(font)
        self.setTabStopDistance(4 * self.fontMetrics().horizontalAdvance(" "))

    def _on_text_changed(self) -> None:
        self.sourceEdited.emit(self.toPlainText())
