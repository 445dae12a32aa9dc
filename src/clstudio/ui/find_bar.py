"""Edit > Find: a bar under the source that searches it as you type."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QToolButton,
    QWidget,
)


class FindBar(QWidget):
    """Finds text in one QPlainTextEdit; Enter finds the next match."""

    def __init__(self, editor: QPlainTextEdit, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._editor = editor
        self.field = QLineEdit()
        self.field.setPlaceholderText("Find in source")
        self.field.setClearButtonEnabled(True)
        self.field.textEdited.connect(self._on_field_edited)
        self.field.returnPressed.connect(self.find_next)
        self.status = QLabel()
        previous = QToolButton(text="Previous")
        previous.clicked.connect(self.find_previous)
        following = QToolButton(text="Next")
        following.clicked.connect(self.find_next)
        close = QToolButton(text="Close")
        close.setToolTip("Hide the find bar")
        close.clicked.connect(self.hide)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        layout.addWidget(QLabel("Find:"))
        layout.addWidget(self.field, 1)
        layout.addWidget(previous)
        layout.addWidget(following)
        layout.addWidget(self.status)
        layout.addWidget(close)

    def open(self) -> None:
        """Show the bar with the editor's selection as the search text."""
        selected = self._editor.textCursor().selectedText()
        if selected and "\u2029" not in selected:
            self.field.setText(selected)
        self.show()
        self.field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.field.selectAll()

    def find_next(self) -> bool:
        return self._find(QTextDocument.FindFlag(0))

    def find_previous(self) -> bool:
        return self._find(QTextDocument.FindFlag.FindBackward)

    def _on_field_edited(self, _text: str) -> None:
        cursor = self._editor.textCursor()
        cursor.setPosition(cursor.selectionStart())
        self._editor.setTextCursor(cursor)
        self.find_next()

    def _find(self, flags: QTextDocument.FindFlag) -> bool:
        text = self.field.text()
        if not text:
            self.status.clear()
            return False
        if self._editor.find(text, flags):
            self.status.clear()
            return True
        # Wrap around once from the other end of the document.
        cursor = self._editor.textCursor()
        backward = bool(flags & QTextDocument.FindFlag.FindBackward)
        cursor.movePosition(
            QTextCursor.MoveOperation.End if backward else QTextCursor.MoveOperation.Start
        )
        self._editor.setTextCursor(cursor)
        found = self._editor.find(text, flags)
        self.status.setText("" if found else "Not found")
        return found
