"""The outcome of a check: one row per case, the story of the chosen one, then the timing."""

from __future__ import annotations

import html
import re

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHeaderView,
    QLabel,
    QScrollArea,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clstudio.exercises import CaseResult, CheckReport, MemoryCheck, memory_text
from clstudio.exercises.grading_text import mismatch_text, performance_text, value_text
from clstudio.ui.exercises.status_marks import COLOURS, status_text
from clstudio.ui.named_widgets import text_label
from clstudio.ui.tree_items import rows_height
from clstudio.ui.when_laid_out import when_laid_out

_CASE = Qt.ItemDataRole.UserRole


def sizes_text(case: CaseResult) -> str:
    return ", ".join(f"{name} = {size}" for name, size in case.sizes.items())


def memory_details(check: MemoryCheck) -> str:
    """Check mode's verdict on the smallest case: each problem at its line."""
    return "<br>".join(html.escape(line.strip()) for line in memory_text(check).splitlines())


def case_details(case: CaseResult) -> str:
    """A failing case in full: the size, what went wrong, the worst index and its values."""
    head = QCoreApplication.translate("CheckResultsView", "<b>{sizes}</b> (seed {seed})").format(
        sizes=html.escape(sizes_text(case)), seed=case.seed
    )
    if case.passed:
        return QCoreApplication.translate(
            "CheckResultsView", "{case}: every value within the tolerance."
        ).format(case=head)
    problem = case.problem
    if case.mismatches and problem == case.mismatches[0].message:
        # Its first clause: the worst place follows, line by line ("；" in Chinese).
        problem = re.split("; |；", problem, maxsplit=1)[0]
    lines = [f"{head}: {html.escape(problem)}"]
    for mismatch in case.mismatches[:1]:
        index = ", ".join(map(str, mismatch.index))
        lines += [
            QCoreApplication.translate("CheckResultsView", "worst index: <b>{place}</b>").format(
                place=f"{html.escape(mismatch.output)}[{index}]"
            ),
            QCoreApplication.translate("CheckResultsView", "expected: <b>{value}</b>").format(
                value=value_text(mismatch.expected)
            ),
            QCoreApplication.translate("CheckResultsView", "actual: <b>{value}</b>").format(
                value=value_text(mismatch.actual)
            ),
        ]
    lines += [
        QCoreApplication.translate("CheckResultsView", "also {mismatch}").format(
            mismatch=html.escape(mismatch_text(m))
        )
        for m in case.mismatches[1:]
    ]
    return "<br>".join(lines)


MIN_CASE_ROWS = 2


