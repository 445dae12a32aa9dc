"""The Exercises panel: every exercise with its status, the chosen one's statement and
hints, the starter to open (when the device offers a second one), and the buttons that
open it, check it and show its solution."""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication, QSignalBlocker, Qt, QTimer, Signal
from PySide6.QtGui import QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clstudio.exercises import CheckReport, Exercise
from clstudio.ui.exercises.grading_results import CheckResultsView
from clstudio.ui.exercises.status_marks import COLOURS, status_text
from clstudio.ui.tree_items import rows_height
from clstudio.ui.when_laid_out import when_laid_out
from clstudio.ui.wrapping_delegate import WrappingDelegate

_NAME = Qt.ItemDataRole.UserRole
LIST_ROWS_WHILE_CHECKED = 3  # the exercise list keeps these when a check needs the room
# What the list shows at first: at 1280 x 800 it showed two and a half rows of twenty, the
# statement the rest. The splitter moves whole rows from then on.
LIST_ROWS_AT_FIRST = 6


class ExercisesPanel(QWidget):
    """Shows exercises and checks; the controller decides what the buttons do."""

    exerciseChosen = Signal(str)  # exercise name: picked in the list
    openRequested = Signal(str)
    checkRequested = Signal(str)
    hintRequested = Signal(str)
    solutionRequested = Signal(str)
    roomRequested = Signal(int)  # pixels more the Check tab needs to show a report whole

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("exercisesPanel")
        self._exercises: dict[str, Exercise] = {}
        self._statuses: dict[str, str] = {}
        self.list = QTreeWidget()
        self.list.setObjectName("exerciseList")
        self.list.setHeaderLabels([self.tr("Exercise"), self.tr("Status")])
        self.list.setRootIsDecorated(False)
        self.list.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.list.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.list.header().setStretchLastSection(False)
        WrappingDelegate(self.list)  # a long title wraps rather than lose its end to "…"
        self.list.setMinimumHeight((LIST_ROWS_WHILE_CHECKED + 2) * self.list.fontMetrics().height())
        self.list.currentItemChanged.connect(self._on_list_current_changed)
        self.list.itemDoubleClicked.connect(
            lambda item, _column: self.openRequested.emit(item.data(0, _NAME))
        )
        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.hide()

        self.open_button = QPushButton(self.tr("Open"))
        self.open_button.setToolTip(
            self.tr("Load the exercise's session and your kernel into the editor")
        )
        self.check_button = QPushButton(self.tr("Check my solution"))
        self.check_button.setToolTip(
            self.tr("Run your kernel through every test case, then time it")
        )
        self.hint_button = QPushButton(self.tr("Hint"))
        self.solution_button = QPushButton(self.tr("Show solution…"))
        self.solution_button.setToolTip(self.tr("The reference solution; you are asked first"))
        for button, signal in (
            (self.open_button, self.openRequested),
            (self.check_button, self.checkRequested),
            (self.hint_button, self.hintRequested),
            (self.solution_button, self.solutionRequested),
        ):
            button.clicked.connect(lambda _=False, s=signal: self._emit_for_current(s))
        self.starter_label = QLabel(self.tr("Starter:"))
        self.starter_choice = QComboBox()
        self.starter_choice.setObjectName("starterChoice")
        self.starter_choice.setToolTip(
            self.tr("Open and Show solution use this starter; Check checks the one you opened")
        )
        self.starter_label.setBuddy(self.starter_choice)
        self.starter_note = QLabel()  # why a second starter is not offered on this device
        self.starter_note.setObjectName("starterNote")
        self.starter_note.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        self.progress.hide()

        self.statement = QTextBrowser()
        self.statement.setObjectName("exerciseStatement")
        self.statement.setOpenExternalLinks(True)
        self.statement.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.results = CheckResultsView()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.statement, self.tr("Statement"))
        self.tabs.addTab(self.results, self.tr("Check"))

        buttons = QGridLayout()
        buttons.addWidget(self.open_button, 0, 0)
        buttons.addWidget(self.check_button, 0, 1)
        buttons.addWidget(self.hint_button, 1, 0)
        buttons.addWidget(self.solution_button, 1, 1)
        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        starters = QHBoxLayout()
        starters.addWidget(self.starter_label)
        starters.addWidget(self.starter_choice, 1)
        lower_layout.addLayout(starters)
        lower_layout.addWidget(self.starter_note)
        lower_layout.addLayout(buttons)
        lower_layout.addWidget(self.progress)
        lower_layout.addWidget(self.tabs, 1)
        splitter = self._splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.list)
        splitter.addWidget(lower)
        self._lower = lower
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.problems)
        layout.addWidget(splitter, 1)
        self._checking = False
        self._update_buttons()
        self.show_starters([], "")

    # What the controller shows --------------------------------------------------------

    def set_exercises(
        self, exercises: tuple[Exercise, ...], statuses: dict[str, str], problems: tuple[str, ...]
    ) -> None:
        self._exercises = {e.name: e for e in exercises}
        self._statuses = dict(statuses)
        with QSignalBlocker(self.list):
            self.list.clear()
            for number, exercise in enumerate(exercises, start=1):
                item = QTreeWidgetItem([f"{number}. {exercise.title}", ""])
                item.setData(0, _NAME, exercise.name)
                item.setToolTip(0, exercise.summary)
                self.list.addTopLevelItem(item)
                self._show_status(item)
        self.problems.setVisible(bool(problems))
        self.problems.setText(
            self.tr("Not loaded: {problems}").format(problems="; ".join(problems))
        )
        first = self.list.topLevelItem(0)
        if first is not None:
            self.list.setCurrentItem(first)
        when_laid_out(self, self._show_first_rows)

    def _show_first_rows(self) -> None:
        """The list shows LIST_ROWS_AT_FIRST whole rows (or all, when fewer), the statement
        the rest; what the lower part needs at least comes first."""
        listed, lower = self._splitter.sizes()
        wanted = rows_height(self.list, min(LIST_ROWS_AT_FIRST, self.list.topLevelItemCount()))
        least = self._lower.minimumSizeHint().height()
        height = max(min(wanted, listed + lower - least), self.list.minimumHeight())
        self._splitter.setSizes([height, listed + lower - height])
        current = self.list.currentItem()
        if current is not None:
            self.list.scrollToItem(current)

    def set_status(self, name: str, status: str) -> None:
        self._statuses[name] = status
        item = self._item(name)
        if item is not None:
            self._show_status(item)

    def status_of(self, name: str) -> str:
        """The status as the list shows it."""
        return self._statuses[name]

    def _item(self, name: str) -> QTreeWidgetItem | None:
        for row in range(self.list.topLevelItemCount()):
            item = self.list.topLevelItem(row)
            if item is not None and item.data(0, _NAME) == name:
                return item
        return None

    def _show_status(self, item: QTreeWidgetItem) -> None:
        status = self._statuses[item.data(0, _NAME)]
        item.setText(1, status_text(status))
        item.setForeground(1, COLOURS[status])

    def select(self, name: str) -> None:
        item = self._item(name)
        if item is not None:
            self.list.setCurrentItem(item)

    def current_name(self) -> str | None:
        item = self.list.currentItem()
        return None if item is None else str(item.data(0, _NAME))

    def show_hints(self, name: str, count: int) -> None:
        """The statement with the first `count` hints of `name` under it."""
        exercise = self._exercises[name]
        self.statement.setMarkdown(_statement_markdown(exercise, count))
        wrap_code_blocks(self.statement.document())
        self.tabs.setCurrentWidget(self.statement)
        if count:  # the hints come after the statement: the newest is scrolled to the top
            document = self.statement.document()
            block = document.lastBlock()
            while block.isValid() and not block.text().strip():
                block = block.previous()
            top = document.documentLayout().blockBoundingRect(block).top()
            bar = self.statement.verticalScrollBar()
            bar.setValue(min(int(top), bar.maximum()))
        self.hint_button.setText(_hint_label(exercise, count))
        self.hint_button.setEnabled(count < len(exercise.hints))

    def show_starters(self, offered: list[tuple[str, str]], note: str) -> None:
        """The second starters (name, title) the device can build, and why any other is
        not offered; with neither, only the OpenCL C 1.2 starter exists and nothing shows.
        A choice still offered stays chosen."""
        chosen = self.current_variant()
        with QSignalBlocker(self.starter_choice):
            self.starter_choice.clear()
            self.starter_choice.addItem(self.tr("OpenCL C 1.2 (every device)"), None)
            for name, title in offered:
                self.starter_choice.addItem(title, name)
            self.starter_choice.setCurrentIndex(max(0, self.starter_choice.findData(chosen)))
        self.starter_label.setHidden(not offered)
        self.starter_choice.setHidden(not offered)
        self.starter_note.setText(note)
        self.starter_note.setHidden(not note)

    def current_variant(self) -> str | None:
        """The second starter chosen, or None for the OpenCL C 1.2 one."""
        data = self.starter_choice.currentData()
        return None if data is None else str(data)

    def show_checking(self, done: int, total: int, what: str) -> None:
        self._show_checking(True)
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        self.progress.setFormat(
            self.tr("{done} of {total}: {what}").format(done=done, total=total, what=what)
        )
        self.results.clear(self.tr("Checking… {what}").format(what=what))

    def show_report(self, report: CheckReport) -> None:
        self._show_checking(False)
        self.results.show_report(report)
        # Its rows and lines take their sizes once laid out: ask after that.
        QTimer.singleShot(0, self, self._ask_for_room)

    def _ask_for_room(self) -> None:
        shown = self.tabs.currentWidget() is self.results and self.isVisible()
        missing = self._missing_height()
        if shown and missing > 0:
            self.roomRequested.emit(missing)
            # What Results could not give, the list gives once the dock's resize is laid out.
            when_laid_out(self, self._take_from_list)

    def _take_from_list(self) -> None:
        """The exercise list yields rows to the Check tab, down to LIST_ROWS_WHILE_CHECKED,
        with the chosen exercise kept in view."""
        listed, lower = self._splitter.sizes()
        floor = rows_height(self.list, LIST_ROWS_WHILE_CHECKED)
        given = min(self._missing_height(), listed - floor)
        if given > 0:
            self._splitter.setSizes([listed - given, lower + given])
            current = self.list.currentItem()
            if current is not None:
                self.list.scrollToItem(current)

    def _missing_height(self) -> int:
        return self.results.wanted_height() - self.results.height()

    def show_check_failed(self, text: str) -> None:
        """A check that could not start or broke: the reason where its results would be."""
        self._show_checking(False)
        self.results.clear(text)

    def _show_checking(self, checking: bool) -> None:
        self._checking = checking
        self.progress.setVisible(checking)
        self._update_buttons()
        self.tabs.setCurrentWidget(self.results)

    # Intents --------------------------------------------------------------------------

    def _emit_for_current(self, signal: Signal) -> None:
        name = self.current_name()
        if name is not None:
            signal.emit(name)  # type: ignore[attr-defined]

    def _on_list_current_changed(self, current: QTreeWidgetItem | None, _previous: object) -> None:
        self._update_buttons()
        if current is not None:
            self.exerciseChosen.emit(current.data(0, _NAME))

    def _update_buttons(self) -> None:
        name = self.current_name()
        chosen = name is not None
        self.open_button.setEnabled(chosen)
        self.solution_button.setEnabled(chosen)
        self.check_button.setEnabled(chosen and not self._checking)


