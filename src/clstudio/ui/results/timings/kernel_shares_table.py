"""The Timings tab's table of a program's kernels: each one's launches and share."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from clstudio.common import format_seconds
from clstudio.reporting import KernelShare
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

COLUMNS = (
    QT_TRANSLATE_NOOP("KernelSharesTable", "Kernel"),
    QT_TRANSLATE_NOOP("KernelSharesTable", "Launches"),
    QT_TRANSLATE_NOOP("KernelSharesTable", "Median"),
    QT_TRANSLATE_NOOP("KernelSharesTable", "Total"),
    QT_TRANSLATE_NOOP("KernelSharesTable", "Share"),
)

MEDIAN = 2


class KernelSharesTable(QTableWidget):
    """show_shares(shares) after a program's run; hidden for a run of one launch."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setObjectName("kernelSharesTable")
        self.setHorizontalHeaderLabels([self.tr(column) for column in COLUMNS])
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.verticalHeader().hide()
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.setToolTip(
            self.tr(
                "Each kernel of the program over all its launches, iterations and repeats, "
                "and its share of the device time of every kernel launched"
            )
        )
        self.hide()

    def show_shares(self, shares: Sequence[KernelShare]) -> None:
        self.setRowCount(len(shares))
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        for row, share in enumerate(shares):
            texts = (
                share.kernel,
                str(share.launches),
                format_seconds(share.stats.median_s),
                format_seconds(share.total_ns * 1e-9),
                f"{share.share:.0%}",
            )
            spread = self.tr("min {min}, max {max}, standard deviation {std}").format(
                min=format_seconds(share.stats.min_s),
                max=format_seconds(share.stats.max_s),
                std=format_seconds(share.stats.std_s),
            )
            for column, text in enumerate(texts):
                item = QTableWidgetItem(text)
                if column:
                    item.setTextAlignment(right)
                if column == MEDIAN:
                    item.setToolTip(spread)  # the pane is narrow: the spread on demand
                self.setItem(row, column, item)
        self.setVisible(bool(shares))
        if shares:  # as tall as its rows, so the throughput box sits right under it
            # Measured by size hints: a table not shown yet has rows and header of height 0.
            rows = self.rowCount() * self.verticalHeader().defaultSectionSize()
            header = self.horizontalHeader().sizeHint().height()
            scroll = self.horizontalScrollBar().sizeHint().height()
            self.setFixedHeight(rows + header + scroll + 2 * self.frameWidth())

    def rows(self) -> list[list[str]]:
        """The table as the user reads it, one row per kernel."""
        return [
            [item.text() if (item := self.item(row, c)) else "" for c in range(self.columnCount())]
            for row in range(self.rowCount())
        ]
