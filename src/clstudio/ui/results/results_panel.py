"""The bottom dock: timings, outputs, console, problems, build log and runtime steps."""

from __future__ import annotations

from PySide6.QtWidgets import QTabWidget, QWidget

from clstudio.common import count_text
from clstudio.reporting import FinishedRun
from clstudio.session import Session
from clstudio.ui.editor.build_log import BuildLogView
from clstudio.ui.editor.problems import ProblemsView
from clstudio.ui.results.console_panel import ConsolePanel
from clstudio.ui.results.outputs_panel import OutputsPanel
from clstudio.ui.results.steps_panel import StepsPanel
from clstudio.ui.results.timings_panel import TimingsPanel


class ResultsPanel(QTabWidget):
    """One tab per kind of result; each tab explains itself until it has something."""

    def __init__(
        self, problems: ProblemsView, build_log: BuildLogView, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setDocumentMode(True)
        self.timings = TimingsPanel()
        self.outputs = OutputsPanel()
        self.console = ConsolePanel()
        self.problems = problems
        self.build_log = build_log
        self.steps = StepsPanel()
        for widget, name in (
            (self.timings, "Timings"),
            (self.outputs, "Outputs"),
            (self.console, "Console"),
            (self.problems, "Problems"),
            (self.build_log, "Build log"),
            (self.steps, "Runtime steps"),
        ):
            widget.setObjectName(f"results{name.replace(' ', '')}")
            self.addTab(widget, name)  # the tabs show and hide their pages from now on
        problems.countChanged.connect(self._on_problems_count_changed)

    def tab_names(self) -> list[str]:
        return [self.tabText(i) for i in range(self.count())]

    def show_running(self, session: Session) -> None:
        self.console.append_message(
            f"Running {session.kernel}: {count_text(session.repeats, 'repeat')}, "
            f"time limit {session.timeout_s:g} s"
        )

    def show_result(self, run: FinishedRun) -> None:
        """Every tab describes this run; the outputs and steps hold only what it returned."""
        self.timings.show_result(run)
        self.outputs.show_result(run.result)
        self.console.append_run(run.result)
        self.steps.show_result(run.result)

    def show_session_changed(self, name: str) -> None:
        """Another session is shown: the results of the last one go; the Console says where
        that session's output begins."""
        self.timings.clear()
        self.outputs.clear()
        self.steps.clear()
        if self.console.has_text():
            self.console.append_message(f"Opened {name}: the runs above are of an earlier session")

    def _on_problems_count_changed(self, count: int) -> None:
        index = self.indexOf(self.problems)
        self.setTabText(index, f"Problems ({count})" if count else "Problems")
