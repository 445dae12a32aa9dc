"""Diagnostics pinned to the text they are about, so that they move as the user types.

Each diagnostic holds QTextCursors into the document: Qt shifts them with every edit, so a
marker stays on its line and a squiggle on its token until the next build replaces them.
"""

from __future__ import annotations

from PySide6.QtGui import QTextCharFormat, QTextCursor, QTextDocument
from PySide6.QtWidgets import QTextEdit

from clstudio.common import Diagnostic
from clstudio.ui.editor.editor_colors import EditorColors
from clstudio.ui.editor.severity_marks import severity_word
from clstudio.ui.editor.text_positions import char_index, index_to_utf16, line_span, token_span


class PinnedDiagnostic:
    """A diagnostic with a cursor on its line and, when it has a token, a selection on it."""

    def __init__(self, diagnostic: Diagnostic, line: QTextCursor, span: QTextCursor | None):
        self.diagnostic = diagnostic
        self._line = line
        self.span = span

    @property
    def line(self) -> int:
        """The 1-based line it is on now."""
        return self._line.blockNumber() + 1

    def covers(self, position: int) -> bool:
        span = self.span
        return span is not None and span.selectionStart() <= position < span.selectionEnd()

    def tooltip(self) -> str:
        return f"{severity_word(self.diagnostic.severity)}: {self.diagnostic.message}"


def pin(document: QTextDocument, diagnostics: tuple[Diagnostic, ...]) -> list[PinnedDiagnostic]:
    """Pin the diagnostics that name a line of this document; the others are left out."""
    pinned = []
    for diagnostic in diagnostics:
        if not 1 <= diagnostic.line <= document.blockCount():
            continue
        block = document.findBlockByNumber(diagnostic.line - 1)
        text = block.text()
        if diagnostic.column > 0:
            chars = token_span(text, char_index(text, diagnostic.column))
        else:
            chars = line_span(text)
        span = None
        if chars is not None:
            span = QTextCursor(document)
            span.setPosition(block.position() + index_to_utf16(text, chars[0]))
            span.setPosition(
                block.position() + index_to_utf16(text, chars[1]), QTextCursor.MoveMode.KeepAnchor
            )
        line = QTextCursor(block)
        pinned.append(PinnedDiagnostic(diagnostic, line, span))
    return pinned


def squiggle_selections(
    pinned: list[PinnedDiagnostic], colors: EditorColors
) -> list[QTextEdit.ExtraSelection]:
    """A wavy underline in the severity's colour under each pinned token."""
    selections = []
    for item in pinned:
        if item.span is None or not item.span.hasSelection():
            continue
        fmt = QTextCharFormat()
        fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SpellCheckUnderline)
        fmt.setUnderlineColor(colors.severity(item.diagnostic.severity))
        fmt.setToolTip(item.tooltip())
        selection = QTextEdit.ExtraSelection()
        selection.cursor = item.span
        selection.format = fmt
        selections.append(selection)
    return selections
