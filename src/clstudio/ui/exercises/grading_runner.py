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
from clstudio.ui.background import BackgroundRunner


class CheckRunner(QObject):
    """One check at a time."""

    progressChanged = Signal(int, int, str)  # steps done, steps in all, what runs now
    checkFinished = Signal(object)  # CheckReport
    checkFailed = Signal(str)  # the traceback of a bug in CL Studio

    def __init__(
        self, backend: Backend, checker: Checker | None = None, parent: QObject | None = None
    ) -> None:
        """`checker` runs check mode on the smallest case (the window's CheckClient)."""
        super().__init__(parent)
        self._backend = backend
        self._checker = checker
        self._checks: BackgroundRunner[CheckReport] = BackgroundRunner(
            self.checkFinished.emit, self.checkFailed.emit, self
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
        if self.is_running():
            return False
        self._checks.submit(
            lambda: check_kernel(
                exercise,
                source,
                self._backend,
                self._report_progress,
                variant=variant,
                device=device,
                checker=self._checker,
            )
        )
        return True

    def wait(self, msecs: int = 60_000) -> bool:
        """Block until the current check has ended; for shutdown and tests."""
        return self._checks.wait(msecs)

    def _report_progress(self, done: int, total: int, doing: str) -> None:
        """Called by check_kernel on the pool thread."""
        self._checks.post(lambda: self.progressChanged.emit(done, total, doing))
