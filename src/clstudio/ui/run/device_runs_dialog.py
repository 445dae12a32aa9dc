"""Run on devices: the session on each ticked device in turn, times side by side, outputs compared.

The runs go through the measurement worker one after another; each is isolated
as any run is, so a device whose driver crashes fails alone.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import replace

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clstudio.backend import Backend
from clstudio.common import RunResult, format_seconds
from clstudio.devices import DeviceInfo, DeviceSelector
from clstudio.measurements import run_on_devices
from clstudio.reporting import compare_outputs
from clstudio.session import Session
from clstudio.ui.named_widgets import push_button
from clstudio.ui.tasks import Lane, Rule, TaskRunner, TaskState
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

_DEVICE = Qt.ItemDataRole.UserRole
DeviceStep = tuple[int, int, str]  # devices done, devices in all, the next one's name
MachineRuns = Callable[[str], Backend]  # a remote machine's runs, by the machine's name
CONTEXT = "DeviceRunsDialog"
TIME_COLUMNS = (
    QT_TRANSLATE_NOOP("DeviceRunsDialog", "Device"),
    QT_TRANSLATE_NOOP("DeviceRunsDialog", "Median kernel time"),
    QT_TRANSLATE_NOOP("DeviceRunsDialog", "Repeats"),
    QT_TRANSLATE_NOOP("DeviceRunsDialog", "Result"),
)
DIFF_COLUMNS = (
    QT_TRANSLATE_NOOP("DeviceRunsDialog", "Output"),
    QT_TRANSLATE_NOOP("DeviceRunsDialog", "Device"),
    QT_TRANSLATE_NOOP("DeviceRunsDialog", "Against"),
    QT_TRANSLATE_NOOP("DeviceRunsDialog", "Max abs diff"),
    QT_TRANSLATE_NOOP("DeviceRunsDialog", "Max rel diff"),
    QT_TRANSLATE_NOOP("DeviceRunsDialog", "Worst index"),
)


def _on_machine(result: RunResult, device: DeviceInfo) -> RunResult:
    """A remote device's result named with its machine, told apart from a local twin."""
    if not device.machine or not result.device:
        return result
    named = QCoreApplication.translate("DeviceRunsDialog", "{device} on {machine}")
    return replace(result, device=named.format(device=result.device, machine=device.machine))


def _verdict(result: RunResult) -> str:
    if result.error is not None:
        return f"{result.error.stage}: {result.error.message.splitlines()[0]}"
    if result.ok:
        return QCoreApplication.translate("DeviceRunsDialog", "ok")
    return QCoreApplication.translate("DeviceRunsDialog", "check failed")


def _table(columns: Sequence[str]) -> QTableWidget:
    table = QTableWidget(0, len(columns))
    table.setHorizontalHeaderLabels([QCoreApplication.translate(CONTEXT, c) for c in columns])
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.verticalHeader().setVisible(False)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    # The last column (a run's result, the worst index) takes the width left and wraps,
    # its rows as tall as their text: a long error was cut at the dialog's edge.
    table.horizontalHeader().setSectionResizeMode(len(columns) - 1, QHeaderView.ResizeMode.Stretch)
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.setWordWrap(True)
    return table


def _fill(table: QTableWidget, rows: list[list[str]]) -> None:
    table.setRowCount(len(rows))
    for row, cells in enumerate(rows):
        for column, text in enumerate(cells):
            item = QTableWidgetItem(text)
            item.setToolTip(text)
            table.setItem(row, column, item)


