"""Remote machines in the Devices panel: adding one, connecting off the GUI thread with
progress and Stop, and sending builds, runs, checks, the Compiler and Memory tabs' work
and debug runs to the machine of the device in use.

Machines are remembered in the settings, never in a session: opening a session connects
to nothing. A remembered machine shows as "not connected" until the user connects.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from clstudio.backend import Backend
from clstudio.common import RunError
from clstudio.devices import DeviceInfo
from clstudio.remote import (
    MachineAnswer,
    MachineConnector,
    RemoteAddress,
    RoutedBackend,
    RoutedWorkers,
    connector,
)
from clstudio.ui.backends import Backends
from clstudio.ui.devices.device_panel import DevicePanel
from clstudio.ui.devices.device_tree import MachineRow
from clstudio.ui.devices.remote_dialog import RemoteMachineDialog
from clstudio.ui.jobs import Job, JobController
from clstudio.ui.settings import AppSettings
from clstudio.ui.status_bar import StatusSink
from clstudio.ui.tasks import Lane, TaskState
from clstudio.worker.worker_slot import WorkerSlot


class LostConnections(QObject):
    """Hears, on whichever thread finds it, of a connection lost during a request, and
    tells the window on its own thread."""

    lost = Signal(object, str)  # the RemoteAddress, the message the request ended with

    def __call__(self, address: RemoteAddress, message: str) -> None:
        self.lost.emit(address, message)


@dataclass(frozen=True)
class MachineRoutes:
    """The window's builds and runs, and its workers of their own (checks, compiles,
    traffic, counts, debug runs), each sent to this machine or to a remote one."""

    tools: RoutedBackend
    runs: RoutedBackend
    workers: RoutedWorkers
    lost: LostConnections
    # Sweeps, routed as builds and runs are, and Run on devices…'s runs on a remote
    # machine's devices (`remote`): a worker of their own there, as this machine's
    # measurements have, so they hold up neither builds nor runs.
    measurements: RoutedBackend

    @classmethod
    def around(cls, tools: Backend, runs: Backend, measurements: Backend) -> MachineRoutes:
        """Routes for this machine's `tools` and `runs`, remote workers made on demand."""
        lost = LostConnections()
        connect = connector(lost)
        return cls(
            RoutedBackend(tools, connect),
            RoutedBackend(runs, connect),
            RoutedWorkers(lost),
            lost,
            RoutedBackend(measurements, connect),
        )

    def route(self, address: RemoteAddress | None) -> None:
        self.tools.route(address)
        self.runs.route(address)
        self.measurements.route(address)
        self.workers.route(address)

    def forget(self, address: RemoteAddress) -> None:
        self.tools.forget(address)
        self.runs.forget(address)
        self.measurements.forget(address)

    def close(self) -> None:
        """For the window's close: the connections this machine's backends do not hold
        (this machine's measurements are the window's Backends')."""
        self.measurements.close_remotes()


def route_slots(backends: Backends, workers: RoutedWorkers) -> None:
    """The window's workers of their own (checks, counts, the Compiler and Memory tabs')
    start where the device in use is."""
    for slot in (backends.checks, backends.counts, backends.compiles, backends.traffic):
        if isinstance(slot, WorkerSlot):  # a test's stand-in keeps its own ways
            slot.new_client = workers


@dataclass(frozen=True)
class ConnectJob(Job[MachineConnector, MachineAnswer, str]):
    """Set-up on the machine, then its devices; progress is the step under way."""

    address: RemoteAddress

    def run(self, backend: MachineConnector, state: TaskState[str]) -> MachineAnswer:
        return backend.connect(self.address, state.progress, state.cancelled)

    def crashed(self, error: RunError) -> MachineAnswer:
        return MachineAnswer(self.address, None, error.message)


ConnectController = JobController[MachineConnector, MachineAnswer, str]


