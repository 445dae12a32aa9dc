"""One listing, IR or assembly: its rows tied to source lines, highlighted on request.

A click on a row asks the editor to go to its source line (`sourceLineRequested`);
`show_source_line` marks the rows of a line the editor is on. Hovering an instruction
shows what it does, in the user's language.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, Signal
from PySide6.QtGui import QColor, QFont, QHelpEvent, QMouseEvent, QTextCursor, QTextFormat
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QToolTip, QWidget

from clstudio.compiler import Listing, instruction_note
from clstudio.ui.compiler.listing_highlighter import ListingHighlighter
from clstudio.ui.editor.editor_colors import colors_for

_MARKED = QColor(255, 213, 79, 110)  # the rows of the chosen source line


class ListingView(QPlainTextEdit):
    """A read-only listing; it shows a Listing and never changes it."""

    sourceLineRequested = Signal(int)  # the learner's line of the clicked row

    def __init__(self, language: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._language = language
        self._listing: Listing | None = None
        self._marked: tuple[int, ...] = ()
        self.setReadOnly(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        font = QFont("monospace")
        font.setStyleHint(QFont.StyleHint.TypeWriter)
        self.setFont(font)
        self._highlighter = ListingHighlighter(
            self.document(), language, colors_for(self.palette())
        )
        self.viewport().installEventFilter(self)

    @property
    def listing(self) -> Listing | None:
        return self._listing

    @property
    def marked_rows(self) -> tuple[int, ...]:
        """The rows (0-based) marked for the source line shown last."""
        return self._marked

    def set_listing(self, listing: Listing | None) -> None:
        self._listing = listing
        self._marked = ()
        rows = listing.lines if listing else ()
        # The source line leads each row, in the highlighter's GUTTER columns.
        self.setPlainText("\n".join(f"{row.line or '':>4}  {row.text}" for row in rows))
        self.setExtraSelections([])

    def show_source_line(self, line: int) -> None:
        """Mark the rows that came from source `line` and scroll to the first of them."""
        self._marked = self._listing.rows_for(line) if self._listing else ()
        selections = []
        for row in self._marked:
            selection = QTextEdit.ExtraSelection()
            selection.format.setBackground(_MARKED)
            selection.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
            selection.cursor = QTextCursor(self.document().findBlockByNumber(row))
            selections.append(selection)
        self.setExtraSelections(selections)
        if self._marked:
            block = self.document().findBlockByNumber(self._marked[0])
            self.setTextCursor(QTextCursor(block))
            self.centerCursor()

    def row_at(self, position: QPoint) -> int:
        """The row under a point of the viewport."""
        return self.cursorForPosition(position).blockNumber()

    def note_at(self, position: QPoint) -> str:
        """What the instruction under a point does; "" where there is none or no note."""
        listing = self._listing
        row = self.row_at(position)
        if listing is None or not 0 <= row < len(listing.lines):
            return ""
        mnemonic = listing.lines[row].mnemonic
        note = instruction_note(mnemonic, self._language) if mnemonic else ""
        return f"{mnemonic}: {note}" if note else ""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.viewport():
            if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
                note = self.note_at(event.pos())
                if note:
                    QToolTip.showText(event.globalPos(), note, self)
                else:
                    QToolTip.hideText()
                return True
            if (
                event.type() == QEvent.Type.MouseButtonRelease
                and isinstance(event, QMouseEvent)
                and event.button() == Qt.MouseButton.LeftButton
            ):
                self._on_viewport_clicked(event.position().toPoint())
        return super().eventFilter(watched, event)

    def _on_viewport_clicked(self, position: QPoint) -> None:
        listing = self._listing
        row = self.row_at(position)
        if listing is not None and 0 <= row < len(listing.lines) and listing.lines[row].line:
            self.sourceLineRequested.emit(listing.lines[row].line)
