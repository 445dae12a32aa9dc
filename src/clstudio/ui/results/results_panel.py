"""The bottom dock: timings, roofline, local size, outputs, console, problems, log, steps
and the tabs the window adds (host code, compiler, memory, portability).

The Outputs tab holds several plots, and making a pyqtgraph plot takes tens of
milliseconds (the first also imports pyqtgraph): it is made once the window has painted,
or when first needed. The other tabs make theirs only when needed: to show a result,
or, for the Memory tab, when it is shown. The Compiler and Memory tabs themselves are
made when first shown (ui/lazy_page.py), and then shown the last run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

from clstudio.reporting import FinishedRun
from clstudio.session import Session
from clstudio.ui.editor.build_log import BuildLogView
from clstudio.ui.editor.problems_view import ProblemsView
from clstudio.ui.last_run_tab import LastRunTab
from clstudio.ui.lazy_page import LazyPage
from clstudio.ui.results.console_panel import ConsolePanel
from clstudio.ui.results.result_view import ResultView
from clstudio.ui.results.roofline.roofline_panel import RooflinePanel
from clstudio.ui.results.sweep_panel import SweepPanel
from clstudio.ui.results.timings.timings_panel import TimingsPanel
from clstudio.ui.steps.steps_panel import StepsPanel
from clstudio.ui.when_laid_out import when_laid_out

if TYPE_CHECKING:
    from clstudio.ui.results.outputs.outputs_panel import OutputsPanel

V = TypeVar("V", bound=LastRunTab)


class ResultsPanel(QTabWidget):
    """One tab per kind of result; each tab explains itself until it has something."""

    checkRequested = Signal()  # "Check this kernel" on a crashed run's banner
    referenceEdited = Signal(str, object)  # an output's name, its new Reference or None
    roomRequested = Signal(int)  # pixels more the shown tab needs to be read whole

    def __init__(
        self, problems: ProblemsView, build_log: BuildLogView, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setDocumentMode(True)
        self.timings = TimingsPanel()
        self.roofline = RooflinePanel()
        self.sweep = SweepPanel()
        self._outputs: OutputsPanel | None = None
        self._outputs_page = QWidget()
        QVBoxLayout(self._outputs_page).setContentsMargins(0, 0, 0, 0)
        self._painted = False
        self.console = ConsolePanel()
        self.problems = problems
        self.build_log = build_log
        self.steps = StepsPanel()
        self._added_views: list[LazyPage[LastRunTab]] = []
        self._last_run: FinishedRun | None = None  # for a tab made after it
        for widget, name, title in (
            (self.timings, "Timings", self.tr("Timings")),
            (self.roofline, "Roofline", self.tr("Roofline")),
            (self.sweep, "Localsize", self.tr("Local size")),
            (self._outputs_page, "Outputs", self.tr("Outputs")),
            (self.console, "Console", self.tr("Console")),
            (self.problems, "Problems", self.tr("Problems")),
            (self.build_log, "Buildlog", self.tr("Build log")),
            (self.steps, "Runtimesteps", self.tr("Runtime steps")),
        ):
            if widget is not self._outputs_page:
                widget.setObjectName(f"results{name}")
            self.addTab(widget, title)  # the tabs show and hide their pages from now on
        problems.countChanged.connect(self._on_problems_count_changed)
        self.timings.banner.checkRequested.connect(self.checkRequested)
        self.currentChanged.connect(self._on_current_changed)

    @property
    def outputs(self) -> OutputsPanel:
        return self._make_outputs()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            QTimer.singleShot(0, self, self._make_outputs)  # ready before the first run ends

    def _make_outputs(self) -> OutputsPanel:
        if self._outputs is None:
            from clstudio.ui.results.outputs.outputs_panel import OutputsPanel

            self._outputs = OutputsPanel()
            self._outputs.setObjectName("resultsOutputs")
            self._outputs.banner.checkRequested.connect(self.checkRequested)
            self._outputs.referenceEdited.connect(self.referenceEdited)
            layout = self._outputs_page.layout()
            assert layout is not None
            layout.addWidget(self._outputs)
            # A child added to a page on screen stays hidden until shown; one added to a
            # hidden page shows with it. Hiding it here would keep it hidden for good.
            if self._outputs_page.isVisible():
                self._outputs.show()
        return self._outputs

    def tab_names(self) -> list[str]:
        return [self.tabText(i) for i in range(self.count())]

    def show_running(self, session: Session) -> None:
        if session.repeats == 1:
            text = self.tr("Running {kernel}: 1 repeat, time limit {limit} s")
        else:
            text = self.tr("Running {kernel}: {count} repeats, time limit {limit} s")
        self.console.append_message(
            text.format(
                kernel=session.kernel, count=session.repeats, limit=f"{session.timeout_s:g}"
            )
        )

    def add_view(self, make: Callable[[], V], name: str, title: str) -> LazyPage[V]:
        """A tab the window builds (it needs a backend), made by `make` when first shown
        and then shown the last run; from then on it shows every run like the others."""
        page = LazyPage(make)
        page.setObjectName(f"results{name}")
        self.addTab(page, title)
        page.then(self._show_last_run)
        self._added_views.append(page)
        return page

    def setCurrentWidget(self, widget: QWidget) -> None:
        """The tab of `widget` in front: a page, or what a lazily made page holds."""
        holding = (
            page for page in self._added_views if page.is_made() and page.content() is widget
        )
        super().setCurrentWidget(next(holding, widget))

    def _show_last_run(self, view: LastRunTab) -> None:
        if self._last_run is not None:
            view.show_run(self._last_run)

    def views(self) -> tuple[ResultView, ...]:
        """The tabs that show each finished run, in the order of the tabs; those not made
        yet are not among them (they are shown the last run when made)."""
        added = (page.content() for page in self._added_views if page.is_made())
        return (
            self.timings,
            self.roofline,
            self.outputs,
            self.console,
            self.steps,
            *added,
        )

    def show_run(self, run: FinishedRun) -> None:
        """Every tab describes this run; the outputs and steps hold only what it returned."""
        self._last_run = run
        for view in self.views():
            view.show_run(run)
        # Once the pages, and a first run's growth of the dock, are laid out.
        when_laid_out(self, self.ask_for_room)

    def ask_for_room(self) -> None:
        """The roofline's chart, the eleven steps and the timeline's rows are read whole or
        not at all: when their tab is shown and the dock is too short, ask the window for
        the difference."""
        page = self.currentWidget()
        wanted = {
            self.roofline: self.roofline.wanted_height,
            self.steps: self.steps.wanted_height,
            self.timings: self.timings.wanted_height,
        }
        for shown, height in wanted.items():
            if page is shown and height() > shown.height():
                self.roomRequested.emit(height() - shown.height())

    def show_session_changed(self) -> None:
        """Another session is shown: every tab of the last run goes back to its empty state,
        so nothing of the last kernel is taken for this one's (the Console too). The
        Roofline keeps the runs to compare this session's first run with, and Timings its
        run history, both out of sight until a run."""
        # Outputs not made yet are empty already; making them here would import pyqtgraph
        # before the first paint, which shows the first session.
        outputs = () if self._outputs is None else (self._outputs,)
        cleared: tuple[ResultView, ...] = (self.timings, *outputs, self.steps, self.roofline)
        added = (page.content() for page in self._added_views if page.is_made())
        self._last_run = None
        for view in (*cleared, *added):
            view.clear()
        self.sweep.clear()  # a sweep is not a run's view: it has no show_run
        self.console.clear()

    def _on_current_changed(self, _index: int) -> None:
        # The page takes its size once shown: ask once the layout has placed it.
        QTimer.singleShot(0, self, self.ask_for_room)

    def _on_problems_count_changed(self, count: int) -> None:
        index = self.indexOf(self.problems)
        self.setTabText(
            index,
            self.tr("Problems ({count})").format(count=count) if count else self.tr("Problems"),
        )
