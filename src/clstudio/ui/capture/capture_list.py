"""File > Open capture…: every launch a captured program made, from its capture.json,
with its call site, its time and whether it was captured (or why not). Choosing a
captured launch opens its session; the "whole program" line opens program.json."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clstudio.capture import CaptureIndex, LaunchEntry, reason_text
from clstudio.common.units import format_seconds

SESSION_ROLE = Qt.ItemDataRole.UserRole  # an item's session file, relative to the folder


class CaptureList(QDialog):
    """`sessionChosen(path)` when the user opens a launch's session or the program's."""

    sessionChosen = Signal(Path)

    def __init__(self, path: Path, index: CaptureIndex, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.folder = path.parent
        self.setWindowTitle(self.tr("Capture of {command}").format(command=" ".join(index.command)))
        self.summary = QLabel(self._summary(index))
        self.summary.setObjectName("captureSummary")
        self.summary.setWordWrap(True)
        self.launches = QTreeWidget()
        self.launches.setObjectName("captureLaunches")
        self.launches.setRootIsDecorated(False)
        self.launches.setAlternatingRowColors(True)
        self.launches.setHeaderLabels(
            [
                self.tr("#"),
                self.tr("Kernel"),
                self.tr("Call site"),
                self.tr("Time"),
                self.tr("Captured"),
            ]
        )
        if index.program is not None and index.program.session is not None:
            self._add_program(index)
        for entry in index.launches:
            self._add_launch(entry)
        header = self.launches.header()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.launches.itemActivated.connect(self._on_item_activated)
        self.launches.currentItemChanged.connect(self._on_current_changed)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.open_button = QPushButton(self.tr("Open session"))
        self.open_button.setObjectName("captureOpenSession")
        self.open_button.setEnabled(False)
        self.buttons.addButton(self.open_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.open_button.clicked.connect(lambda: self._open(self.launches.currentItem()))
        self.buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.launches, 1)
        layout.addWidget(self.buttons)
        self.resize(self.fontMetrics().horizontalAdvance("x" * 110), 480)

    def _summary(self, index: CaptureIndex) -> str:
        captured = sum(entry.captured for entry in index.launches)
        said = (
            self.tr("1 launch, {captured} captured. Open it to run, check, debug or measure it.")
            if len(index.launches) == 1
            else self.tr(
                "{count} launches, {captured} captured. Open one to run, check, debug or "
                "measure it."
            )
        )
        text = said.format(count=len(index.launches), captured=captured)
        if index.state == "running":
            text += " " + self.tr("The program had not ended when this list was written.")
        elif index.exit_status:
            text += " " + self.tr("The program ended with status {status}.").format(
                status=index.exit_status
            )
        if index.program is not None and index.program.detail:
            text += " " + self.tr("Whole program: {detail}").format(detail=index.program.detail)
        return text

    def _add_program(self, index: CaptureIndex) -> None:
        assert index.program is not None and index.program.session is not None
        numbers = index.program.launches
        span = f"{numbers[0]}–{numbers[-1]}" if len(numbers) > 1 else str(numbers[0])
        said = self.tr("the {count} captured launches, in order")
        whole = self.tr("Whole program")
        item = QTreeWidgetItem(["", whole, said.format(count=len(numbers)), "", span])
        item.setData(0, SESSION_ROLE, index.program.session)
        font = item.font(1)
        font.setBold(True)
        item.setFont(1, font)
        self.launches.addTopLevelItem(item)

    def _add_launch(self, entry: LaunchEntry) -> None:
        time = "" if entry.time_ns is None else format_seconds(entry.time_ns / 1e9)
        captured = self.tr("yes") if entry.captured else reason_text(entry)
        item = QTreeWidgetItem(
            [str(entry.number), entry.kernel, entry.call_site or "", time, captured]
        )
        item.setTextAlignment(0, Qt.AlignmentFlag.AlignRight)
        item.setTextAlignment(3, Qt.AlignmentFlag.AlignRight)
        if entry.session is not None:
            item.setData(0, SESSION_ROLE, entry.session)
        else:
            item.setToolTip(4, captured)
            for column in range(item.columnCount()):
                item.setForeground(column, self.palette().placeholderText())
        self.launches.addTopLevelItem(item)

    def rows(self) -> list[QTreeWidgetItem]:
        """The lines as the user sees them, the whole program's first."""
        items = (
            self.launches.topLevelItem(row) for row in range(self.launches.topLevelItemCount())
        )
        return [item for item in items if item is not None]

    def item_of_launch(self, number: int) -> QTreeWidgetItem | None:
        """The line of launch `number`."""
        return next((item for item in self.rows() if item.text(0) == str(number)), None)

    def _on_current_changed(self, item: QTreeWidgetItem | None) -> None:
        self.open_button.setEnabled(item is not None and item.data(0, SESSION_ROLE) is not None)

    def _on_item_activated(self, item: QTreeWidgetItem) -> None:
        self._open(item)

    def _open(self, item: QTreeWidgetItem | None) -> None:
        session = None if item is None else item.data(0, SESSION_ROLE)
        if session is not None:
            self.sessionChosen.emit(self.folder / str(session))
