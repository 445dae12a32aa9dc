"""The Runtime steps tab: the lesson's eleven host steps, walked one at a time or timed by a run.

In step mode each row fills in as its step ends in the worker: what it produced and
how long it took; a failed step turns red and explains itself (a build failure lists
its diagnostics, each a link to its line). After a normal run the same rows show the
run's times with a bar each on one scale, and a row for the later launches. The panel
shows state and emits intents; StepMode decides.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clstudio.common import HOST_STEP_COUNT, StepOutcome, format_seconds
from clstudio.hostcode import HOST_STEPS, HostStep
from clstudio.reporting import FinishedRun, later_launches, lesson_times
from clstudio.ui.error_text import error_text
from clstudio.ui.named_widgets import push_button, text_label
from clstudio.ui.steps.step_details import details_html, stopped
from clstudio.ui.steps.step_rows import (
    CALL,
    CALL_WIDTH,
    COLUMNS,
    LINE_ROLE,
    NUMBER,
    PRODUCED,
    SECONDS_ROLE,
    STATE_ROLE,
    TIME,
    TITLE,
    add_diagnostics,
    clear_row,
    later_row,
    paint_row,
    scale_bars,
    step_row,
)
from clstudio.ui.steps.step_time_bar import BAR_ROLE, StepTimeBarDelegate


class StepsPanel(QWidget):
    """show_plan() lists the steps to come; show_outcome() fills one in; show_run() a run."""

    stepRequested = Signal()
    runToEndRequested = Signal()
    resetRequested = Signal()
    stepSelected = Signal(int)  # the lesson step chosen in the list, 1 to 11
    lineRequested = Signal(int)  # a build diagnostic was clicked: its line in the source

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.step_button = push_button(
            self.tr("Step"),
            self.tr("Do the next step of the host program in the worker"),
            "stepButton",
        )
        self.run_to_end_button = push_button(
            self.tr("Run to end"), self.tr("Do every step that is left, one after another")
        )
        self.reset_button = push_button(self.tr("Reset"), self.tr("Start again from step 1"))
        self.status = text_label("stepsStatus", wrap=True)
        self.tree = QTreeWidget()
        self.tree.setObjectName("runtimeStepsList")
        self.tree.setColumnCount(len(COLUMNS))
        self.tree.setHeaderLabels([QCoreApplication.translate("StepsColumns", c) for c in COLUMNS])
        self.tree.setRootIsDecorated(False)
        self.tree.setItemsExpandable(False)
        self.tree.setItemDelegateForColumn(TIME, StepTimeBarDelegate(self.tree))
        header = self.tree.header()
        header.setStretchLastSection(False)
        for column in (NUMBER, TITLE):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        # Step 7's three calls would squeeze what the steps produced: the tooltip has them all.
        header.setSectionResizeMode(CALL, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(CALL, CALL_WIDTH)
        header.setSectionResizeMode(PRODUCED, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(TIME, QHeaderView.ResizeMode.Fixed)
        header.resizeSection(TIME, 150)
        self.details = QLabel()
        self.details.setObjectName("stepDetails")
        self.details.setWordWrap(True)
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # A failed launch's rule with its arithmetic can be longer than the panel is high.
        details_area = QScrollArea()
        details_area.setWidget(self.details)
        details_area.setWidgetResizable(True)
        details_area.setFrameShape(QScrollArea.Shape.NoFrame)
        details_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        details_area.setMinimumWidth(220)
        self._items: list[QTreeWidgetItem] = []
        self._later: QTreeWidgetItem | None = None
        self._outcomes: dict[int, StepOutcome] = {}
        self._make_rows()

        # The buttons and what they did sit beside the rows, above the details: at
        # 1280 x 800 the dock's height, left after the editor's 20 lines, is the rows'.
        buttons = QHBoxLayout()
        for button in (self.step_button, self.run_to_end_button, self.reset_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.setSpacing(4)
        side_layout.addLayout(buttons)
        side_layout.addWidget(self.status)
        side_layout.addWidget(details_area, 1)
        splitter = QSplitter()
        splitter.addWidget(self.tree)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([700, 300])  # a scroll area asks for little width of its own
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter, 1)

        self.step_button.clicked.connect(self.stepRequested)
        self.run_to_end_button.clicked.connect(self.runToEndRequested)
        self.reset_button.clicked.connect(self.resetRequested)
        self.tree.currentItemChanged.connect(self._on_tree_current_item_changed)
        self.tree.itemClicked.connect(self._on_tree_item_activated)
        self.tree.itemActivated.connect(self._on_tree_item_activated)
        self.show_plan()

    def _make_rows(self) -> None:
        for step in HOST_STEPS:
            item = step_row(step)
            self.tree.addTopLevelItem(item)
            self._items.append(item)

    # What the panel shows --------------------------------------------------------------

    def show_plan(self) -> None:
        """Every step pending: step mode starts from step 1."""
        self._outcomes = {}
        self._drop_later_row()
        for item in self._items:
            clear_row(item)
            self._paint(item, "pending")
        self._mark_current(1)
        self.status.setText(
            self.tr(
                "Step does the next step of the host program in the worker; Run to end does "
                "the rest. After a run, the steps show its times."
            )
        )
        self.set_next(1)
        self._select(1)

    def clear(self) -> None:
        """Another session is shown: back to the plan."""
        self.show_plan()

    def show_stepping(self, number: int) -> None:
        """Step `number` (and maybe those after it) is under way in the worker."""
        self._mark_current(number)
        item = self._items[number - 1]
        if number not in self._outcomes:  # a program's step in parts keeps its last part
            item.setText(PRODUCED, self.tr("running…"))
        self.status.setText(self.tr("Step {number} is running…").format(number=number))
        self.set_busy(True)

    def show_outcome(self, outcome: StepOutcome) -> None:
        """Fill in one step; a failed one turns red and says why. A part of a program's
        step (a kernel, its arguments, a launch) adds a row under it; the step's time is
        its parts' sum."""
        item = self._items[outcome.number - 1]
        earlier = self._outcomes.get(outcome.number)
        if outcome.parts and earlier is not None and earlier.ok and earlier.part >= outcome.part:
            return  # shown as it ended; the request's end shows every outcome again
        if outcome.part > 1 and earlier is not None:
            outcome = replace(outcome, seconds=earlier.seconds + outcome.seconds)
        else:
            clear_row(item)
        self._outcomes[outcome.number] = outcome
        item.setText(TIME, format_seconds(outcome.seconds))
        item.setData(TIME, SECONDS_ROLE, outcome.seconds)
        if outcome.ok:
            item.setText(PRODUCED, outcome.produced)
            item.setToolTip(PRODUCED, outcome.produced)
            if outcome.parts:
                part = QTreeWidgetItem(
                    ["", f"{outcome.part}/{outcome.parts}", "", outcome.produced]
                )
                part.setToolTip(PRODUCED, outcome.produced)
                item.addChild(part)
                item.setExpanded(True)
            self._paint(item, "done")
            self._mark_current(outcome.next_number)
        else:
            error = outcome.error
            text = error_text(error) if error is not None else self.tr("failed")
            item.setText(PRODUCED, text.splitlines()[0])
            item.setToolTip(PRODUCED, text)
            self._paint(item, "stopped" if stopped(outcome) else "failed")
            add_diagnostics(item, outcome)
            self._mark_current(None)
        self._scale_bars()
        self._select(outcome.number)  # the step just done, with what it produced

    def show_ended(self, next_number: int | None) -> None:
        """The request is over: `next_number` is the step Step would do, or None (Reset)."""
        if next_number is not None and next_number not in self._outcomes:
            self._items[next_number - 1].setText(PRODUCED, "")  # no longer "running…"
        self.set_busy(False)
        self.set_next(next_number)
        done = [o for o in self._outcomes.values() if o.ok and o.part == o.parts]
        total = format_seconds(sum(o.seconds for o in self._outcomes.values()))
        if next_number is None:
            failed = next((o for o in self._outcomes.values() if not o.ok), None)
            if failed is not None:
                self.status.setText(
                    self.tr(
                        "Step {number} failed: see why beside the list. Reset starts again."
                    ).format(number=failed.number)
                )
            else:
                self.status.setText(
                    self.tr("All {count} steps done, {total} on the host in all.").format(
                        count=len(done), total=total
                    )
                )
        else:
            self.status.setText(
                self.tr("{done} of {count} steps done; step {number} is next.").format(
                    done=len(done), count=HOST_STEP_COUNT, number=next_number
                )
            )

    def set_busy(self, busy: bool) -> None:
        for button in (self.step_button, self.run_to_end_button, self.reset_button):
            button.setEnabled(not busy)

    def set_next(self, number: int | None) -> None:
        self.step_button.setEnabled(number is not None)
        self.run_to_end_button.setEnabled(number is not None)
        self.reset_button.setEnabled(True)

    def show_run(self, run: FinishedRun) -> None:
        """After a normal run: each lesson step's time, on one scale with the later launches."""
        result = run.result
        self._outcomes = {}
        self._drop_later_row()
        times = lesson_times(result)
        for step, item in zip(HOST_STEPS, self._items, strict=True):
            clear_row(item)
            timed = times.get(step.number)
            if timed is None:
                self._paint(item, "pending")
                continue
            item.setText(PRODUCED, timed.detail)
            item.setToolTip(PRODUCED, timed.detail)
            item.setText(TIME, format_seconds(timed.seconds))
            item.setData(TIME, SECONDS_ROLE, timed.seconds)
            self._paint(item, "done")
        self._mark_current(None)
        later = later_launches(result)
        if later is not None:
            self._later = later_row(later)
            self.tree.addTopLevelItem(self._later)
        self._scale_bars()
        total = format_seconds(sum(t.seconds for t in times.values()))
        words = self.tr("The last run: {total} on the host in its steps.").format(total=total)
        if result.error is not None:
            words += " " + self.tr("It stopped: {error}").format(error=error_text(result.error))
        elif later is not None and 5 in times:
            words += " " + self.tr(
                "Building took {build}; each later launch takes {launch} on the device."
            ).format(
                build=format_seconds(times[5].seconds),
                launch=format_seconds(later.median_seconds),
            )
        self.status.setText(words)
        self.set_next(1)
        self._select(5 if 5 in times else 1)

    def wanted_height(self) -> int:
        """The tab's height that shows every row of the list without scrolling."""
        tree = self.tree
        rows = sum(1 + (item.childCount() if item.isExpanded() else 0) for item in self._items)
        rows += 1 if self._later is not None else 0
        row = tree.visualItemRect(self._items[0]).height() or tree.fontMetrics().height()
        return self.height() - tree.viewport().height() + rows * row + 2 * tree.frameWidth()

    def row_texts(self, number: int) -> list[str]:
        """The texts of step `number`'s row (0 is the later launches' row), as shown."""
        item = self._later if number == 0 else self._items[number - 1]
        assert item is not None
        return [item.text(column) for column in range(len(COLUMNS))]

    def row_state(self, number: int) -> str:
        """ "pending", "current", "done", "failed" or "stopped", as the row is drawn."""
        return str(self._items[number - 1].data(NUMBER, STATE_ROLE))

    def bar_of(self, number: int) -> float:
        """The length of a row's bar, 0 to 1 of the longest (0 is the later launches' row)."""
        item = self._later if number == 0 else self._items[number - 1]
        value = item.data(TIME, BAR_ROLE) if item is not None else None
        return float(value) if isinstance(value, float) else 0.0

    def part_texts(self, number: int) -> list[str]:
        """What each part of a program's step `number` produced, as its rows show it."""
        item = self._items[number - 1]
        rows = [item.child(i) for i in range(item.childCount())]
        return [row.text(PRODUCED) for row in rows if row is not None and row.text(TITLE)]

    def diagnostic_items(self) -> list[QTreeWidgetItem]:
        children = [item.child(i) for item in self._items for i in range(item.childCount())]
        return [child for child in children if child is not None]

    # Inner workings --------------------------------------------------------------------

    def _drop_later_row(self) -> None:
        if self._later is not None:
            self.tree.takeTopLevelItem(self.tree.indexOfTopLevelItem(self._later))
            self._later = None

    def _paint(self, item: QTreeWidgetItem, state: str) -> None:
        paint_row(item, state, self.palette())

    def _mark_current(self, number: int | None) -> None:
        """The step Step does next gets a marker; None when there is none."""
        for step, item in zip(HOST_STEPS, self._items, strict=True):
            current = step.number == number
            item.setText(NUMBER, f"▶ {step.number}" if current else str(step.number))
            if current:
                self._paint(item, "current")
            elif item.data(NUMBER, STATE_ROLE) == "current":
                self._paint(item, "pending")

    def _scale_bars(self) -> None:
        scale_bars([*self._items, *([self._later] if self._later is not None else [])])

    def _select(self, number: int) -> None:
        self.tree.setCurrentItem(self._items[number - 1])
        self._show_details(HOST_STEPS[number - 1])

    def _on_tree_current_item_changed(
        self, current: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None
    ) -> None:
        if current is None or current not in self._items:
            return
        step = HOST_STEPS[self._items.index(current)]
        self._show_details(step)
        self.stepSelected.emit(step.number)

    def _on_tree_item_activated(self, item: QTreeWidgetItem, _column: int) -> None:
        line = item.data(TITLE, LINE_ROLE)
        if isinstance(line, int):
            self.lineRequested.emit(line)

    def _show_details(self, step: HostStep) -> None:
        """The chosen step in full, beside the list: what it produced, its calls, why."""
        item = self._items[step.number - 1]
        produced = item.toolTip(PRODUCED) or item.text(PRODUCED)
        if produced == self.tr("running…"):
            produced = ""
        current = item.data(NUMBER, STATE_ROLE) == "current"
        outcome = self._outcomes.get(step.number)
        self.details.setText(details_html(step, produced, item.text(TIME), outcome, current))
