"""The Devices panel's tree: a row per platform with its devices under it, a greyed row for
what a driver could not give, and the mark on the device in use."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QBrush, QPalette
from PySide6.QtWidgets import QApplication, QStyle, QTreeWidget, QTreeWidgetItem

from clstudio.devices import DeviceInfo, DeviceInventory
from clstudio.devices.icd_entries import DriverProblem
from clstudio.remote import RemoteAddress
from clstudio.ui.devices.device_icons import device_type_icon, platform_icon
from clstudio.ui.devices.no_device import DEVICES_FIELD, platform_title
from clstudio.ui.tree_items import child_items, top_items

# Texts keep the translation context DevicePanel, where they were first written.
ITEM_ROLE = Qt.ItemDataRole.UserRole
DeviceKey = tuple[str, int, int]  # (machine, platform index, device index)


@dataclass(frozen=True)
class MachineRow:
    """A remote machine as the tree shows it: its devices once connected, else what is
    going on (set-up, listing) or what went wrong."""

    address: RemoteAddress
    inventory: DeviceInventory | None = None
    state: str = ""  # the step under way, or why it cannot be used
    connecting: bool = False
    lost: bool = False  # a run lost its connection; `state` says how

    @property
    def name(self) -> str:
        return self.address.name


def short_version(version: str) -> str:
    """`OpenCL 3.0 PoCL 6.0 Linux, ...` -> `OpenCL 3.0`; the full text goes in a tooltip."""
    match = re.match(r"\s*(OpenCL(?: C)? \d+\.\d+)", version)
    return match.group(1) if match else version


def fill_tree(
    tree: QTreeWidget, inventory: DeviceInventory, machines: tuple[MachineRow, ...] = ()
) -> None:
    """Every platform, its devices, and what could not be listed, in discovery's order;
    then each remote machine, its platforms and devices under its name."""
    tree.clear()
    _add_platforms(tree, tree, inventory)
    for machine in machines:
        item = QTreeWidgetItem(tree, [machine.name, _machine_state(machine)])
        item.setData(0, ITEM_ROLE, machine)
        item.setIcon(0, QApplication.style().standardIcon(QStyle.StandardPixmap.SP_DriveNetIcon))
        item.setToolTip(0, machine.state or machine.name)
        item.setToolTip(1, machine.state)
        if machine.inventory is not None:
            _add_platforms(tree, item, machine.inventory)
    tree.expandAll()


def _machine_state(machine: MachineRow) -> str:
    if machine.connecting:
        return QCoreApplication.translate("DevicePanel", "connecting…")
    if machine.lost:
        return QCoreApplication.translate("DevicePanel", "connection lost")
    if machine.inventory is None:
        return QCoreApplication.translate("DevicePanel", "not connected")
    return QCoreApplication.translate("DevicePanel", "remote")


def _add_platforms(
    tree: QTreeWidget, parent: QTreeWidget | QTreeWidgetItem, inventory: DeviceInventory
) -> None:
    for platform in inventory.platforms:
        platform_item = QTreeWidgetItem(
            parent, [platform_title(platform), short_version(platform.version)]
        )
        platform_item.setIcon(0, platform_icon())
        platform_item.setData(0, ITEM_ROLE, platform)
        platform_item.setToolTip(0, f"{platform_title(platform)}\n{platform.vendor}")
        platform_item.setToolTip(1, platform.version)
        for device in platform.devices:
            item = QTreeWidgetItem(platform_item, [device.name, short_version(device.version)])
            item.setIcon(0, device_type_icon(device.type))
            item.setData(0, ITEM_ROLE, device)
            item.setToolTip(1, device.version)
        refused = next((f for f in platform.fields if f.name == DEVICES_FIELD), None)
        if refused is not None and not refused.available:
            reason = refused.display.removeprefix("unavailable: ")
            problem = DriverProblem(
                platform_title(platform),
                "",
                QCoreApplication.translate("DevicePanel", "its devices: {reason}").format(
                    reason=reason
                ),
            )
            _unavailable_item(
                tree,
                platform_item,
                QCoreApplication.translate("DevicePanel", "Devices unavailable"),
                problem,
            )
    for driver in inventory.unavailable_drivers:
        _unavailable_item(tree, parent, Path(driver.icd_file).name, driver)


def _unavailable_item(
    tree: QTreeWidget, parent: QTreeWidget | QTreeWidgetItem, text: str, problem: DriverProblem
) -> QTreeWidgetItem:
    """A greyed row for what the driver could not give, its reason in the tooltip."""
    item = QTreeWidgetItem(parent, [text, QCoreApplication.translate("DevicePanel", "unavailable")])
    item.setData(0, ITEM_ROLE, problem)
    item.setIcon(0, platform_icon())
    grey = QBrush(tree.palette().color(QPalette.ColorRole.PlaceholderText))
    for column in (0, 1):
        item.setForeground(column, grey)
        item.setToolTip(column, problem.reason)
    font = item.font(0)
    font.setItalic(True)
    item.setFont(0, font)
    return item


def all_items(items: list[QTreeWidgetItem]) -> Iterator[QTreeWidgetItem]:
    """`items` and every row under them, depth first."""
    for item in items:
        yield item
        yield from all_items(child_items(item))


def device_items(tree: QTreeWidget) -> list[QTreeWidgetItem]:
    """The device rows, this machine's and remote ones (not the platforms, nor the
    machines, nor what is unavailable)."""
    return [
        item
        for item in all_items(top_items(tree))
        if isinstance(item.data(0, ITEM_ROLE), DeviceInfo)
    ]


def machine_item(tree: QTreeWidget, name: str) -> QTreeWidgetItem | None:
    """The row of the remote machine called `name`."""
    return next(
        (
            item
            for item in top_items(tree)
            if isinstance(item.data(0, ITEM_ROLE), MachineRow)
            and item.data(0, ITEM_ROLE).name == name
        ),
        None,
    )


def device_key(device: DeviceInfo) -> DeviceKey:
    return (device.machine, device.platform_index, device.index)


def item_for(tree: QTreeWidget, device: DeviceInfo) -> QTreeWidgetItem | None:
    key = device_key(device)
    return next((i for i in device_items(tree) if device_key(i.data(0, ITEM_ROLE)) == key), None)


def mark_active(tree: QTreeWidget, active: DeviceKey | None) -> None:
    """The device in use in bold with a tick; every device's tooltip says how to use it."""
    for item in device_items(tree):
        device = item.data(0, ITEM_ROLE)
        is_active = device_key(device) == active
        font = item.font(0)
        font.setBold(is_active)
        item.setFont(0, font)
        item.setText(0, f"✓ {device.name}" if is_active else device.name)
        use = (
            QCoreApplication.translate("DevicePanel", "In use for builds and runs")
            if is_active
            else QCoreApplication.translate("DevicePanel", "Double-click to use it")
        )
        item.setToolTip(0, f"{device.type}: {device.name}\n{use}")
