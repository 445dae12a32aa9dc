"""Step mode: the Runtime steps panel's Step, Run to end and Reset, for the workbench's session.

The steps run in the runs' worker, one request at a time, off the GUI thread. The
stepper lives in the worker between requests; this controller remembers which session
it stepped and which step comes next. Another session (an edit, another file) starts
again from step 1. A failed step ends the stepping: only Reset goes on.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from clstudio.common import RunResult, StepOutcome
from clstudio.reporting import FinishedRun
from clstudio.session import Session
from clstudio.ui.hostcode.host_code_panel import HostCodePanel
from clstudio.ui.run.run_job import RunJob
from clstudio.ui.steps.step_job import StepController, StepJob, Steps
from clstudio.ui.steps.steps_panel import StepsPanel
from clstudio.ui.workbench import Workbench

# Steps Run to end asks for: more than any program has, whose steps 6, 8 and 9 come in
# parts (at most 64 kernels, 64 sets of arguments and 100 launches).
RUN_TO_END = 1000


class StepMode(QObject):
    """Connects the steps panel to the step controller, the editor and the Host code tab."""

    steppingChanged = Signal(bool)  # Run turns into Stop while a step runs, and back
    messageRaised = Signal(str)  # for the status bar

    def __init__(
        self,
        controller: StepController,
        workbench: Workbench,
        host_code: HostCodePanel,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self._workbench = workbench
        self._host_code = host_code
        self._panel: StepsPanel = workbench.results.steps
        self._session: Session | None = None  # the session the worker's stepper belongs to
        self._next: int | None = 1  # the step Step does; None once stepping has ended
        panel = self._panel
        panel.stepRequested.connect(lambda: self.request_steps(1))
        panel.runToEndRequested.connect(lambda: self.request_steps(RUN_TO_END))
        panel.resetRequested.connect(self.reset)
        panel.stepSelected.connect(host_code.select_step)
        panel.lineRequested.connect(self._on_panel_line_requested)
        controller.progressed.connect(self._on_controller_progressed)
        controller.finished.connect(self._on_controller_finished)
        workbench.runner.finished.connect(self._on_runner_finished)

    def is_stepping(self) -> bool:
        return self.controller.is_running()

    def request_steps(self, count: int) -> bool:
        """Do the next `count` steps of the session as the form shows it; False if refused."""
        if self.controller.is_running() or self._workbench.runner.is_running():
            return False
        problems = self._workbench.args.input_problems()
        if problems:
            self._workbench.args.show_error(problems[0])
            self.messageRaised.emit(
                self.tr("Not stepped: {problem}").format(problem=problems[0].message)
            )
            return False
        session = self._workbench.document.session
        first = self._next if session == self._session else 1
        if first is None:
            return False  # stepping has ended: the panel offers Reset
        if first == 1:
            if self._session is not None and session != self._session:
                self.messageRaised.emit(
                    self.tr("The session changed: stepping starts again at step 1")
                )
            self._panel.show_plan()
        self._session = session
        if not self.controller.submit(StepJob(session, first, count)):
            return False
        self._panel.show_stepping(first)
        self.steppingChanged.emit(True)
        return True

    def reset(self) -> None:
        """Back to step 1; the worker starts a new stepper with the next Step."""
        if self.controller.is_running():
            return
        self._next = 1
        self._session = None
        self._panel.show_plan()

    def request_stop(self) -> None:
        if self.controller.is_running():
            self.messageRaised.emit(self.tr("Stopping the step…"))
            self.controller.stop()

    def _on_controller_progressed(self, outcome: StepOutcome) -> None:
        self._panel.show_outcome(outcome)
        if not outcome.last:
            self._panel.show_stepping(outcome.next_number)

    def _on_controller_finished(self, job: StepJob, outcomes: Steps) -> None:
        for outcome in outcomes:
            self._panel.show_outcome(outcome)
        last = outcomes[-1]
        self._next = None if last.last else last.next_number
        self._panel.show_ended(self._next)
        self.steppingChanged.emit(False)
        if last.run is not None:
            self._workbench.results.outputs.show_run(FinishedRun(job.session, last.run))
        if last.error is not None:
            self.messageRaised.emit(
                self.tr("Step {number} failed: {why}").format(
                    number=last.number, why=last.error.message.splitlines()[0]
                )
            )
            if last.error.line:
                self._workbench.editor.go_to(last.error.line, 1)

    def _on_panel_line_requested(self, line: int) -> None:
        self._workbench.editor.go_to(line, 1)
        self._workbench.editor.editor.setFocus()

    def _on_runner_finished(self, _job: RunJob, _result: RunResult) -> None:
        """A normal run shows its times in the panel; stepping starts afresh after it."""
        self._next = 1
        self._session = None
