"""Find and replace in the source: next and previous, case and whole words, a match count,
and Replace all as one undo step."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QSignalBlocker, Qt
from PySide6.QtGui import QKeyEvent, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QToolButton,
    QWidget,
)

Flag = QTextDocument.FindFlag


class FindReplaceBar(QWidget):
    """Searches one QPlainTextEdit; the replace row shows only when asked for."""

    def __init__(self, editor: QPlainTextEdit, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("findReplaceBar")
        self._editor = editor
        self.find_field = QLineEdit()
        self.find_field.setPlaceholderText(self.tr("Find in source"))
        self.find_field.setClearButtonEnabled(True)
        self.find_field.textEdited.connect(self._on_find_field_edited)
        self.find_field.returnPressed.connect(self.find_next)
        self.replace_field = QLineEdit()
        self.replace_field.setPlaceholderText(self.tr("Replace with"))
        self.replace_field.returnPressed.connect(self.replace)
        self.match_case = self._toggle("Aa", self.tr("Match case"))
        self.whole_words = self._toggle("W", self.tr("Whole words only"))
        self.count_label = QLabel()
        widest = self.tr("{number} of {count}").format(number=999, count=999)
        self.count_label.setMinimumWidth(self.fontMetrics().horizontalAdvance(widest))

        previous = self._button(
            self.tr("Previous"), self.tr("Find the previous match (Shift+F3)"), self.find_previous
        )
        following = self._button(
            self.tr("Next"), self.tr("Find the next match (Enter, F3)"), self.find_next
        )
        close = self._button(self.tr("Close"), self.tr("Hide the bar (Esc)"), self.close_bar)
        self._replace_label = QLabel(self.tr("Replace:"))
        self._replace_one = self._button(
            self.tr("Replace"), self.tr("Replace this match, find the next"), self.replace
        )
        self._replace_all = self._button(
            self.tr("Replace all"), self.tr("Replace every match"), self.replace_all
        )

        layout = QGridLayout(self)
        layout.setContentsMargins(6, 3, 6, 3)
        layout.setHorizontalSpacing(4)
        layout.setVerticalSpacing(3)
        layout.addWidget(QLabel(self.tr("Find:")), 0, 0)
        layout.addWidget(self.find_field, 0, 1)
        for column, widget in enumerate(
            (self.match_case, self.whole_words, previous, following, self.count_label, close),
            start=2,
        ):
            layout.addWidget(widget, 0, column)
        layout.addWidget(self._replace_label, 1, 0)
        layout.addWidget(self.replace_field, 1, 1)
        layout.addWidget(self._replace_one, 1, 2, 1, 2)
        layout.addWidget(self._replace_all, 1, 4, 1, 2)
        layout.setColumnStretch(1, 1)
        editor.document().contentsChanged.connect(self._on_document_changed)
        self._set_replace_visible(False)
        self.hide()

    # Opening and closing ---------------------------------------------------------------

    def open_find(self) -> None:
        """Show the bar (Ctrl+F) with the editor's selection as the search text."""
        self._set_replace_visible(False)
        self._open()

    def open_replace(self) -> None:
        """Show the bar with its replace row (Ctrl+H)."""
        self._set_replace_visible(True)
        self._open()

    def close_bar(self) -> None:
        self.hide()
        self._editor.setFocus(Qt.FocusReason.OtherFocusReason)

    def is_replacing(self) -> bool:
        return not self.replace_field.isHidden()

    def _open(self) -> None:
        selected = self._editor.textCursor().selectedText()
        if selected and "\u2029" not in selected:
            with QSignalBlocker(self.find_field):
                self.find_field.setText(selected)
        self.show()
        self.find_field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.find_field.selectAll()
        self._update_count()

    def _set_replace_visible(self, visible: bool) -> None:
        for widget in (
            self._replace_label,
            self.replace_field,
            self._replace_one,
            self._replace_all,
        ):
            widget.setVisible(visible)

    # Searching -------------------------------------------------------------------------

    def flags(self) -> Flag:
        flags = Flag(0)
        if self.match_case.isChecked():
            flags |= Flag.FindCaseSensitively
        if self.whole_words.isChecked():
            flags |= Flag.FindWholeWords
        return flags

    def matches(self) -> list[tuple[int, int]]:
        """(start, end) document positions of every match, in order."""
        needle = self.find_field.text()
        if not needle:
            return []
        document = self._editor.document()
        found: list[tuple[int, int]] = []
        position = 0
        while True:
            cursor = document.find(needle, position, self.flags())
            if cursor.isNull():
                return found
            found.append((cursor.selectionStart(), cursor.selectionEnd()))
            position = cursor.selectionEnd()

    def find_next(self) -> bool:
        return self._find(backward=False)

    def find_previous(self) -> bool:
        return self._find(backward=True)

    def _find(self, backward: bool) -> bool:
        spans = self.matches()
        if not spans:
            self._update_count(spans)
            return False
        cursor = self._editor.textCursor()
        if backward:
            before = [s for s in spans if s[0] < cursor.selectionStart()]
            start, end = before[-1] if before else spans[-1]  # wraps around
        else:
            after = [s for s in spans if s[0] >= cursor.selectionEnd()]
            start, end = after[0] if after else spans[0]
        self._select(start, end)
        self._update_count(spans)
        return True

    def _select(self, start: int, end: int) -> None:
        cursor = self._editor.textCursor()
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        self._editor.setTextCursor(cursor)
        self._editor.ensureCursorVisible()

    def _update_count(self, spans: list[tuple[int, int]] | None = None) -> None:
        if spans is None:
            spans = self.matches()
        if not self.find_field.text():
            self.count_label.clear()
            return
        if not spans:
            self.count_label.setText(self.tr("No matches"))
            return
        cursor = self._editor.textCursor()
        selected = (cursor.selectionStart(), cursor.selectionEnd())
        if selected in spans:
            self.count_label.setText(
                self.tr("{number} of {count}").format(
                    number=spans.index(selected) + 1, count=len(spans)
                )
            )
        elif len(spans) == 1:
            self.count_label.setText(self.tr("1 match"))
        else:
            self.count_label.setText(self.tr("{count} matches").format(count=len(spans)))

    # Replacing -------------------------------------------------------------------------

    def replace(self) -> bool:
        """Replace the selected match, then go to the next one; False when none is selected."""
        cursor = self._editor.textCursor()
        replaced = (cursor.selectionStart(), cursor.selectionEnd()) in self.matches()
        if replaced:
            cursor.insertText(self.replace_field.text())
            self._editor.setTextCursor(cursor)
        self.find_next()
        return replaced

    def replace_all(self) -> int:
        """Replace every match as one undo step; returns how many were replaced."""
        spans = self.matches()
        if not spans:
            return 0
        cursor = QTextCursor(self._editor.document())
        cursor.beginEditBlock()
        for start, end in reversed(spans):  # from the end, so earlier positions hold
            cursor.setPosition(start)
            cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            cursor.insertText(self.replace_field.text())
        cursor.endEditBlock()
        self.count_label.setText(self.tr("Replaced {count}").format(count=len(spans)))
        return len(spans)

    # Events ----------------------------------------------------------------------------

    def _toggle(self, text: str, tip: str) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        button.setCheckable(True)
        button.toggled.connect(self._on_option_toggled)
        return button

    def _button(self, text: str, tip: str, slot: Callable[[], object]) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        button.clicked.connect(slot)
        return button

    def _search_again(self) -> None:
        """Find from where the current match starts: the search itself changed."""
        cursor = self._editor.textCursor()
        cursor.setPosition(cursor.selectionStart())
        self._editor.setTextCursor(cursor)
        self.find_next()

    def _on_find_field_edited(self, _text: str) -> None:
        self._search_again()

    def _on_option_toggled(self, _checked: bool) -> None:
        if self.find_field.text():
            self._search_again()

    def _on_document_changed(self) -> None:
        if self.isVisible():
            self._update_count()

    def event(self, event: QEvent) -> bool:
        # Esc belongs to the bar while it has focus, not to a window shortcut (Stop).
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Escape
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.close_bar()
            return
        if event.key() == Qt.Key.Key_F3:
            self._find(backward=bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier))
            return
        super().keyPressEvent(event)
