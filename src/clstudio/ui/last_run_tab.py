"""A Results tab whose work is done on the last run on request (the Compiler and Memory
tabs): a bar of its button, Stop where the work can be stopped, and what it is doing.

Each tab gives its words and the job a run's session makes; this keeps the last run and
which of the bar's buttons can be pressed, and is the tab's ResultView.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from clstudio.reporting import FinishedRun
from clstudio.session import Session
from clstudio.ui.jobs import Job, JobController
from clstudio.ui.layouts import hbox


@dataclass(frozen=True)
class LastRunWords:
    """What the bar says, translated by its tab; `{kernel}` is the last run's kernel."""

    waiting: str  # no run yet
    ready: str  # a run to work on
    working: str  # the work under way


class LastRunTab(QWidget):
    """A tab that works on the last run: it calls `_work_on_last_run` once, as it is made,
    and lays out the bar that returns."""

    controller: JobController[Any, Any, None]
    last_run: FinishedRun | None = None
    worked_on: FinishedRun | None = None  # the run of the work under way, or last done

    def _work_on_last_run(
        self,
        controller: JobController[Any, Any, None],
        job: Callable[[Session], Job[Any, Any, None]],
        words: LastRunWords,
        button: QPushButton,
        prepare: Callable[[], None],
        stop: QPushButton | None = None,
    ) -> QHBoxLayout:
        """`button` starts `job` on the last run's session, `stop` (if any) stops it.

        `prepare` readies the backend for the next job (a worker booting meanwhile); it
        is called while the tab is in view with a run to work on, when a click is likely.
        """
        self.controller = controller
        self._prepare = prepare
        self.state = QLabel(words.waiting)
        self.state.setWordWrap(True)
        self._job, self._words = job, words
        self._button, self._stop = button, stop
        button.setEnabled(False)
        button.clicked.connect(self.start)
        if stop is not None:
            stop.setEnabled(False)
            stop.clicked.connect(controller.stop)
        controller.finished.connect(self._on_work_finished)
        buttons = (button,) if stop is None else (button, stop)
        return hbox(*buttons, (self.state, 1))

    def state_text(self) -> str:
        return self.state.text()

    def show_run(self, run: FinishedRun) -> None:
        self.last_run = run
        self.state.setText(self._words.ready.format(kernel=run.kernel))
        self._button.setEnabled(not self.controller.is_running())
        if self.isVisible():
            self._prepare()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.last_run is not None:
            self._prepare()

    def clear(self) -> None:
        self.last_run = None
        self._button.setEnabled(False)
        self.state.setText(self._words.waiting)

    def start(self) -> bool:
        """Start the work on the last run; False when there is none or work is under way."""
        run = self.last_run
        if run is None or not self.controller.submit(self._job(run.session)):
            return False
        self.worked_on = run
        self._button.setEnabled(False)
        if self._stop is not None:
            self._stop.setEnabled(True)
        self.state.setText(self._words.working.format(kernel=run.kernel))
        return True

    def _on_work_finished(self, _job: object, _result: object) -> None:
        self._button.setEnabled(self.last_run is not None)
        if self._stop is not None:
            self._stop.setEnabled(False)
