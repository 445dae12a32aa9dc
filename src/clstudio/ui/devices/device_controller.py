"""Which device builds and runs use: discovery, the session's wish, the user's choice.

The policy is `clstudio.devices.choose_device`; this controller feeds it what the panel
found and what the session asks, hands the answer to the workbench, and keeps the status
bar's device label true.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QDockWidget, QWidget

from clstudio.backend import MeasuringBackend
from clstudio.devices import (
    DeviceInfo,
    DeviceInventory,
    DeviceSelector,
    choose_device,
    device_status,
    is_simulator,
)
from clstudio.session import Session
from clstudio.ui.devices.device_panel import DevicePanel
from clstudio.ui.devices.discovery_runner import DiscoverFn, DiscoveryRunner
from clstudio.ui.devices.peaks_controller import PeaksController, connect_peaks
from clstudio.ui.document import Document
from clstudio.ui.results.roofline.roofline_panel import RooflinePanel
from clstudio.ui.settings import AppSettings
from clstudio.ui.status_bar import CONFIRMATION_MS, DeviceStatusSink
from clstudio.validation.portability import Need, device_shortfalls, kernel_needs

if TYPE_CHECKING:  # Run on devices… loads its dialog when first chosen
    from clstudio.ui.run.device_runs_dialog import DeviceRunsDialog, MachineRuns


class DeviceUser(Protocol):
    """Who builds and runs on the device (the workbench), for the document it holds."""

    document: Document

    def device(self) -> DeviceInfo | None: ...
    def use_device(self, device: DeviceInfo | None) -> None: ...
    def choose_device(self, device: DeviceInfo) -> DeviceSelector: ...
    def adopt_device(self, device: DeviceInfo) -> None: ...


class DeviceController(QObject):
    """Runs discovery, resolves the device for each document, takes the user's choice;
    measures peaks for the Devices dock and the roofline."""

    def __init__(
        self,
        panel: DevicePanel,
        dock: QDockWidget,
        discover: DiscoverFn,
        user: DeviceUser,
        settings: AppSettings,
        status: DeviceStatusSink,
        measurements: MeasuringBackend,
        window: QWidget,
        machine_runs: MachineRuns | None = None,
    ) -> None:
        """`machine_runs`: runs on a remote machine's devices, for Run on devices…"""
        super().__init__(window)
        self._machine_runs = machine_runs
        self._panel = panel
        self._dock = dock
        self.discovery = DiscoveryRunner(discover, self)
        self.peaks = PeaksController(measurements, parent=self)
        self._user = user
        self._settings = settings
        self._status = status
        self._measurements = measurements
        self._window = window  # the parent of the Run on devices dialog
        panel.deviceChosen.connect(self._on_panel_device_chosen)
        panel.rediscoverRequested.connect(self.start_discovery)
        self.discovery.started.connect(panel.show_searching)
        self.discovery.finished.connect(self._on_discovery_finished)
        self.discovery.failed.connect(self._on_discovery_failed)
        self.peaks.messageRaised.connect(status.show_data_message)
        connect_peaks(panel.peaks_view, self.peaks)

    def inventory(self) -> DeviceInventory:
        return self._panel.inventory()

    def start_discovery(self) -> None:
        self.discovery.start()
        self.show_status()

    def simulator_listed(self) -> bool | None:
        """Whether discovery found Oclgrind, for Check; None until discovery has answered."""
        platforms = self.inventory().platforms
        return any(is_simulator(p.name) for p in platforms) if platforms else None

    def resolve(self) -> None:
        """The device for builds and runs: the session's choice, else the last one used,
        unless that one cannot build the kernel (OpenCL C 2.0, half…) and another can."""
        from clstudio.embedded import host_text_of  # after discovery, not at start

        session = self._session()
        device = choose_device(self.inventory(), session.device, self._settings.device())
        if session.device is None and device is not None:
            needs = kernel_needs(session.source, session.build_options, host_text_of(session))
            if needs:
                # The builds and runs of a kernel with needs go where they can be met.
                self._user.adopt_device(self._able_device(device, needs))
                return
        self._user.use_device(device)

    def _able_device(self, device: DeviceInfo, needs: tuple[Need, ...]) -> DeviceInfo:
        """`device`, or the first other device that meets what the kernel needs; the status
        bar says which and why, or the reason no device found meets."""
        short = device_shortfalls(needs, device)
        if not short:
            return device
        able = next(
            (
                d
                for d in self.inventory().devices()
                if not is_simulator(d.platform_name) and not device_shortfalls(needs, d)
            ),
            None,
        )
        if able is None:
            said = self.tr(
                "No device found builds this kernel: {reason}. The Portability tab tells "
                "each device's reasons"
            )
            self._status.show_message(said.format(reason=short[0].reason), 0)
            return device
        said = self.tr("{device} cannot build this kernel ({reason}); using {able}")
        self._status.show_message(
            said.format(device=device.name, reason=short[0].reason, able=able.name),
            CONFIRMATION_MS,
        )
        return able

    def resolve_when_found(self) -> None:
        """For a document just opened: resolve, unless discovery has nothing yet."""
        if self.inventory().devices():
            self.resolve()
        else:
            self.show_status()

    def show_device(self, device: DeviceInfo | None) -> None:
        """The workbench uses `device` now: mark it in the panel, say so in the status bar."""
        self._panel.set_active_device(device)
        self.show_status()

    def show_status(self) -> None:
        status = device_status(
            self._user.device(),
            self.inventory(),
            self._session().device,
            self.discovery.is_running(),
        )
        self._status.show_device(status)

    def measure_peaks(self, device_name: str) -> None:
        """The roofline asks for a device's peaks: measure them in the Devices dock's tab."""
        device = next((d for d in self.inventory().devices() if d.name == device_name), None)
        if device is not None and self.peaks.measure(device):
            self._panel.select_device(device)
            self._panel.tabs.setCurrentWidget(self._panel.peaks_view)
            self._dock.raise_()

    def serve_roofline(self, roofline: RooflinePanel) -> None:
        """The roofline reads the peaks kept here, and asks here for those it lacks."""
        roofline.set_lookup(self.peaks.kept)
        roofline.measurePeaksRequested.connect(self.measure_peaks)
        self.peaks.measured.connect(roofline.peaks_changed)

    def open_device_runs(self) -> DeviceRunsDialog:
        """Run on devices…: the session as the form shows it, on each ticked device."""
        from clstudio.ui.run.device_runs_dialog import DeviceRunsDialog

        devices = list(self.inventory().devices())
        if self._machine_runs is not None:  # and those of the remote machines connected
            for machine in self._panel.machines():
                if machine.inventory is not None:
                    devices.extend(machine.inventory.devices())
        dialog = DeviceRunsDialog(
            self._measurements, devices, self._session, self._window, self._machine_runs
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def _session(self) -> Session:
        return self._user.document.session

    def _on_discovery_finished(self, inventory: DeviceInventory) -> None:
        self._panel.show_inventory(inventory)
        self.resolve()
        active = self._user.device()
        if active is not None:
            self._panel.select_device(active)

    def _on_discovery_failed(self, details: str) -> None:
        self._panel.show_failure(details)
        self.show_status()

    def _on_panel_device_chosen(self, device: DeviceInfo) -> None:
        self._settings.set_device(self._user.choose_device(device))
        self._status.show_message(
            self.tr("Builds and runs will use {name}").format(name=device.name), CONFIRMATION_MS
        )