def wrap_code_blocks(document: QTextDocument) -> None:
    """Code blocks wrap like the prose: Markdown's are unbreakable, and a kernel's
    signature then scrolled the statement sideways in a narrow dock."""
    cursor = QTextCursor(document)
    block = document.begin()
    while block.isValid():
        if block.blockFormat().nonBreakableLines():
            cursor.setPosition(block.position())
            form = block.blockFormat()
            form.setNonBreakableLines(False)
            cursor.setBlockFormat(form)
        block = block.next()


def _hint_label(exercise: Exercise, shown: int) -> str:
    total = len(exercise.hints)
    if total == 0:
        return QCoreApplication.translate("ExercisesPanel", "No hints")
    if shown >= total:
        return QCoreApplication.translate("ExercisesPanel", "All hints shown")
    return QCoreApplication.translate("ExercisesPanel", "Hint ({number} of {total})").format(
        number=shown + 1, total=total
    )


def _statement_markdown(exercise: Exercise, hints: int) -> str:
    """The statement, then what the check runs, then the hints asked for so far."""
    cases = ", ".join(f"`{c.name}`" for c in exercise.cases)
    timed = exercise.performance
    sizes = ", ".join(f"{k} = {v}" for k, v in timed.sizes.items())
    parts = [
        exercise.statement.rstrip(),
        "## " + QCoreApplication.translate("ExercisesPanel", "Checked"),
        QCoreApplication.translate(
            "ExercisesPanel", "{count} cases: {cases}. Tolerance: rtol = {rtol}, atol = {atol}."
        ).format(
            count=len(exercise.cases),
            cases=cases,
            rtol=f"{exercise.tolerance.rtol:g}",
            atol=f"{exercise.tolerance.atol:g}",
        ),
        QCoreApplication.translate(
            "ExercisesPanel",
            "Timed at {sizes}, fastest of {repeats} repeats; the target is {multiple} × "
            "the reference solution's time on the same device.",
        ).format(sizes=sizes, repeats=timed.repeats, multiple=f"{timed.solution_multiple:g}"),
    ]
    if hints:
        parts.append("## " + QCoreApplication.translate("ExercisesPanel", "Hints"))
        parts += [f"{i}. {text}" for i, text in enumerate(exercise.hints[:hints], 1)]
    # Two levels down: a narrow dock has no room for a first-level heading's size.
    return re.sub(r"^(#+) ", r"##\1 ", "\n\n".join(parts), flags=re.MULTILINE) + "\n"
