"""The device explorer: platforms and devices, their fields, pictures, and the choice of one."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clstudio.devices import DeviceInfo, DeviceInventory, PlatformInfo, inventory_to_json
from clstudio.devices.icd_entries import DriverProblem
from clstudio.remote import RemoteAddress
from clstudio.ui.devices.add_device import AddDeviceDialog
from clstudio.ui.devices.device_compare import DeviceCompareDialog
from clstudio.ui.devices.device_fields_view import DeviceFieldsView, fields_as_text
from clstudio.ui.devices.device_overview import DeviceOverview
from clstudio.ui.devices.device_tree import (
    ITEM_ROLE,
    DeviceKey,
    MachineRow,
    all_items,
    device_key,
    fill_tree,
    item_for,
    machine_item,
    mark_active,
    short_version,
)
from clstudio.ui.devices.no_device import (
    no_device_help,
    platform_title,
    unavailable_text,
)
from clstudio.ui.devices.peaks_view import PeaksView
from clstudio.ui.empty_state import EmptyState
from clstudio.ui.named_widgets import push_button
from clstudio.ui.tree_items import top_items


def single_device_inventory(inventory: DeviceInventory, device: DeviceInfo) -> DeviceInventory:
    """The inventory cut down to one device and its platform, in the CLI's JSON format."""
    platform = inventory.platforms[device.platform_index]
    return DeviceInventory(platforms=(replace(platform, devices=(device,)),))


