"""Starts local-size sweeps of the document's session on the chosen device, in the background."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from clstudio.backend import Backend
from clstudio.devices import DeviceInfo, limits_of
from clstudio.measurements import (
    KernelChoiceError,
    SweepResult,
    chosen_kernel,
    program_kernels,
    sweep_local_sizes,
    sweep_sizes,
)
from clstudio.session import Session
from clstudio.ui.args.args_panel import ArgsPanel
from clstudio.ui.results.sweep_panel import SweepPanel
from clstudio.ui.tasks import Lane, Rule, TaskRunner, TaskState

# Sizes done, sizes in all, the next, and the sweep so far (None before the first size).
SweepStep = tuple[int, int, tuple[int, ...] | None, SweepResult | None]


class SweepController(QObject):
    """Answers the panel's intents; the session and device are read when a sweep starts."""

    sweepFinished = Signal(SweepResult)  # shown in the panel

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
        self._runner: TaskRunner[SweepResult, SweepStep] = TaskRunner(
            self,
            Lane.MEASUREMENTS,
            Rule.ONE_AT_A_TIME,
            self._on_runner_done,
            panel.show_failure,
            progressed=self._on_runner_progressed,
            cancel=backend.cancel,
        )
        panel.sweepRequested.connect(self.sweep)
        panel.stopRequested.connect(self.stop)

    def sweep(self) -> bool:
        device = self._device()
        if device is None:
            self._panel.show_refusal(self.tr("No device to sweep on: choose one in Devices."))
            return False
        session = self._session()
        try:
            kernel = chosen_kernel(session, self._panel.chosen_kernel())
        except KernelChoiceError as exc:
            self._panel.show_refusal(str(exc))
            return False
        sizes = sweep_sizes(session, kernel, limits_of(device))
        if not sizes:
            self._panel.show_refusal(
                self.tr("This global size allows no local size on this device.")
            )
            return False
        backend = self._backend

        def work(state: TaskState[SweepStep]) -> SweepResult:
            so_far: list[SweepResult] = []

            def tell(done: int, total: int, size: tuple[int, ...] | None) -> None:
                state.progress((done, total, size, so_far[-1] if so_far else None))

            return sweep_local_sizes(
                backend,
                session,
                sizes,
                tell,
                state.cancelled,
                kernel=kernel,
                measured=so_far.append,
            )

        if self._runner.submit(work) is None:
            return False
        self._panel.show_sweeping(len(sizes))
        return True

    def show_kernels(self) -> None:
        """The session may launch other kernels now: the panel's picker lists them."""
        self._panel.set_kernels(program_kernels(self._session()))

    def stop(self) -> None:
        self._runner.stop()

    def _on_runner_progressed(self, step: SweepStep) -> None:
        self._panel.show_progress(*step)

    def _on_runner_done(self, sweep: SweepResult) -> None:
        self._panel.show_sweep(sweep)
        self.sweepFinished.emit(sweep)


def use_local_size(args: ArgsPanel, local_size: tuple[int, ...]) -> None:
    """Put a sweep's best local size into the form, as the user would type it: an edit."""
    global_size = args.ndrange.global_size()
    if global_size is None or len(global_size) != len(local_size):
        return
    args.ndrange.set_range(global_size, local_size)
    args.ndrange.rangeEdited.emit(args.ndrange.current())
