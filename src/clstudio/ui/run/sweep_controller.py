"""Starts local-size sweeps of the document's session on the chosen device, in the background."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject

from clstudio.backend import Backend
from clstudio.devices import DeviceInfo, limits_of
from clstudio.measurements import SweepResult, sweep_local_sizes
from clstudio.session import Session
from clstudio.ui.args.args_panel import ArgsPanel
from clstudio.ui.results.sweep_panel import SweepPanel
from clstudio.ui.run.measurement_runner import MeasurementRunner
from clstudio.validation import local_size_candidates


class SweepController(QObject):
    """Answers the panel's intents; the session and device are read when a sweep starts."""

    def __init__(
        self,
        backend: Backend,
        panel: SweepPanel,
        session: Callable[[], Session],
        device: Callable[[], DeviceInfo | None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._backend = backend
        self._panel = panel
        self._session = session
        self._device = device
        self.runner = MeasurementRunner(backend.cancel, self)
        panel.sweepRequested.connect(self.sweep)
        panel.stopRequested.connect(self.runner.stop)
        self.runner.progressed.connect(lambda step: panel.show_progress(*step))
        self.runner.finished.connect(self._on_runner_finished)
        self.runner.failed.connect(panel.show_failure)

    def sweep(self) -> bool:
        device = self._device()
        if device is None:
            self._panel.show_refusal(self.tr("No device to sweep on: choose one in Devices."))
            return False
        session = self._session()
        limits = limits_of(device)
        sizes = local_size_candidates(
            tuple(session.global_size),
            limits.max_work_group_size,
            limits.max_work_item_sizes,
            limits.non_uniform_work_groups,
        )
        if not sizes:
            self._panel.show_refusal(
                self.tr("This global size allows no local size on this device.")
            )
            return False
        backend = self._backend

        def work(progress: Callable[[object], None], cancelled: Callable[[], bool]) -> SweepResult:
            def tell(done: int, total: int, size: tuple[int, ...] | None) -> None:
                progress((done, total, size))

            return sweep_local_sizes(backend, session, sizes, tell, cancelled)

        started = self.runner.start(work)
        if started:
            self._panel.show_sweeping(len(sizes))
        return started

    def _on_runner_finished(self, sweep: object) -> None:
        assert isinstance(sweep, SweepResult)
        self._panel.show_sweep(sweep)


def use_local_size(args: ArgsPanel, local_size: tuple[int, ...]) -> None:
    """Put a sweep's best local size into the form, as the user would type it: an edit."""
    global_size = args.ndrange.global_size()
    if global_size is None or len(global_size) != len(local_size):
        return
    args.ndrange.set_range(global_size, local_size)
    args.ndrange.rangeEdited.emit(args.ndrange.current())
