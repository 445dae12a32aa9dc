"""The Host code tab: the host program beside the list of its eleven steps.

Choosing a step highlights its lines; moving the cursor into a step's lines chooses it.
The panel only shows programs; HostCodeController decides what to show.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFontDatabase, QTextCharFormat, QTextCursor, QTextFormat
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from clstudio.common import gettext
from clstudio.hostcode import HOST_STEPS
from clstudio.ui.empty_state import EmptyStatePages

if TYPE_CHECKING:  # the program's writers come with the first build
    from clstudio.hostcode import HostProgram, StepRegion

LANGUAGE_NAMES = {"python": "Python (pyopencl)", "c": "C (OpenCL C API)"}


class HostCodePanel(QWidget):
    """set_program(program) shows it; show_unavailable(...) says why there is none."""

    languageChosen = Signal(str)  # "python" or "c"
    exportRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._program: HostProgram | None = None
        self._language_changed = False  # the next program is in the language just chosen
        self.language = QComboBox()
        self.language.setObjectName("hostCodeLanguage")
        for language, name in LANGUAGE_NAMES.items():
            self.language.addItem(name, language)
        self.language.setToolTip(self.tr("The language of the host program"))
        self.export_button = QPushButton(self.tr("Export…"))
        self.export_button.setToolTip(
            self.tr("Write this program, its kernel and its data to a folder")
        )
        self.where = QLabel()
        self.where.setObjectName("hostCodeWhere")
        self.steps = QListWidget()
        self.steps.setObjectName("hostCodeSteps")
        for step in HOST_STEPS:
            # The step names are the core's (hostcode.steps), as exported programs have them.
            item = QListWidgetItem(f"{step.number}. {gettext(step.title)}")
            item.setToolTip(f"C: {step.c_api}\npyopencl: {step.pyopencl}")
            self.steps.addItem(item)
        self.code = QPlainTextEdit()
        self.code.setObjectName("hostCodeText")
        self.code.setReadOnly(True)
        self.code.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.code.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.code.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))

        bar = QHBoxLayout()
        bar.addWidget(QLabel(self.tr("Language:")))
        bar.addWidget(self.language)
        bar.addWidget(self.where, 1)
        bar.addWidget(self.export_button)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.steps)
        splitter.addWidget(self.code)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([220, 800])
        content = QWidget()
        content_layout = QVBoxLayout(content)
        content_layout.setContentsMargins(6, 6, 6, 6)
        content_layout.addLayout(bar)
        content_layout.addWidget(splitter, 1)
        self.stack = EmptyStatePages(self, content, self.tr("No host code yet"))
        self.empty = self.stack.empty

        self.language.currentIndexChanged.connect(self._on_language_index_changed)
        self.export_button.clicked.connect(self.exportRequested)
        self.steps.currentRowChanged.connect(self._on_steps_row_changed)
        self.code.cursorPositionChanged.connect(self._on_code_cursor_moved)

    def chosen_language(self) -> str:
        return str(self.language.currentData())

    def program(self) -> HostProgram | None:
        return self._program

    def set_program(self, program: HostProgram) -> None:
        """Show `program`, keeping the chosen step and the scroll position."""
        unchanged = self._program is not None and self._program.text == program.text
        self._program = program
        self.stack.show_content()
        if not unchanged:
            scroll = self.code.verticalScrollBar().value()
            self.code.blockSignals(True)
            self.code.setPlainText(program.text)
            self.code.blockSignals(False)
            self.code.verticalScrollBar().setValue(scroll)
        # In the other language the chosen step's lines are elsewhere: go to them.
        moved, self._language_changed = self._language_changed, False
        self._show_step(self.steps.currentRow() + 1, move_cursor=moved)

    def show_unavailable(self, title: str, body: str) -> None:
        self._program = None
        self.empty.set_text(title, body)
        self.stack.show_empty()

    def select_step(self, number: int) -> None:
        """Choose step `number` (1 to 11), as clicking it in the list does."""
        self.steps.setCurrentRow(number - 1)

    def highlighted_lines(self) -> tuple[int, int] | None:
        """The 1-based first and last line shown as the chosen step."""
        lines = [s.cursor.blockNumber() + 1 for s in self.code.extraSelections()]
        return (min(lines), max(lines)) if lines else None

    def _on_language_index_changed(self, _index: int) -> None:
        self._language_changed = True
        self.languageChosen.emit(self.chosen_language())

    def _on_steps_row_changed(self, row: int) -> None:
        self._show_step(row + 1, move_cursor=True)

    def _on_code_cursor_moved(self) -> None:
        if self._program is None:
            return
        region = self._program.region_at(self.code.textCursor().blockNumber() + 1)
        if region is None:
            return
        self.steps.blockSignals(True)
        self.steps.setCurrentRow(region.number - 1)
        self.steps.blockSignals(False)
        self._show_step(region.number, move_cursor=False)

    def _region(self, number: int) -> StepRegion | None:
        if self._program is None:
            return None
        return next((r for r in self._program.regions if r.number == number), None)

    def _show_step(self, number: int, move_cursor: bool) -> None:
        region = self._region(number)
        if region is None:
            self.code.setExtraSelections([])
            self.where.setText(self.tr("Choose a step to see its lines"))
            return
        document = self.code.document()
        band = _step_format(self.palette().highlight().color())
        selections = []
        for line in range(region.first_line, region.last_line + 1):
            # One full-width band per line, as editors mark the current line.
            selection = QTextEdit.ExtraSelection()
            selection.cursor = QTextCursor(document.findBlockByNumber(line - 1))
            selection.format = band
            selections.append(selection)
        self.code.setExtraSelections(selections)
        self.where.setText(
            self.tr("Step {number}: {title}, lines {first}–{last}").format(
                number=region.number,
                title=gettext(region.title),
                first=region.first_line,
                last=region.last_line,
            )
        )
        if move_cursor:
            self.code.blockSignals(True)
            self.code.setTextCursor(QTextCursor(document.findBlockByNumber(region.last_line - 1)))
            self.code.centerCursor()
            start = QTextCursor(document.findBlockByNumber(region.first_line - 1))
            self.code.setTextCursor(start)
            self.code.ensureCursorVisible()
            self.code.blockSignals(False)


def _step_format(highlight: QColor) -> QTextCharFormat:
    """A full-width band in the palette's highlight colour, light enough to read through."""
    band = QColor(highlight)
    band.setAlpha(60)
    text_format = QTextCharFormat()
    text_format.setBackground(band)
    text_format.setProperty(QTextFormat.Property.FullWidthSelection, True)
    return text_format
