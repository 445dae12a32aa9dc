"""The Runtime steps tab: the host program the run executed, one OpenCL C call per row."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clstudio.common import RunError, RunResult, format_seconds
from clstudio.ui.empty_state import EmptyState
from clstudio.ui.results.error_banner import error_text

COLUMNS = ("#", "C API call", "What it does", "Duration", "Detail")
ERROR_COLOUR = "#d9453b"


class StepsPanel(QWidget):
    """show_result(result) lists result.steps; a failed run ends with its error row."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.empty = EmptyState(
            "No steps yet",
            "Run a kernel (Ctrl+R) to see every OpenCL call the host program made, in order "
            "and with its time.",
        )
        self.summary = QLabel()
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("runtimeStepsTable")
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        for column in range(len(COLUMNS) - 1):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        content = QWidget()
        content_layout = QVBoxLayout(content)
        content_layout.setContentsMargins(6, 6, 6, 6)
        content_layout.addWidget(self.summary)
        content_layout.addWidget(self.table, 1)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.empty)
        self.stack.addWidget(content)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)

    def clear(self) -> None:
        """Back to the empty state: another session is shown."""
        self.stack.setCurrentIndex(0)

    def show_result(self, result: RunResult) -> None:
        self.stack.setCurrentIndex(1)
        monospace = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        rows = len(result.steps) + (1 if result.error is not None else 0)
        self.table.clearSpans()
        self.table.setRowCount(rows)
        for row, step in enumerate(result.steps):
            cells = (str(row + 1), step.api, step.title, format_seconds(step.seconds), step.detail)
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column == 1:
                    item.setFont(monospace)
                if column in (0, 3):
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                if column == 4:
                    item.setToolTip(text)
                self.table.setItem(row, column, item)
        total = sum(step.seconds for step in result.steps)
        plural = "" if len(result.steps) == 1 else "s"
        summary = f"{len(result.steps)} step{plural}, {format_seconds(total)} on the host in all"
        if result.error is not None:
            self._add_error_row(rows - 1, result.error)
            summary += f"; stopped at the {result.error.stage} stage"
        self.summary.setText(summary)
        self.table.resizeRowsToContents()

    def _add_error_row(self, row: int, error: RunError) -> None:
        brush = QBrush(QColor(ERROR_COLOUR))
        stage = QTableWidgetItem(f"stopped: {error.stage}")
        message = QTableWidgetItem(error_text(error))
        message.setToolTip(error.message)
        for column, item in ((1, stage), (2, message)):
            item.setForeground(brush)
            font = item.font()
            font.setBold(True)
            item.setFont(font)
            self.table.setItem(row, column, item)
        self.table.setItem(row, 0, QTableWidgetItem("!"))
        self.table.setSpan(row, 2, 1, len(COLUMNS) - 2)

    def row_texts(self, row: int) -> list[str]:
        """The texts of one row, as the user reads them (empty for a spanned cell)."""
        items = [self.table.item(row, column) for column in range(len(COLUMNS))]
        return ["" if item is None else item.text() for item in items]