class CheckResultsView(QWidget):
    """Shows a CheckReport; the first failing case is chosen, and told in full below."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary = QLabel(self.tr("Check your kernel to see how it does on every test case."))
        self.summary.setWordWrap(True)
        self.cases = QTreeWidget()
        self.cases.setObjectName("exerciseCases")
        self.cases.setHeaderLabels([self.tr("Case"), self.tr("Result")])
        self.cases.setRootIsDecorated(False)
        header = self.cases.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.cases.currentItemChanged.connect(self._on_cases_current_changed)
        self.details = text_label("exerciseCaseDetails", wrap=True, selectable=True)
        self.performance = QLabel()
        self.performance.setObjectName("exercisePerformance")
        self.performance.setWordWrap(True)
        self.performance.setTextFormat(Qt.TextFormat.PlainText)
        # The case's story and the timing scroll: with the roofline position they run to
        # a dozen lines in a narrow dock, and would otherwise be cut off at its foot.
        story = QWidget()
        story_layout = QVBoxLayout(story)
        story_layout.setContentsMargins(0, 0, 0, 0)
        story_layout.addWidget(self.details)
        story_layout.addWidget(self.performance)
        story_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setObjectName("exerciseCheckStory")
        scroll.setWidget(story)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumHeight(2 * self.fontMetrics().height())  # never more than the dock's
        self._story, self._story_scroll = story, scroll
        # The cases and the story share what there is by a splitter: the story (the
        # verdict's details) first, then the cases, down to MIN_CASE_ROWS rows.
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.setObjectName("exerciseCheckSplitter")
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.cases)
        self.splitter.addWidget(scroll)
        self._layout = layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.summary)
        layout.addWidget(self.splitter, 1)

    def wanted_height(self) -> int:
        """The height that shows the summary, every case and the chosen case's story whole."""
        width = self._story_scroll.viewport().width()
        cases = rows_height(self.cases, self.cases.topLevelItemCount())
        story = self._story.heightForWidth(width)
        summary = self.summary.heightForWidth(self.summary.width())
        margins = self._layout.contentsMargins()
        gaps = self._layout.spacing() + self.splitter.handleWidth() + margins.top()
        gaps += margins.bottom()
        return max(summary, 0) + cases + max(story, self._story.sizeHint().height()) + gaps

    def story_hidden_height(self) -> int:
        """How much of the chosen case's story and the timing is out of view (0: all of it
        can be read without scrolling)."""
        viewport = self._story_scroll.viewport()
        return max(self._story.heightForWidth(viewport.width()) - viewport.height(), 0)

    def share_room(self) -> None:
        """The story gets the height it needs to be read whole, the cases the rest (all
        of them if they fit, never fewer than MIN_CASE_ROWS rows)."""
        total = sum(self.splitter.sizes())
        if total <= 0:
            return
        width = self._story_scroll.viewport().width()
        story = self._story.heightForWidth(width) + 2 * self._story_scroll.frameWidth()
        least_cases = self.cases.minimumHeight()
        all_cases = rows_height(self.cases, self.cases.topLevelItemCount())
        cases = min(max(least_cases, total - story), max(all_cases, least_cases))
        # Whole rows only: a row cut at its foot reads as one more case.
        rows = self.cases.topLevelItemCount()
        while rows > MIN_CASE_ROWS and rows_height(self.cases, rows) > cases:
            rows -= 1
        cases = max(least_cases, min(cases, rows_height(self.cases, rows)))
        self.splitter.setSizes([cases, total - cases])

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.cases.topLevelItemCount():
            self.share_room()

    def clear(self, text: str) -> None:
        self.summary.setText(text)
        self.cases.clear()
        self.details.clear()
        self.performance.clear()

    def show_report(self, report: CheckReport) -> None:
        passed = sum(case.passed for case in report.cases)
        if report.device:
            summary = self.tr("<b>{status}</b>: {passed} of {total} cases pass on {device}")
        else:
            summary = self.tr("<b>{status}</b>: {passed} of {total} cases pass")
        self.summary.setText(
            summary.format(
                status=status_text(report.status),
                passed=passed,
                total=len(report.cases),
                device=html.escape(report.device),
            )
        )
        self.cases.clear()
        for case in report.cases:
            verdict = self.tr("pass") if case.passed else self.tr("FAIL")
            item = QTreeWidgetItem([sizes_text(case), verdict])
            item.setForeground(1, COLOURS["passing" if case.passed else "failing"])
            item.setData(0, _CASE, case)
            item.setToolTip(0, case.name)
            self.cases.addTopLevelItem(item)
        memory = report.memory
        if memory is not None:
            if not memory.ran:
                verdict, colour = self.tr("not run"), "not started"
            else:
                verdict = self.tr("pass") if memory.passed else self.tr("FAIL")
                colour = "passing" if memory.passed else "failing"
            item = QTreeWidgetItem([self.tr("memory check (Oclgrind)"), verdict])
            item.setForeground(1, COLOURS[colour])
            item.setData(0, _CASE, memory)
            self.cases.addTopLevelItem(item)
        # The cases keep MIN_CASE_ROWS rows (the chosen, failing one among them): the story
        # of that case and the timing come first, and then all the cases that fit.
        shown = min(self.cases.topLevelItemCount(), MIN_CASE_ROWS)
        self.cases.setMinimumHeight(rows_height(self.cases, shown))
        failing = [i for i, case in enumerate(report.cases) if not case.passed]
        if memory is not None and not memory.passed and not failing:
            failing = [len(report.cases)]
        chosen = self.cases.topLevelItem(failing[0] if failing else 0)
        if chosen is not None:
            self.cases.setCurrentItem(chosen)
        text = performance_text(report.performance)
        if report.performance is not None and report.performance.roofline is not None:
            text += f"\n{report.performance.roofline.text}"
        self.performance.setText(text)
        when_laid_out(self, self.share_room)

    def _on_cases_current_changed(self, current: QTreeWidgetItem | None, _previous: object) -> None:
        if current is None:
            self.details.setText("")
            return
        shown = current.data(0, _CASE)
        if isinstance(shown, MemoryCheck):
            self.details.setText(memory_details(shown))
        else:
            self.details.setText(case_details(shown))
        when_laid_out(self, self.share_room)
