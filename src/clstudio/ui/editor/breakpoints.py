"""Breakpoints on lines of the source, which stay on their line as the text around is edited.

Each is a cursor at the start of its line's block: Qt moves cursors with every edit, so
a breakpoint follows its line when lines are added or removed above it, and two that
meet when the lines between them are deleted become one.
"""

from __future__ import annotations

from PySide6.QtGui import QTextCursor, QTextDocument


class BreakpointLines:
    """The breakpoints of one document, by 1-based line."""

    def __init__(self, document: QTextDocument) -> None:
        self._document = document
        self._anchors: list[QTextCursor] = []

    def lines(self) -> tuple[int, ...]:
        return tuple(sorted({anchor.blockNumber() + 1 for anchor in self._anchors}))

    def set_lines(self, lines: tuple[int, ...]) -> None:
        count = self._document.blockCount()
        self._anchors = [self._anchor(line) for line in sorted(set(lines)) if 1 <= line <= count]

    def toggle(self, line: int) -> None:
        """Add a breakpoint on `line`, or remove the one there."""
        if line in self.lines():
            self._anchors = [a for a in self._anchors if a.blockNumber() + 1 != line]
        elif 1 <= line <= self._document.blockCount():
            self._anchors.append(self._anchor(line))

    def clear(self) -> None:
        self._anchors = []

    def _anchor(self, line: int) -> QTextCursor:
        return QTextCursor(self._document.findBlockByNumber(line - 1))
