"""The strip left of the source: line numbers, a mark on each line with a diagnostic, and the
debugger's breakpoints (a click on a line without a mark sets or clears one)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from PySide6.QtCore import QEvent, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QHelpEvent, QMouseEvent, QPainter, QPaintEvent, QTextBlock
from PySide6.QtWidgets import QToolTip, QWidget

from clstudio.ui.editor.editor_colors import EditorColors
from clstudio.ui.editor.severity_marks import paint_mark, worst
from clstudio.ui.editor.squiggles import PinnedDiagnostic

PADDING = 6

# (block, top, height) of each block on screen, in gutter coordinates.
VisibleBlocks = Callable[[], Iterator[tuple[QTextBlock, float, float]]]


class LineNumberGutter(QWidget):
    """Paints what the editor tells it; a click on a mark asks to go to the diagnostic."""

    markClicked = Signal(int, int)  # line, column
    breakpointToggled = Signal(int)  # the line clicked where it has no diagnostic's mark

    def __init__(
        self,
        parent: QWidget,
        visible_blocks: VisibleBlocks,
        current_line: Callable[[], int],
    ) -> None:
        super().__init__(parent)
        self.setObjectName("lineNumberGutter")
        self._visible_blocks = visible_blocks
        self._current_line = current_line
        self._pinned: list[PinnedDiagnostic] = []
        self._marks: dict[int, list[PinnedDiagnostic]] = {}
        self._colors: EditorColors | None = None
        self._line_count = 1
        self._breakpoints: frozenset[int] = frozenset()
        self._paused_line: int | None = None

    def set_colors(self, colors: EditorColors) -> None:
        self._colors = colors
        self.update()

    def set_marks(self, pinned: list[PinnedDiagnostic]) -> None:
        self._pinned = pinned
        self.refresh_marks()

    def refresh_marks(self) -> None:
        """Regroup the marks by line: edits may have moved them."""
        self._marks = {}
        for item in self._pinned:
            self._marks.setdefault(item.line, []).append(item)
        self.update()

    def set_breakpoints(self, lines: tuple[int, ...], paused_line: int | None) -> None:
        """Dots on the lines with a breakpoint; an arrow on the line the debugger paused at."""
        self._breakpoints = frozenset(lines)
        self._paused_line = paused_line
        self.update()

    def set_line_count(self, count: int) -> None:
        self._line_count = count

    def marks(self) -> dict[int, str]:
        """The worst severity marked on each 1-based line."""
        return {
            line: worst([i.diagnostic.severity for i in items])
            for line, items in self._marks.items()
        }

    def breakpoint_lines(self) -> tuple[int, ...]:
        """The lines painted with a breakpoint's dot."""
        return tuple(sorted(self._breakpoints))

    def paused_line(self) -> int | None:
        return self._paused_line

    def tooltip_for_line(self, line: int) -> str:
        return "\n".join(item.tooltip() for item in self._marks.get(line, []))

    def mark_size(self) -> int:
        return self.fontMetrics().height()

    def sizeHint(self) -> QSize:
        digits = len(str(max(1, self._line_count)))
        width = PADDING + self.mark_size() + 4 + self.fontMetrics().horizontalAdvance("9") * digits
        return QSize(width + PADDING, 0)

    def line_at(self, y: float) -> int | None:
        for block, top, height in self._visible_blocks():
            if top <= y < top + height:
                return block.blockNumber() + 1
        return None

    def paintEvent(self, event: QPaintEvent) -> None:
        colors = self._colors
        if colors is None:
            return
        painter = QPainter(self)
        painter.fillRect(event.rect(), QColor(colors.gutter_background))
        metrics = self.fontMetrics()
        number_right = self.width() - PADDING
        current = self._current_line()
        for block, top, height in self._visible_blocks():
            if top > event.rect().bottom():
                break
            if not block.isVisible():
                continue
            line = block.blockNumber() + 1
            font = painter.font()
            font.setBold(line == current)
            painter.setFont(font)
            painter.setPen(
                QColor(colors.gutter_current_text if line == current else colors.gutter_text)
            )
            line_height = min(height, metrics.height())
            painter.drawText(
                QRectF(0, top, number_right, line_height),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                str(line),
            )
            size = self.mark_size() * 0.8
            box = QRectF(PADDING, top + (line_height - size) / 2, size, size)
            if line in self._breakpoints:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(colors.breakpoint))
                painter.drawEllipse(box)
            if line == self._paused_line:
                painter.setPen(QColor(colors.gutter_current_text))
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, "▶")
            items = self._marks.get(line)
            if items:
                paint_mark(painter, box, worst([i.diagnostic.severity for i in items]), colors)
        painter.end()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            line = self.line_at(event.pos().y())
            text = self.tooltip_for_line(line) if line is not None else ""
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        line = self.line_at(event.position().y())
        items = self._marks.get(line or 0)
        if line is not None and event.button() == Qt.MouseButton.LeftButton:
            if items:
                self.markClicked.emit(line, items[0].diagnostic.column)
            else:
                self.breakpointToggled.emit(line)
            return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        event.accept()  # the press did the work; the gutter is no text to hand clicks on to
