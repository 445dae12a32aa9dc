"""The kernel source editor: numbered lines, OpenCL colours, indentation that follows braces,
bracket pairs, and squiggles with gutter marks where the compiler found a problem."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from PySide6.QtCore import QEvent, QRect, QSignalBlocker, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QHelpEvent,
    QKeyEvent,
    QResizeEvent,
    QTextBlock,
    QTextCursor,
    QTextFormat,
    QWheelEvent,
)
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QToolTip, QWidget

from clstudio.common import Diagnostic
from clstudio.ui.editor import brackets, indentation
from clstudio.ui.editor.breakpoints import BreakpointLines
from clstudio.ui.editor.editor_colors import EditorColors, colors_for
from clstudio.ui.editor.gutter import LineNumberGutter
from clstudio.ui.editor.highlighter import OpenCLHighlighter
from clstudio.ui.editor.severity_marks import severity_word
from clstudio.ui.editor.squiggles import PinnedDiagnostic, pin, squiggle_selections
from clstudio.ui.editor.text_positions import char_index, index_to_utf16, utf16_to_index

BASE_POINT_SIZE = 11
MIN_POINT_SIZE = 6
MAX_POINT_SIZE = 40
Key = Qt.Key
Move = QTextCursor.MoveOperation
Anchor = QTextCursor.MoveMode.KeepAnchor


class CodeEditor(QPlainTextEdit):
    """Edits OpenCL C; `set_diagnostics` shows a build's messages where they belong."""

    sourceEdited = Signal(str)
    zoomChanged = Signal(int)  # by the user, with Ctrl+wheel
    breakpointsChanged = Signal(object)  # the lines with a breakpoint, by a click or F9

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("codeEditor")
        # A long line wraps at the editor's edge, under its own number: at 1280 x 800 the
        # gallery's comments were cut off there.
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setPlaceholderText(self.tr("OpenCL C source of the kernel"))
        self._colors = colors_for(self.palette())
        self.highlighter = OpenCLHighlighter(self.document(), self._colors)
        self.gutter = LineNumberGutter(self, self._visible_blocks, self.current_line)
        self.gutter.markClicked.connect(self.go_to)
        self.gutter.breakpointToggled.connect(self.toggle_breakpoint)
        self._breakpoints = BreakpointLines(self.document())
        self._paused_line: int | None = None
        self._pinned: list[PinnedDiagnostic] = []
        self._code_cache: tuple[int, str] = (-1, "")
        self._zoom = 0
        self.set_zoom(0)
        self.blockCountChanged.connect(self._on_block_count_changed)
        self.updateRequest.connect(self._on_update_request)
        self.cursorPositionChanged.connect(self._refresh_selections)
        self.textChanged.connect(self._on_text_changed)
        self._apply_colors(self._colors)

    # Showing state -------------------------------------------------------------------

    def set_source(self, text: str) -> None:
        """Show `text` as a fresh document: no undo history, no diagnostics, no edit signal."""
        with QSignalBlocker(self):
            self.setPlainText(text)
        self._pinned = []
        self.gutter.set_marks([])
        self._breakpoints.clear()
        self._paused_line = None
        self._on_block_count_changed(self.blockCount())
        self._refresh_selections()
        self.undoAvailable.emit(False)
        self.redoAvailable.emit(False)

    def source(self) -> str:
        return self.toPlainText()

    def set_diagnostics(self, diagnostics: Sequence[Diagnostic]) -> None:
        """Squiggle and mark each diagnostic that names a line of the current text."""
        self._pinned = pin(self.document(), tuple(diagnostics))
        self.gutter.set_marks(self._pinned)
        self._refresh_selections()

    def diagnostic_at(self, position: int) -> Diagnostic | None:
        """The diagnostic squiggled under a document position, if any."""
        for item in self._pinned:
            if item.covers(position) or item.covers(position - 1):
                return item.diagnostic
        return None

    def go_to(self, line: int, column: int = 0) -> None:
        """Put the cursor at a compiler's line and byte column (0: the line's first word)."""
        document = self.document()
        block = document.findBlockByNumber(max(0, min(line, document.blockCount()) - 1))
        text = block.text()
        first_word = len(text) - len(text.lstrip())
        index = char_index(text, column) if column > 0 else first_word
        cursor = QTextCursor(block)
        cursor.setPosition(block.position() + index_to_utf16(text, index))
        self.setTextCursor(cursor)
        self.centerCursor()
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def breakpoints(self) -> tuple[int, ...]:
        """The lines with a breakpoint, in order."""
        return self._breakpoints.lines()

    def set_breakpoints(self, lines: tuple[int, ...]) -> None:
        self._breakpoints.set_lines(lines)
        self._refresh_selections()

    def toggle_breakpoint(self, line: int) -> None:
        """The user's click in the gutter, or F9 on the line: a breakpoint set or cleared."""
        self._breakpoints.toggle(line)
        self._refresh_selections()
        self.breakpointsChanged.emit(self._breakpoints.lines())

    def set_paused_line(self, line: int | None) -> None:
        """Mark the line where the debugger has paused the work-item (None: not paused)."""
        self._paused_line = line
        self._refresh_selections()

    def paused_line(self) -> int | None:
        return self._paused_line

    def current_line(self) -> int:
        return self.textCursor().blockNumber() + 1

    @property
    def colors(self) -> EditorColors:
        return self._colors

    def visible_lines(self) -> int:
        """How many lines of text the editor shows at once, at its height and zoom."""
        return max(0, self.viewport().height() - 2 * self._margin()) // self._line_height()

    def spare_height(self, lines: int) -> int:
        """Pixels the editor could give up and still show `lines` lines; below 0, the
        pixels it lacks for them. The window's layout keeps this from going negative."""
        return self.viewport().height() - 2 * self._margin() - lines * self._line_height()

    def _line_height(self) -> int:
        return max(1, self.fontMetrics().lineSpacing())

    def _margin(self) -> int:
        return int(self.document().documentMargin())

    # Zoom ------------------------------------------------------------------------------

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
        self.gutter.setFont(font)
        self.setTabStopDistance(
            indentation.INDENT_WIDTH * self.fontMetrics().horizontalAdvance(" ")
        )
        self._on_block_count_changed(self.blockCount())

    def zoom_in(self) -> None:
        self.set_zoom(self._zoom + 1)

    def zoom_out(self) -> None:
        self.set_zoom(self._zoom - 1)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            steps = 1 if event.angleDelta().y() > 0 else -1 if event.angleDelta().y() < 0 else 0
            if steps:
                self.set_zoom(self._zoom + steps)
                self.zoomChanged.emit(self._zoom)
            event.accept()
            return
        super().wheelEvent(event)

    # Typing ----------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.isReadOnly() and self._handle_key(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def _handle_key(self, event: QKeyEvent) -> bool:
        key, modifiers = event.key(), event.modifiers()
        if key == Key.Key_F9 and not modifiers:
            self.toggle_breakpoint(self.current_line())
            return True
        # Shift+Enter too: Qt would otherwise insert a Unicode line separator.
        plain = not modifiers & ~(
            Qt.KeyboardModifier.KeypadModifier | Qt.KeyboardModifier.ShiftModifier
        )
        if key == Key.Key_Backtab:
            self._indent_lines(deeper=False)
            return True
        if key == Key.Key_Tab and plain:
            return self._on_tab()
        if key in (Key.Key_Return, Key.Key_Enter) and plain:
            self._on_enter()
            return True
        if event.text() == "}" and not self.textCursor().hasSelection():
            return self._on_closing_brace()
        if key == Key.Key_Backspace and plain and not self.textCursor().hasSelection():
            return self._on_backspace()
        return False

    def _line_halves(self) -> tuple[str, str]:
        cursor = self.textCursor()
        text = cursor.block().text()
        split = utf16_to_index(text, cursor.positionInBlock())
        return text[:split], text[split:]

    def _on_tab(self) -> bool:
        cursor = self.textCursor()
        if cursor.hasSelection():
            start = self.document().findBlock(cursor.selectionStart())
            end = self.document().findBlock(cursor.selectionEnd())
            if start != end:
                self._indent_lines(deeper=True)
                return True
        before, _ = self._line_halves()
        cursor.insertText(indentation.spaces_to_tab_stop(len(before)))
        return True

    def _on_enter(self) -> None:
        before, after = self._line_halves()
        inner, closing = indentation.newline_indents(before, after)
        cursor = self.textCursor()
        cursor.beginEditBlock()
        cursor.removeSelectedText()
        # Blanks after the cursor would otherwise start the new line before its indent.
        spaces = len(after) - len(after.lstrip(" \t"))
        cursor.movePosition(Move.Right, Anchor, spaces)
        cursor.insertText("\n" + inner)
        if closing is not None:
            resume = cursor.position()
            cursor.insertText("\n" + closing)
            cursor.setPosition(resume)
        cursor.endEditBlock()
        self.setTextCursor(cursor)
        self.ensureCursorVisible()

    def _on_closing_brace(self) -> bool:
        before, _ = self._line_halves()
        if before.strip():
            return False
        cursor = self.textCursor()
        cursor.beginEditBlock()
        cursor.movePosition(Move.StartOfBlock, Anchor)
        cursor.insertText(indentation.dedented(before) + "}")
        cursor.endEditBlock()
        self.setTextCursor(cursor)
        return True

    def _on_backspace(self) -> bool:
        before, _ = self._line_halves()
        if not before or before.strip(" "):
            return False
        cursor = self.textCursor()
        cursor.movePosition(Move.Left, Anchor, len(before) - len(indentation.dedented(before)))
        cursor.removeSelectedText()
        self.setTextCursor(cursor)
        return True

    def _indent_lines(self, deeper: bool) -> None:
        cursor = self.textCursor()
        document = self.document()
        first = document.findBlock(cursor.selectionStart())
        last = document.findBlock(max(cursor.selectionStart(), cursor.selectionEnd() - 1))
        if cursor.hasSelection() and last.position() == cursor.selectionEnd():
            last = last.previous()
        edit = QTextCursor(document)
        edit.beginEditBlock()
        block = first
        while block.isValid():
            text = block.text()
            changed = indentation.INDENT + text if deeper else indentation.unindented(text)
            if changed != text:
                edit.setPosition(block.position())
                edit.movePosition(Move.EndOfBlock, Anchor)
                edit.insertText(changed)
            if block == last:
                break
            block = block.next()
        edit.endEditBlock()

    # Painting --------------------------------------------------------------------------

    def _visible_blocks(self) -> Iterator[tuple[QTextBlock, float, float]]:
        block = self.firstVisibleBlock()
        top = self.blockBoundingGeometry(block).translated(self.contentOffset()).top()
        bottom_edge = self.viewport().height()
        while block.isValid() and top <= bottom_edge:
            height = self.blockBoundingRect(block).height()
            yield block, top, height
            top += height
            block = block.next()

    def _on_block_count_changed(self, count: int) -> None:
        self.gutter.set_line_count(count)
        self.setViewportMargins(self.gutter.sizeHint().width(), 0, 0, 0)
        self._place_gutter()

    def _on_update_request(self, rect: QRect, dy: int) -> None:
        if dy:
            self.gutter.scroll(0, dy)
        else:
            self.gutter.update(0, rect.y(), self.gutter.width(), rect.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_gutter()

    def _place_gutter(self) -> None:
        area = self.contentsRect()
        width = self.gutter.sizeHint().width()
        self.gutter.setGeometry(area.left(), area.top(), width, area.height())

    def _on_text_changed(self) -> None:
        self.gutter.refresh_marks()
        self.sourceEdited.emit(self.toPlainText())

    def _refresh_selections(self) -> None:
        current = QTextEdit.ExtraSelection()
        current.format.setBackground(QColor(self._colors.current_line))
        current.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        current.cursor = self.textCursor()
        current.cursor.clearSelection()
        selections = [current, *self._paused_selections(), *self._bracket_selections()]
        selections += squiggle_selections(self._pinned, self._colors)
        self.setExtraSelections(selections)
        self.gutter.set_breakpoints(self._breakpoints.lines(), self._paused_line)

    def _paused_selections(self) -> list[QTextEdit.ExtraSelection]:
        line = self._paused_line
        if line is None or not 1 <= line <= self.blockCount():
            return []
        paused = QTextEdit.ExtraSelection()
        paused.format.setBackground(QColor(self._colors.paused_line))
        paused.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        paused.cursor = QTextCursor(self.document().findBlockByNumber(line - 1))
        return [paused]

    def _bracket_selections(self) -> list[QTextEdit.ExtraSelection]:
        revision = self.document().revision()
        if self._code_cache[0] != revision:
            self._code_cache = (revision, brackets.code_only(self.toPlainText()))
        code = self._code_cache[1]
        cursor_index = utf16_to_index(code, self.textCursor().position())
        index = brackets.bracket_at(code, cursor_index)
        if index is None:
            return []
        mate = brackets.partner(code, index)
        color = self._colors.bracket_match if mate is not None else self._colors.bracket_mismatch
        selections = []
        for where in (index, mate):
            if where is None:
                continue
            selection = QTextEdit.ExtraSelection()
            selection.format.setBackground(QColor(color))
            selection.cursor = QTextCursor(self.document())
            selection.cursor.setPosition(index_to_utf16(code, where))
            selection.cursor.movePosition(Move.Right, Anchor)
            selections.append(selection)
        return selections

    # Theme and tooltips ----------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._apply_colors(colors_for(self.palette()))

    def _apply_colors(self, colors: EditorColors) -> None:
        self._colors = colors
        self.highlighter.set_colors(colors)
        self.gutter.set_colors(colors)
        self._refresh_selections()

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            position = self.cursorForPosition(event.pos()).position()
            diagnostic = self.diagnostic_at(position)
            if diagnostic is not None:
                text = f"{severity_word(diagnostic.severity)}: {diagnostic.message}"
                QToolTip.showText(event.globalPos(), text, self.viewport())
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)
