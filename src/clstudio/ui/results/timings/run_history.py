"""Earlier runs, newest first, with a checkbox each to overlay their kernel times."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QWidget,
)

from clstudio.common import format_seconds
from clstudio.ui.layouts import hbox, vbox
from clstudio.ui.results.plot_colours import series_colour

MAX_RUNS = 50
_ENTRY = Qt.ItemDataRole.UserRole
_TOUCHED = Qt.ItemDataRole.UserRole + 1  # the user set this checkbox: leave it alone


@dataclass(frozen=True)
class HistoryEntry:
    """What the overlay needs of one run; its arrays are not kept."""

    number: int
    when: str  # "14:03:27"
    kernel: str
    device: str
    global_size: tuple[int, ...]
    times_ns: tuple[int, ...]

    @property
    def colour(self) -> str:
        return series_colour(self.number - 1)

    @property
    def label(self) -> str:
        """Short, for the plot legend."""
        return f"#{self.number} {self.kernel} ({self.when})"

    @property
    def description(self) -> str:
        """Two lines for the list: run, time, kernel and median; then size and device."""
        size = " × ".join(map(str, self.global_size)) or "?"
        times = sorted(self.times_ns)
        median = (
            format_seconds(times[len(times) // 2] * 1e-9)
            if times
            else QCoreApplication.translate("RunHistory", "no kernel time")
        )
        return QCoreApplication.translate(
            "RunHistory", "#{number}  {kernel}  median {median}\n{when} · [{size}] on {device}"
        ).format(
            number=self.number,
            kernel=self.kernel,
            median=median,
            when=self.when,
            size=size,
            device=self.device,
        )


def _swatch(colour: str) -> QIcon:
    pixmap = QPixmap(12, 12)
    pixmap.fill(QColor(colour))
    return QIcon(pixmap)


class RunHistory(QWidget):
    """A new run arrives checked; the run it replaces is unchecked unless the user chose it."""

    checkedRunsChanged = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._next_number = 1
        self._list = QListWidget()
        self._list.setObjectName("runHistoryList")
        self._list.setToolTip(self.tr("Tick two or more runs to overlay their kernel times."))
        self._list.setWordWrap(True)
        self._list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._list.itemChanged.connect(self._on_list_item_changed)
        self.clear_button = QPushButton(self.tr("Clear"))
        self.clear_button.setToolTip(self.tr("Forget every run in the history"))
        self.clear_button.setEnabled(False)
        self.clear_button.clicked.connect(self.clear)
        title = QLabel(self.tr("Run history: tick runs to compare"))
        title.setWordWrap(True)
        header = hbox((title, 1), self.clear_button)
        vbox(header, (self._list, 1), parent=self, margins=0)

    def next_number(self) -> int:
        return self._next_number

    def add(self, entry: HistoryEntry) -> None:
        """Show `entry` at the top, checked, and keep at most MAX_RUNS runs."""
        self._next_number = max(self._next_number, entry.number + 1)
        with QSignalBlocker(self._list):
            if self._list.count():
                newest = self._list.item(0)
                if not newest.data(_TOUCHED):
                    newest.setCheckState(Qt.CheckState.Unchecked)
            item = QListWidgetItem(_swatch(entry.colour), entry.description)
            item.setToolTip(entry.description)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            item.setData(_ENTRY, entry)
            item.setData(_TOUCHED, False)
            self._list.insertItem(0, item)
            while self._list.count() > MAX_RUNS:
                self._list.takeItem(self._list.count() - 1)
        self.clear_button.setEnabled(True)
        self.checkedRunsChanged.emit()

    def entries(self) -> list[HistoryEntry]:
        """Every run kept, newest first."""
        return [self._list.item(row).data(_ENTRY) for row in range(self._list.count())]

    def checked_entries(self) -> list[HistoryEntry]:
        """Ticked runs, oldest first, as the overlay draws them."""
        items = (self._list.item(row) for row in reversed(range(self._list.count())))
        return [item.data(_ENTRY) for item in items if item.checkState() == Qt.CheckState.Checked]

    def clear(self) -> None:
        with QSignalBlocker(self._list):
            self._list.clear()
        self.clear_button.setEnabled(False)
        self.checkedRunsChanged.emit()

    def list_widget(self) -> QListWidget:
        return self._list

    def _on_list_item_changed(self, item: QListWidgetItem) -> None:
        with QSignalBlocker(self._list):
            item.setData(_TOUCHED, True)
        self.checkedRunsChanged.emit()
