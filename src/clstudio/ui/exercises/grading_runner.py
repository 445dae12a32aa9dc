"""Runs an exercise check on a background thread, so the window never waits for it.

The check goes through the backend the window runs kernels with (the worker process in
the app), one case after another, then the smallest case through check mode on Oclgrind;
progress and the report come back as queued signals.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from clstudio.backend import Backend
from clstudio.devices import DeviceSelector
from clstudio.exercises import Checker, CheckReport, Exercise, Variant, check_kernel
from clstudio.ui.tasks import Lane, Rule, TaskRunner, TaskState


class CheckRunner(QObject):
    """One check at a time."""

    progressChanged = Signal(int, int, str)  # steps done, steps in all, what runs now
    checkFinished = Signal(CheckReport)
    checkFailed = Signal(str)  # the traceback of a bug in CL Studio

    def __init__(
        self, backend: Backend, checker: Checker | None = None, parent: QObject | None = None
    ) -> None:
        """`checker` runs check mode on the smallest case (the window's CheckClient)."""
        super().__init__(parent)
        self._backend = backend
        self._checker = checker
        self._checks: TaskRunner[CheckReport, tuple[int, int, str]] = TaskRunner(
            self,
            Lane.RUNS,
            Rule.ONE_AT_A_TIME,
            self.checkFinished.emit,
            self.checkFailed.emit,
            progressed=self._on_checks_progressed,
            cancel=backend.cancel,  # for closing the window: no Stop button checks
        )

    def is_running(self) -> bool:
        return self._checks.is_busy()

    def check(
        self,
        exercise: Exercise,
        source: str,
        variant: Variant | None = None,
        device: DeviceSelector | None = None,
    ) -> bool:
        """Start checking `source` (written for `variant`'s starter, if given) on `device`;
        False when a check is already going."""
        backend, checker = self._backend, self._checker

        def work(state: TaskState[tuple[int, int, str]]) -> CheckReport:
            def progress(done: int, total: int, doing: str) -> None:
                state.progress((done, total, doing))

            return check_kernel(
                exercise, source, backend, progress, variant=variant, device=device, checker=checker
            )

        return self._checks.submit(work) is not None

    def _on_checks_progressed(self, step: tuple[int, int, str]) -> None:
        self.progressChanged.emit(*step)
