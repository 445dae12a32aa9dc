"""The Portability tab: the kernel built on every device found, and for each that refuses
it, why (the OpenCL C version, work-group collective functions, cl_khr_fp16, SVM…) and
the usual way round; `clstudio portability` prints the same report.

The builds run as one job (ui/jobs.py) on the measurements backend, never on the GUI
thread; the report carries the session it was made for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clstudio.backend import MeasuringBackend
from clstudio.common import RunError
from clstudio.devices import DeviceInventory
from clstudio.embedded import host_text_of
from clstudio.measurements import PortabilityReport, portability_report
from clstudio.session import Session
from clstudio.ui.jobs import Job, JobController
from clstudio.ui.tasks import TaskState

PortabilityController = JobController[MeasuringBackend, PortabilityReport, None]


@dataclass(frozen=True)
class PortabilityJob(Job[MeasuringBackend, PortabilityReport, None]):
    session: Session
    inventory: DeviceInventory

    def run(self, backend: MeasuringBackend, state: TaskState[None]) -> PortabilityReport:
        session = self.session
        return portability_report(
            backend,
            self.inventory,
            session.source,
            session.build_options,
            session.kernel,
            host_text_of(session),
        )

    def crashed(self, error: RunError) -> PortabilityReport:
        session = self.session
        return PortabilityReport(session.kernel, session.build_options, (), (), error.message)


class PortabilityTab(QWidget):
    """A button, then one row per device: builds or not, and each reason under it."""

    checkRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.check_button = QPushButton(self.tr("Build on every device"))
        self.check_button.setToolTip(
            self.tr("Build the kernel with its options on each device found, and say why not")
        )
        self.summary = QLabel(
            self.tr("Where does this kernel build? Build it on every device to find out.")
        )
        self.summary.setWordWrap(True)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("Device"), self.tr("Builds"), self.tr("Why not")])
        self.tree.setWordWrap(True)
        self.tree.setColumnWidth(0, 260)
        self.tree.setColumnWidth(1, 110)
        top = QHBoxLayout()
        top.addWidget(self.check_button)
        top.addWidget(self.summary, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.tree, 1)
        self.check_button.clicked.connect(self.checkRequested)

    def set_checking(self, checking: bool) -> None:
        self.check_button.setEnabled(not checking)
        if checking:
            self.summary.setText(self.tr("Building on every device…"))

    def show_report(self, report: PortabilityReport) -> None:
        self.set_checking(False)
        self.tree.clear()
        if report.problem:
            self.summary.setText(report.problem)
            return
        builds = [row for row in report.devices if row.builds]
        said = self.tr("{kernel} builds on {count} of {total} devices (options: {options})")
        self.summary.setText(
            said.format(
                kernel=report.kernel,
                count=len(builds),
                total=len(report.devices),
                options=report.options or self.tr("none"),
            )
        )
        for row in report.devices:
            item = QTreeWidgetItem(
                [
                    f"{row.platform}: {row.device}",
                    self.tr("builds") if row.builds else self.tr("does not build"),
                    "",
                ]
            )
            self.tree.addTopLevelItem(item)
            for reason in row.reasons:
                way = self.tr("Way round: {way}").format(way=reason.way_round)
                child = QTreeWidgetItem(["", "", f"{reason.reason}\n{way}"])
                child.setToolTip(2, f"{reason.reason}\n{way}")
                item.addChild(child)
            for error in row.errors:
                said = self.tr("line {line}: {message}") if error.line > 0 else "{message}"
                text = said.format(line=error.line, message=error.message)
                item.addChild(QTreeWidgetItem(["", "", text]))
            if row.log:
                item.addChild(QTreeWidgetItem(["", "", row.log.splitlines()[0]]))
            item.setExpanded(not row.builds)

    def shown_rows(self) -> list[tuple[str, str, list[str]]]:
        """Each device's row as the user reads it: name, verdict, the lines under it."""
        rows = []
        for index in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(index)
            assert item is not None
            children = (item.child(c) for c in range(item.childCount()))
            lines = [child.text(2) for child in children if child is not None]
            rows.append((item.text(0), item.text(1), lines))
        return rows


def connect_portability(
    tab: PortabilityTab,
    jobs: PortabilityController,
    session: Callable[[], Session],
    inventory: Callable[[], DeviceInventory],
) -> None:
    """The tab's button builds the open session on every device `inventory` lists."""
    tab.checkRequested.connect(lambda: jobs.submit(PortabilityJob(session(), inventory())))
    jobs.started.connect(lambda _job: tab.set_checking(True))
    jobs.finished.connect(lambda _job, report: tab.show_report(report))
