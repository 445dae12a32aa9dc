"""Measures a device's peaks in the background, keeps them, and tells who draws them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Signal

from clstudio.backend import MeasuringBackend
from clstudio.common import PEAK_PROBES, PeakPlan, PeakProbe, PeakReport
from clstudio.devices import DeviceInfo, DeviceSelector
from clstudio.reporting import PeakStoreError, latest_peaks, save_peaks
from clstudio.ui.devices.peaks_view import PeaksView
from clstudio.ui.tasks import Lane, Rule, TaskRunner, TaskState

PeakStep = tuple[int, int, str]  # probes done, probes in all, the key measured next


class PeaksController(QObject):
    """One measurement at a time; `measured` carries each finished report."""

    measuringStarted = Signal()
    progressed = Signal(int, int, str)  # a PeakStep
    measured = Signal(PeakReport)
    failed = Signal(str)
    # peaks.json was damaged and renamed, or is newer and was not written: the line saying so
    messageRaised = Signal(str)

    def __init__(
        self,
        backend: MeasuringBackend,
        plan: PeakPlan | None = None,
        probes: Sequence[PeakProbe] = PEAK_PROBES,
        store: Path | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._backend = backend
        self._plan = plan or PeakPlan()
        self._probes = tuple(probes)
        self._store = store  # None: the user's data folder
        self._runner: TaskRunner[PeakReport, PeakStep] = TaskRunner(
            self,
            Lane.MEASUREMENTS,
            Rule.ONE_AT_A_TIME,
            self._on_runner_done,
            self.failed.emit,
            progressed=self._on_runner_progressed,
            cancel=backend.cancel,
        )

    def kept(self, device_name: str) -> PeakReport | None:
        """The newest kept measurement of a device, if any."""
        return latest_peaks(device_name, self._store, self.messageRaised.emit)

    def measure(self, device: DeviceInfo) -> bool:
        from clstudio.measurements import measure_peaks  # loaded at the first measurement

        selector = DeviceSelector(device.platform_name, device.name)
        backend, plan, probes = self._backend, self._plan, self._probes

        def work(state: TaskState[PeakStep]) -> PeakReport:
            def tell(done: int, total: int, key: str) -> None:
                state.progress((done, total, key))

            return measure_peaks(backend, selector, plan, probes, tell, state.cancelled)

        if self._runner.submit(work) is None:
            return False
        self.measuringStarted.emit()
        return True

    def stop(self) -> None:
        self._runner.stop()

    def _on_runner_progressed(self, step: PeakStep) -> None:
        self.progressed.emit(*step)

    def _on_runner_done(self, report: PeakReport) -> None:
        if any(f.ok for f in report.figures) and not report.stopped:
            try:
                save_peaks(report, self._store, self.messageRaised.emit)
            except PeakStoreError as exc:
                self.messageRaised.emit(str(exc))
        self.measured.emit(report)


def connect_peaks(view: PeaksView, controller: PeaksController) -> None:
    """The Peaks tab's intents to the controller, and its answers back to the tab."""
    view.set_lookup(controller.kept)
    view.measureRequested.connect(controller.measure)
    view.stopRequested.connect(controller.stop)
    controller.measuringStarted.connect(lambda: view.show_measuring(True))
    controller.progressed.connect(view.show_progress)
    controller.failed.connect(view.show_failure)

    def on_measured(report: PeakReport) -> None:
        view.show_measuring(False)
        if report.device.name == view.device_name() or not report.figures:
            view.show_report(report if report.figures else controller.kept(view.device_name()))
            if report.stopped and not report.figures:
                view.status.setText(
                    QCoreApplication.translate("PeaksView", "Not measured: {reason}").format(
                        reason=report.stopped
                    )
                )

    controller.measured.connect(on_measured)