class DevicePanel(QWidget):
    """Shows the inventory; emits `deviceChosen` when the user picks a device for runs."""

    deviceChosen = Signal(DeviceInfo)
    rediscoverRequested = Signal()
    remoteMachineRequested = Signal()  # Add a remote machine…
    machineConnectRequested = Signal(RemoteAddress)  # connect (again) to a remote machine
    machineStopRequested = Signal()  # stop connecting
    machineForgetRequested = Signal(RemoteAddress)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._inventory = DeviceInventory(platforms=())
        self._machines: tuple[MachineRow, ...] = ()
        self._active: DeviceKey | None = None
        self._compare: DeviceCompareDialog | None = None

        self.searching = EmptyState(
            self.tr("Looking for OpenCL devices…"),
            self.tr("Asking every installed OpenCL driver for its platforms and devices."),
        )
        self.problem = EmptyState(self.tr("No OpenCL platform found"), "", self.tr("Look again"))
        assert self.problem.button is not None
        self.problem.button.clicked.connect(self.rediscoverRequested)
        self.problem_add_button = QPushButton(self.tr("Add a device…"))
        self.problem_add_button.clicked.connect(self.open_add_device)
        problem_layout = self.problem.layout()
        assert isinstance(problem_layout, QVBoxLayout)
        # Under Look again, above the closing stretch.
        problem_layout.insertWidget(
            problem_layout.count() - 1, self.problem_add_button, 0, Qt.AlignmentFlag.AlignHCenter
        )
        self._add_device: AddDeviceDialog | None = None
        self.content = self._build_content()

        self.pages = QStackedWidget()
        for page in (self.searching, self.problem, self.content):
            self.pages.addWidget(page)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.pages)
        self.show_searching()

    def _build_content(self) -> QWidget:
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("Platform / device"), self.tr("Version")])
        self.tree.setRootIsDecorated(True)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setStretchLastSection(False)
        self.tree.currentItemChanged.connect(self._on_tree_current_changed)
        self.tree.itemDoubleClicked.connect(self._on_tree_double_clicked)

        self.title = QLabel()
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.1)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        self.subtitle = QLabel()
        self.subtitle.setWordWrap(True)
        self.use_button = push_button(
            self.tr("Use this device"),
            self.tr("Build and run kernels on this device (or double-click it)"),
            clicked=self._on_use_clicked,
        )
        self.compare_button = push_button(
            self.tr("Compare…"),
            self.tr("See two devices' fields side by side"),
            clicked=self.open_compare,
        )
        self.more_button = QToolButton()
        self.more_button.setText(self.tr("More"))
        self.more_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        more = QMenu(self.more_button)
        self.copy_all_action = more.addAction(self.tr("Copy all fields as text"), self.copy_all)
        self.export_action = more.addAction(self.tr("Export as JSON…"), self.export_json)
        self.more_button.setMenu(more)
        self.add_button = push_button(
            self.tr("Add a device…"),
            self.tr("Ways to get more OpenCL devices: from pip, or your GPU driver"),
            clicked=self.open_add_device,
        )
        self.add_remote_button = push_button(
            self.tr("Add a remote machine…"),
            self.tr("Use the devices of a machine you reach with ssh, such as a GPU server"),
            clicked=self.remoteMachineRequested,
        )
        buttons = QHBoxLayout()
        buttons.addWidget(self.use_button)
        buttons.addWidget(self.compare_button)
        buttons.addWidget(self.more_button)
        buttons.addStretch(1)

        self.overview = DeviceOverview()
        self.fields_view = DeviceFieldsView()
        self.peaks_view = PeaksView()
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.overview, self.tr("Overview"))
        self.tabs.addTab(self.fields_view, self.tr("All fields"))
        self.tabs.addTab(self.peaks_view, self.tr("Peaks"))

        details = QWidget()
        details_layout = QVBoxLayout(details)
        details_layout.setContentsMargins(4, 6, 4, 0)
        details_layout.addWidget(self.title)
        details_layout.addWidget(self.subtitle)
        details_layout.addLayout(buttons)
        details_layout.addWidget(self.tabs, 1)

        self.nothing_selected = EmptyState(
            self.tr("No device selected"),
            self.tr("Select a device in the list above to see its fields."),
        )
        self.unavailable = EmptyState("", "")
        self.machine_page = self._build_machine_page()
        self.details = QStackedWidget()
        self.details.addWidget(self.nothing_selected)
        self.details.addWidget(details)
        self.details.addWidget(self.unavailable)
        self.details.addWidget(self.machine_page)
        # The overview scrolls: with several platforms, the tree's rows come first.
        self.details.setMinimumHeight(160)

        tree_pane = QWidget()
        tree_layout = QVBoxLayout(tree_pane)
        tree_layout.setContentsMargins(0, 0, 0, 0)
        tree_layout.setSpacing(2)
        tree_layout.addWidget(self.tree, 1)
        add_row = QHBoxLayout()
        add_row.addStretch(1)
        add_row.addWidget(self.add_remote_button)
        add_row.addWidget(self.add_button)
        tree_layout.addLayout(add_row)

        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(tree_pane)
        self.splitter.addWidget(self.details)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([110, 500])
        self.splitter.setChildrenCollapsible(False)
        return self.splitter

    def _build_machine_page(self) -> EmptyState:
        """A remote machine's row selected: its state, Connect again (or Stop), Forget."""
        page = EmptyState("", "", self.tr("Connect again"))
        assert page.button is not None
        self.connect_button = page.button
        self.connect_button.clicked.connect(self._on_connect_clicked)
        self.forget_button = QPushButton(self.tr("Forget this machine"))
        self.forget_button.clicked.connect(self._on_forget_clicked)
        layout = page.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertWidget(
            layout.count() - 1, self.forget_button, 0, Qt.AlignmentFlag.AlignHCenter
        )
        return page

    def inventory(self) -> DeviceInventory:
        return self._inventory

    def machines(self) -> tuple[MachineRow, ...]:
        return self._machines

    def show_machines(self, machines: tuple[MachineRow, ...]) -> None:
        """Show the remote machines (a view update: emits nothing), the row selected kept."""
        self._machines = machines
        current = self.tree.currentItem()
        data = current.data(0, ITEM_ROLE) if current is not None else None
        if self.pages.currentWidget() is self.searching:
            return  # the local search fills the tree, machines included
        self._fill()
        if isinstance(data, MachineRow):
            self.select_machine(data.name)
        elif isinstance(data, DeviceInfo):
            self.select_device(data)

    def show_searching(self) -> None:
        self.searching.set_text(
            self.tr("Looking for OpenCL devices…"),
            self.tr("Asking every installed OpenCL driver for its platforms and devices."),
        )
        self.pages.setCurrentWidget(self.searching)

    def show_failure(self, details: str) -> None:
        """Discovery itself failed unexpectedly: show what happened, keep the window usable."""
        self.searching.set_text(self.tr("Device discovery failed"), details)
        self.pages.setCurrentWidget(self.searching)

    def show_inventory(self, inventory: DeviceInventory) -> None:
        self._inventory = inventory
        if not inventory.devices() and not self._machines:
            self.problem.set_text(
                self.tr("No OpenCL device found"),
                no_device_help(inventory.problem, inventory.unavailable_drivers),
            )
            self.pages.setCurrentWidget(self.problem)
            return
        self._fill()

    def _fill(self) -> None:
        fill_tree(self.tree, self._inventory, self._machines)
        self._fit_tree_height()
        self.pages.setCurrentWidget(self.content)
        self._mark_active()
        if self.tree.currentItem() is None:
            self.details.setCurrentWidget(self.nothing_selected)

    def open_add_device(self) -> AddDeviceDialog:
        """The ways to more devices; its Look again searches once more."""
        if self._add_device is None:
            self._add_device = AddDeviceDialog(self)
            self._add_device.rediscoverRequested.connect(self.rediscoverRequested)
        self._add_device.show()
        self._add_device.raise_()
        return self._add_device

    def _fit_tree_height(self) -> None:
        """Give the tree the height of its rows (up to a limit), the details the rest."""
        rows = len(list(all_items(top_items(self.tree))))
        row_height = max(self.tree.sizeHintForRow(0), self.fontMetrics().height() + 4)
        wanted = self.tree.header().sizeHint().height() + rows * row_height + 8
        wanted += self.add_button.sizeHint().height() + 2  # the row under the tree
        total = sum(self.splitter.sizes())
        tree_height = min(wanted, 250)
        self.splitter.setSizes([tree_height, max(total - tree_height, 200)])

    def select_device(self, device: DeviceInfo) -> None:
        item = item_for(self.tree, device)
        if item is not None:
            self.tree.setCurrentItem(item)

    def select_machine(self, name: str) -> None:
        item = machine_item(self.tree, name)
        if item is not None:
            self.tree.setCurrentItem(item)

    def current_device(self) -> DeviceInfo | None:
        item = self.tree.currentItem()
        data = item.data(0, ITEM_ROLE) if item is not None else None
        return data if isinstance(data, DeviceInfo) else None

    def set_active_device(self, device: DeviceInfo | None) -> None:
        """Mark the device builds and runs use (a view update: emits nothing)."""
        self._active = device_key(device) if device else None
        self._mark_active()

    def copy_all(self) -> None:
        item = self.tree.currentItem()
        data = item.data(0, ITEM_ROLE) if item is not None else None
        if isinstance(data, (DeviceInfo, PlatformInfo)):
            QGuiApplication.clipboard().setText(fields_as_text(data.name, data.fields))

    def export_json(self) -> Path | None:
        device = self.current_device()
        if device is None:
            return None
        default = re.sub(r"[^A-Za-z0-9]+", "-", device.name).strip("-").lower() + ".json"
        name, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export device as JSON"), default, self.tr("JSON files (*.json)")
        )
        if not name:
            return None
        path = Path(name)
        data = inventory_to_json(single_device_inventory(self._inventory_of(device), device))
        try:
            path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            QMessageBox.warning(
                self,
                self.tr("Export failed"),
                self.tr("Could not write {path}:\n{error}").format(path=path, error=exc),
            )
            return None
        return path

    def open_compare(self) -> DeviceCompareDialog:
        if self._compare is not None:
            self._compare.close()
            self._compare.deleteLater()
        # This machine's devices and every connected remote machine's, side by side.
        platforms = [*self._inventory.platforms]
        for machine in self._machines:
            platforms += machine.inventory.platforms if machine.inventory else ()
        everything = DeviceInventory(platforms=tuple(platforms))
        self._compare = DeviceCompareDialog(everything, self.current_device(), self)
        self._compare.show()
        return self._compare

    def _inventory_of(self, device: DeviceInfo) -> DeviceInventory:
        """The inventory `device` was listed in: this machine's, or its remote machine's."""
        machine = next((m for m in self._machines if m.name == device.machine), None)
        if device.machine and machine is not None and machine.inventory is not None:
            return machine.inventory
        return self._inventory

    def _mark_active(self) -> None:
        mark_active(self.tree, self._active)
        self._update_use_button()

    def _update_use_button(self) -> None:
        device = self.current_device()
        in_use = device is not None and device_key(device) == self._active
        self.use_button.setEnabled(device is not None and not in_use)
        self.use_button.setText(
            self.tr("In use for builds and runs") if in_use else self.tr("Use this device")
        )

    def _on_tree_current_changed(
        self, current: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None
    ) -> None:
        data = current.data(0, ITEM_ROLE) if current is not None else None
        if isinstance(data, DeviceInfo):
            self.title.setText(data.name)
            self.subtitle.setText(
                f"{data.type} · {short_version(data.version)} · {data.platform_name}"
            )
            self.subtitle.setToolTip(data.version)
            self.overview.show_device(data)
            self.fields_view.show_fields(data.fields)
            self.peaks_view.show_device(data)
            self.tabs.setTabVisible(0, True)
            # Peaks are measured by this machine's worker: not for a remote device.
            self.tabs.setTabVisible(2, not data.machine)
            self.compare_button.setEnabled(True)
            self.export_action.setEnabled(True)
        elif isinstance(data, MachineRow):
            self._show_machine(data)
            return
        elif isinstance(data, DriverProblem):
            self.unavailable.set_text(*unavailable_text(data))
            self.details.setCurrentWidget(self.unavailable)
            return
        elif isinstance(data, PlatformInfo):
            self.title.setText(platform_title(data))
            if len(data.devices) == 1:
                subtitle = self.tr("Platform · {vendor} · {version} · 1 device")
            else:
                subtitle = self.tr("Platform · {vendor} · {version} · {count} devices")
            self.subtitle.setText(
                subtitle.format(
                    vendor=data.vendor, version=short_version(data.version), count=len(data.devices)
                )
            )
            self.subtitle.setToolTip(data.version)
            self.fields_view.show_fields(data.fields)
            self.tabs.setTabVisible(0, False)
            self.tabs.setTabVisible(2, False)
            self.tabs.setCurrentWidget(self.fields_view)
            self.compare_button.setEnabled(False)
            self.export_action.setEnabled(False)
        else:
            self.details.setCurrentWidget(self.nothing_selected)
            return
        self.details.setCurrentIndex(1)
        self._update_use_button()

    def _show_machine(self, machine: MachineRow) -> None:
        if machine.connecting or machine.lost:
            body = machine.state
        elif machine.inventory is not None:
            count = len(machine.inventory.devices())
            body = self.tr("Connected. Devices: {count}. Double-click one to use it.").format(
                count=count
            )
        else:
            body = machine.state or self.tr("Not connected.")
        self.machine_page.set_text(machine.name, body)
        self.connect_button.setText(
            self.tr("Stop") if machine.connecting else self.tr("Connect again")
        )
        self.forget_button.setEnabled(not machine.connecting)
        self.details.setCurrentWidget(self.machine_page)

    def _current_machine(self) -> MachineRow | None:
        item = self.tree.currentItem()
        data = item.data(0, ITEM_ROLE) if item is not None else None
        return data if isinstance(data, MachineRow) else None

    def _on_connect_clicked(self) -> None:
        machine = self._current_machine()
        if machine is None:
            return
        if machine.connecting:
            self.machineStopRequested.emit()
        else:
            self.machineConnectRequested.emit(machine.address)

    def _on_forget_clicked(self) -> None:
        machine = self._current_machine()
        if machine is not None:
            self.machineForgetRequested.emit(machine.address)

    def _on_tree_double_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        device = item.data(0, ITEM_ROLE)
        if isinstance(device, DeviceInfo):
            self.deviceChosen.emit(device)

    def _on_use_clicked(self) -> None:
        device = self.current_device()
        if device is not None:
            self.deviceChosen.emit(device)