class RemoteMachinesController(QObject):
    """Keeps the remote machines' rows, connects to one at a time, routes builds and runs."""

    connectionLost = Signal(str)  # the machine's name: a request lost its connection

    def __init__(
        self,
        panel: DevicePanel,
        routes: MachineRoutes,
        settings: AppSettings,
        status: StatusSink,
        window: QWidget,
    ) -> None:
        super().__init__(window)
        self._panel = panel
        self._routes = routes
        self._settings = settings
        self._status = status
        self._window = window
        self._dialog: RemoteMachineDialog | None = None
        self._connecting: RemoteAddress | None = None  # the machine being connected to
        self.connector = ConnectController(MachineConnector(routes.tools), Lane.REMOTE, self)
        self.connector.progressed.connect(self._on_connector_progressed)
        self.connector.finished.connect(self._on_connector_finished)
        panel.remoteMachineRequested.connect(self.open_dialog)
        panel.machineConnectRequested.connect(self.connect_machine)
        panel.machineStopRequested.connect(self.connector.stop)
        panel.machineForgetRequested.connect(self.forget)
        routes.lost.lost.connect(self._on_connection_lost)
        self._rows = {m.name: MachineRow(m) for m in settings.remote_machines()}
        self._show()

    def rows(self) -> tuple[MachineRow, ...]:
        return tuple(self._rows.values())

    def open_dialog(self) -> RemoteMachineDialog:
        """Devices > Add a remote machine…"""
        if self._dialog is None:
            self._dialog = RemoteMachineDialog(self._window)
            self._dialog.connectRequested.connect(self.connect_machine)
        self._dialog.show()
        self._dialog.raise_()
        return self._dialog

    def connect_machine(self, address: RemoteAddress) -> bool:
        """Connect to `address` (set it up there first); False while another connects."""
        if self.connector.is_running():
            self._status.show_message(
                self.tr("Wait until the connection under way ends, or stop it"), 5000
            )
            return False
        self._routes.forget(address)  # a connection that was lost starts afresh
        self.connector.submit(ConnectJob(address))
        connecting = self.tr("Connecting to {machine}…").format(machine=address.name)
        self._connecting = address
        self._rows[address.name] = MachineRow(address, None, connecting, connecting=True)
        self._settings.set_remote_machines([row.address for row in self._rows.values()])
        self._show()
        self._panel.select_machine(address.name)
        return True

    def forget(self, address: RemoteAddress) -> None:
        self._rows.pop(address.name, None)
        self._routes.forget(address)
        self._settings.set_remote_machines([row.address for row in self._rows.values()])
        self._show()

    def measurements_on(self, machine: str) -> Backend:
        """The backend that runs Run on devices… on a connected machine's device."""
        return self._routes.measurements.remote(self._rows[machine].address)

    def show_device(self, device: DeviceInfo | None) -> None:
        """Builds and runs go where the device in use is."""
        row = self._rows.get(device.machine) if device is not None and device.machine else None
        self._routes.route(row.address if row is not None else None)

    def _on_connection_lost(self, address: object, message: str) -> None:
        """The machine's row says so, Connect again at hand; its devices stay listed."""
        assert isinstance(address, RemoteAddress)
        row = self._rows.get(address.name)
        if row is None or row.connecting:
            return  # forgotten, or being connected again already
        self._rows[address.name] = replace(row, state=message, lost=True)
        self._show()
        self.connectionLost.emit(address.name)

    def _show(self) -> None:
        self._panel.show_machines(self.rows())

    def _on_connector_progressed(self, step: object) -> None:
        address = self._connecting
        if address is not None and isinstance(step, str) and address.name in self._rows:
            self._rows[address.name] = replace(self._rows[address.name], state=step)
            self._show()

    def _on_connector_finished(self, job: object, answer: object) -> None:
        assert isinstance(job, ConnectJob) and isinstance(answer, MachineAnswer)
        self._connecting = None
        name = job.address.name
        if name not in self._rows:
            return  # forgotten meanwhile
        self._rows[name] = MachineRow(job.address, answer.inventory, answer.problem or "")
        self._show()
        if answer.problem is not None:
            self._status.show_message(
                self.tr("{machine}: {problem}").format(machine=name, problem=answer.problem),
                10_000,
            )
