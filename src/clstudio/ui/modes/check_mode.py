"""Run > Check: the session as the form shows it, once on Oclgrind, its problems at their lines.

The problems show as build errors do (squiggles, gutter marks, Problems entries
that jump to the line) until the source is edited. Builds, runs and the form go
on while a check runs: it has a worker and a thread of its own.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QWidget

from clstudio.checkmode import GET_OCLGRIND, CheckResult
from clstudio.common import Diagnostic
from clstudio.ui.modes.oclgrind_mode import OclgrindMode
from clstudio.ui.run.check_job import CheckController, CheckJob, CheckProgress
from clstudio.ui.run.check_status import CheckStatus
from clstudio.ui.workbench import Workbench


class CheckMode(OclgrindMode):
    """Starts checks for the workbench's document and shows what they find."""

    checkingChanged = Signal(bool)  # the Check action turns into Stop Check, and back

    def __init__(
        self,
        controller: CheckController,
        workbench: Workbench,
        status: CheckStatus,
        simulator_listed: Callable[[], bool | None],
        parent: QWidget,
    ) -> None:
        """`simulator_listed`: whether discovery found Oclgrind (None: not known yet)."""
        super().__init__(workbench, simulator_listed, parent)
        self.controller = controller
        self._status = status
        controller.started.connect(self._on_controller_started)
        controller.progressed.connect(self._on_controller_progressed)
        controller.finished.connect(self._on_controller_finished)
        status.stopRequested.connect(self.request_stop)
        workbench.documentShown.connect(self._on_workbench_document_shown)

    def is_checking(self) -> bool:
        return self.controller.is_running()

    def toggle(self) -> None:
        """The Check action: start a check, or stop the one running."""
        if self.controller.is_running():
            self.request_stop()
        else:
            self.request_check()

    def request_check(self) -> bool:
        """Check the session as the form shows it; refused, with the reason, when it cannot."""
        if self.controller.is_running():
            return False
        if self._refused(self._refuse):
            return False
        return self.controller.submit(CheckJob(self._workbench.document.session))

    def _refuse(self, reason: str) -> None:
        self.messageRaised.emit(self.tr("Not checked: {reason}").format(reason=reason))

    def request_stop(self) -> None:
        if self.controller.is_running():
            self.messageRaised.emit(self.tr("Stopping the check…"))
            self.controller.stop()

    def _on_workbench_document_shown(self) -> None:
        if not self.controller.is_running():  # a running check keeps its Stop button
            self._status.clear()

    def _on_controller_started(self, job: CheckJob) -> None:
        self._workbench.editor.show_check_diagnostics(())
        self._status.show_started(job.session.kernel)
        self.checkingChanged.emit(True)

    def _on_controller_progressed(self, progress: CheckProgress) -> None:
        self._status.show_progress(*progress)

    def _on_controller_finished(self, _job: CheckJob, result: CheckResult) -> None:
        self.checkingChanged.emit(False)
        self._status.show_finished(check_verdict(result))
        if not result.simulator_found:
            self._say_oclgrind_is_missing()
            return
        self._workbench.editor.show_check_diagnostics(check_diagnostics(result))
        results = self._workbench.results
        results.setCurrentWidget(results.problems)

    def _missing(self) -> tuple[str, str]:
        return self.tr("Check needs Oclgrind"), GET_OCLGRIND


def check_diagnostics(result: CheckResult) -> tuple[Diagnostic, ...]:
    """The problems, then what kept the check from running and what it did not cover."""
    shown = list(result.diagnostics())
    if result.error is not None:
        line = result.error.line or 0
        reason = QCoreApplication.translate("CheckMode", "Check did not run: {reason}").format(
            reason=result.error.message
        )
        shown.append(Diagnostic(line, 0, "error", reason))
    if result.coverage:
        coverage = QCoreApplication.translate("CheckMode", "Check: {coverage}").format(
            coverage=result.coverage
        )
        shown.append(Diagnostic(0, 0, "note", coverage))
    if result.suppressed:
        note = QCoreApplication.translate(
            "CheckMode",
            "Check: Oclgrind stopped reporting after its limit, so the counts are minimums",
        )
        shown.append(Diagnostic(0, 0, "note", note))
    if result.ok:
        clean = QCoreApplication.translate("CheckMode", "Check: no problems found on Oclgrind")
        shown.append(Diagnostic(0, 0, "note", clean))
    return tuple(shown)


def check_verdict(result: CheckResult) -> str:
    """The status bar's words for a finished check."""
    if result.error is not None:
        ended = {
            "timeout": QCoreApplication.translate("CheckMode", "timed out"),
            "cancelled": QCoreApplication.translate("CheckMode", "stopped"),
            "crash": QCoreApplication.translate("CheckMode", "crashed"),
        }
        return ended.get(result.error.stage) or QCoreApplication.translate(
            "CheckMode", "did not run ({stage} error)"
        ).format(stage=result.error.stage)
    count = len(result.problems)
    if count == 0:
        return QCoreApplication.translate("CheckMode", "no problems found")
    if count == 1:
        return QCoreApplication.translate("CheckMode", "1 problem found: see Problems")
    return QCoreApplication.translate("CheckMode", "{count} problems found: see Problems").format(
        count=count
    )