class DeviceRunsDialog(QDialog):
    """Tick devices, Run; the tables fill when every device has had its turn."""

    runsFinished = Signal(object)  # the list of RunResults, shown in the tables

    def __init__(
        self,
        backend: Backend,
        devices: Sequence[DeviceInfo],
        session: Callable[[], Session],
        parent: QWidget | None = None,
        machine_runs: MachineRuns | None = None,
    ) -> None:
        """`machine_runs`: the backend that runs on a remote machine's device (by its
        name); without it every device is run on `backend`."""
        super().__init__(parent)
        self._machine_runs = machine_runs
        self._used: list[Backend] = [backend]  # those a Stop cancels
        self.setWindowTitle(self.tr("Run on devices"))
        self.resize(820, 560)
        self._session = session
        self._backend = backend
        self._runner: TaskRunner[list[RunResult], DeviceStep] = TaskRunner(
            self,
            Lane.MEASUREMENTS,
            Rule.ONE_AT_A_TIME,
            self._on_runner_done,
            self._on_runner_failed,
            progressed=self._on_runner_progressed,
            cancel=self._cancel,
        )

        self.devices = QListWidget()
        self.devices.setObjectName("deviceRunsChoice")
        for device in devices:
            where = device.platform_name
            if device.machine:
                where = self.tr("{platform} on {machine}").format(
                    platform=where, machine=device.machine
                )
            item = QListWidgetItem(f"{device.name}  ({device.type}, {where})")
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            item.setData(_DEVICE, device)
            self.devices.addItem(item)
        self.devices.setMaximumHeight(110)
        self.run_button = push_button(self.tr("Run on the ticked devices"), clicked=self.run_ticked)
        self.stop_button = push_button(self.tr("Stop"), clicked=self._runner.stop, hidden=True)
        self.progress = QProgressBar()
        self.progress.setVisible(False)
        self.status = QLabel(
            self.tr(
                "The session runs on each ticked device in turn. Floating-point results often "
                "differ a little between devices: the second table shows by how much, and where."
            )
        )
        self.status.setWordWrap(True)
        self.times = _table(TIME_COLUMNS)
        self.times.setObjectName("deviceRunsTimes")
        self.differences = _table(DIFF_COLUMNS)
        self.differences.setObjectName("deviceRunsDifferences")
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Devices:")))
        layout.addWidget(self.devices)
        layout.addWidget(self.run_button)
        layout.addWidget(self.stop_button)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(QLabel(self.tr("Kernel times, side by side:")))
        layout.addWidget(self.times, 1)
        layout.addWidget(QLabel(self.tr("Outputs against the first device:")))
        layout.addWidget(self.differences, 1)
        layout.addWidget(close)

    def ticked(self) -> list[DeviceInfo]:
        items = (self.devices.item(row) for row in range(self.devices.count()))
        return [
            item.data(_DEVICE)
            for item in items
            if item is not None and item.checkState() == Qt.CheckState.Checked
        ]

    def run_ticked(self) -> bool:
        devices = self.ticked()
        if not devices:
            self.status.setText(self.tr("Tick at least one device."))
            return False
        selectors = [DeviceSelector(d.platform_name, d.name) for d in devices]
        session, backend = self._session(), self._backend
        backends = [self._backend_of(d) for d in devices]
        self._used = [backend, *(b for b in backends if b is not backend)]

        def work(state: TaskState[DeviceStep]) -> list[RunResult]:
            def tell(done: int, total: int, selector: DeviceSelector | None) -> None:
                state.progress((done, total, selector.device if selector else ""))

            results = run_on_devices(backend, session, selectors, tell, state.cancelled, backends)
            return [_on_machine(r, d) for r, d in zip(results, devices, strict=True)]

        if self._runner.submit(work) is None:
            return False
        self.run_button.setEnabled(False)
        self.stop_button.setVisible(True)
        self.progress.setVisible(True)
        self.progress.setRange(0, len(devices))
        return True

    def _backend_of(self, device: DeviceInfo) -> Backend:
        """The backend that runs on `device`: its machine's, or this machine's."""
        if device.machine and self._machine_runs is not None:
            return self._machine_runs(device.machine)
        return self._backend

    def _cancel(self) -> None:
        """Stop: whichever machine's device has its turn."""
        for backend in self._used:
            backend.cancel()

    def time_rows(self) -> list[list[str]]:
        """The first table as the user reads it."""
        rows = []
        for row in range(self.times.rowCount()):
            items = (self.times.item(row, column) for column in range(self.times.columnCount()))
            rows.append([item.text() if item is not None else "" for item in items])
        return rows

    def _on_runner_progressed(self, step: DeviceStep) -> None:
        finished, total, name = step
        self.progress.setRange(0, total)
        self.progress.setValue(finished)
        if name:
            shown = self.tr("{device} ({number} of {total})").format(
                device=name, number=finished + 1, total=total
            )
        else:
            shown = self.tr("done")
        self.progress.setFormat(shown)

    def _on_runner_done(self, results: list[RunResult]) -> None:
        self._idle()
        rows = []
        for result in results:
            times = result.kernel_times_ns()
            median = format_seconds(statistics.median(times) * 1e-9) if times else "—"
            rows.append([result.device or "?", median, str(len(times)), _verdict(result)])
        _fill(self.times, rows)
        differences = compare_outputs(results)
        _fill(
            self.differences,
            [
                [
                    d.name,
                    d.device,
                    d.against,
                    "—" if d.max_abs is None else f"{d.max_abs:.3g}",
                    "—" if d.max_rel is None else f"{d.max_rel:.3g}",
                    d.note or ("—" if d.worst_index is None else str(list(d.worst_index))),
                ]
                for d in differences
            ],
        )
        if len(results) > 1 and not differences:
            self.status.setText(
                self.tr("Fewer than two devices produced outputs, so none are compared.")
            )
        elif len(results) == 1:
            self.status.setText(self.tr("Ran on 1 device."))
        else:
            self.status.setText(self.tr("Ran on {count} devices.").format(count=len(results)))
        self.runsFinished.emit(results)

    def _on_runner_failed(self, details: str) -> None:
        self._idle()
        self.status.setText(
            self.tr("The runs failed unexpectedly:\n{details}").format(details=details)
        )

    def _idle(self) -> None:
        self.run_button.setEnabled(True)
        self.stop_button.setVisible(False)
        self.progress.setVisible(False)

    def done(self, result: int) -> None:
        """Closing stops the runs still to come."""
        self._runner.stop()
        self._runner.wait()
        super().done(result)
