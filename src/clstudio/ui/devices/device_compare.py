"""Compare mode: two devices' fields side by side, with the differences highlighted."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clstudio.devices import group_title
from clstudio.ui.devices.device_fields_view import field_tooltip, grouped
from clstudio.ui.tree_items import child_items, top_items

if TYPE_CHECKING:
    from clstudio.devices import DeviceInfo, DeviceInventory, InfoField

DIFFERENCE_COLOR = QColor(255, 176, 0, 80)  # reads as amber on light and dark palettes
NAME_ROLE = Qt.ItemDataRole.UserRole


@dataclass(frozen=True)
class FieldComparison:
    name: str
    label: str
    group: str
    first: InfoField | None
    second: InfoField | None

    @property
    def differs(self) -> bool:
        if self.first is None or self.second is None:
            return True
        return (self.first.available, self.first.raw) != (self.second.available, self.second.raw)


def compare_fields(first: DeviceInfo, second: DeviceInfo) -> list[FieldComparison]:
    """Every field either device reports, grouped as the explorer groups them."""
    by_name_first = {f.name: f for f in first.fields}
    by_name_second = {f.name: f for f in second.fields}
    union = list(first.fields) + [f for f in second.fields if f.name not in by_name_first]
    return [
        FieldComparison(
            f.name, f.shown_label, f.group, by_name_first.get(f.name), by_name_second.get(f.name)
        )
        for _group, members in grouped(union)
        for f in members
    ]


def device_title(device: DeviceInfo) -> str:
    """The device, its platform, and the remote machine it is on, if any."""
    where = f"{device.platform_name}, {device.machine}" if device.machine else device.platform_name
    return f"{device.name} ({where})"


class DeviceCompareDialog(QDialog):
    """Pick two devices, or the same model on two platforms, and see how they differ."""

    def __init__(
        self,
        inventory: DeviceInventory,
        first: DeviceInfo | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Compare devices"))
        self.resize(900, 640)
        self._devices = inventory.devices()
        self.first_combo = QComboBox()
        self.second_combo = QComboBox()
        for combo in (self.first_combo, self.second_combo):
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            for device in self._devices:
                combo.addItem(device_title(device))
        start = self._devices.index(first) if first in self._devices else 0
        self.first_combo.setCurrentIndex(start)
        self.second_combo.setCurrentIndex((start + 1) % max(1, len(self._devices)))

        self.only_differences = QCheckBox(self.tr("Show only the fields that differ"))
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.table = QTreeWidget()
        self.table.setColumnCount(3)
        self.table.setHeaderLabels([self.tr("Field"), self.tr("Device A"), self.tr("Device B")])
        self.table.setUniformRowHeights(True)
        header = self.table.header()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.resizeSection(0, 240)
        header.resizeSection(1, 300)
        header.setStretchLastSection(True)

        pickers = QFormLayout()
        pickers.addRow(self.tr("Device A"), self.first_combo)
        pickers.addRow(self.tr("Device B"), self.second_combo)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(pickers)
        layout.addWidget(self.only_differences)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)

        self.first_combo.currentIndexChanged.connect(self._on_choice_changed)
        self.second_combo.currentIndexChanged.connect(self._on_choice_changed)
        self.only_differences.toggled.connect(self._on_choice_changed)
        self._comparisons: list[FieldComparison] = []
        self._on_choice_changed()

    def choose(self, first: int, second: int) -> None:
        """Compare the devices at these positions of the inventory's device list."""
        self.first_combo.setCurrentIndex(first)
        self.second_combo.setCurrentIndex(second)

    def comparisons(self) -> list[FieldComparison]:
        return self._comparisons

    def item_for(self, name: str) -> QTreeWidgetItem | None:
        """The row showing field `name`, if it is shown."""
        for group in top_items(self.table):
            for child in child_items(group):
                if child.data(0, NAME_ROLE) == name:
                    return child
        return None

    def is_highlighted(self, name: str) -> bool:
        item = self.item_for(name)
        return item is not None and item.background(1).color() == DIFFERENCE_COLOR

    def _on_choice_changed(self) -> None:
        self.table.clear()
        if not self._devices:
            self.summary.setText(self.tr("There are no devices to compare."))
            self._comparisons = []
            return
        first = self._devices[self.first_combo.currentIndex()]
        second = self._devices[self.second_combo.currentIndex()]
        self.table.setHeaderLabels([self.tr("Field"), first.name, second.name])
        self._comparisons = compare_fields(first, second)
        differing = [c for c in self._comparisons if c.differs]
        self._fill(differing if self.only_differences.isChecked() else self._comparisons)
        if first is second:
            self.summary.setText(
                self.tr(
                    "Both sides show the same device. Pick another device for A or B; with one "
                    "driver installed, a second platform (another driver) adds more."
                )
            )
        elif not differing:
            self.summary.setText(
                self.tr("All {count} fields are the same.").format(count=len(self._comparisons))
            )
        else:
            self.summary.setText(
                self.tr("{differing} of {count} fields differ (highlighted).").format(
                    differing=len(differing), count=len(self._comparisons)
                )
            )

    def _fill(self, comparisons: list[FieldComparison]) -> None:
        groups: dict[str, QTreeWidgetItem] = {}
        brush = QBrush(DIFFERENCE_COLOR)
        not_reported = self.tr("not reported")
        for comparison in comparisons:
            group_item = groups.get(comparison.group)
            if group_item is None:
                group_item = QTreeWidgetItem(self.table, [group_title(comparison.group)])
                font = group_item.font(0)
                font.setBold(True)
                group_item.setFont(0, font)
                group_item.setFirstColumnSpanned(True)
                groups[comparison.group] = group_item
            texts = [
                comparison.label,
                comparison.first.shown_display if comparison.first else not_reported,
                comparison.second.shown_display if comparison.second else not_reported,
            ]
            item = QTreeWidgetItem(group_item, texts)
            item.setData(0, NAME_ROLE, comparison.name)
            for column, field in ((1, comparison.first), (2, comparison.second)):
                if field is not None:
                    item.setToolTip(column, field_tooltip(field))
            if comparison.differs:
                for column in range(3):
                    item.setBackground(column, brush)
                font = item.font(0)
                font.setBold(True)
                item.setFont(0, font)
        self.table.expandAll()
