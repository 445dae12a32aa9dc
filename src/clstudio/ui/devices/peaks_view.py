"""The Peaks tab of the device explorer: the device's measured bandwidth, compute and latency.

Every figure shows with its unit and the one sentence that says what it means;
a figure that failed says why. The view emits intents; the controller measures.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clstudio.common import PEAK_TESTS, PeakReport, gettext, peak_meaning
from clstudio.devices import DeviceInfo
from clstudio.reporting import TEST_TITLES, format_value
from clstudio.ui.named_widgets import push_button
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

NOT_MEASURED = QT_TRANSLATE_NOOP(
    "PeaksView",
    "Not measured on this device yet. Measuring takes about half a minute and runs small "
    "benchmark kernels in a separate process: the ceilings they find are what the "
    "roofline in Results compares your kernels with.",
)


def group_title(test: str) -> str:
    """The heading of a test's figures, in the user's language (the core's table is English)."""
    return gettext(TEST_TITLES[test])


class PeaksView(QWidget):
    """show_device(device, report) displays; measureRequested / stopRequested are intents."""

    measureRequested = Signal(DeviceInfo)
    stopRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._device: DeviceInfo | None = None
        self._lookup: Callable[[str], PeakReport | None] = lambda _name: None
        self.status = QLabel(self._not_measured())
        self.status.setWordWrap(True)
        self.measure_button = push_button(
            self.tr("Measure peaks"),
            self.tr("Measure memory bandwidth, compute and launch latency of this device"),
            clicked=self._on_measure_clicked,
        )
        self.stop_button = push_button(self.tr("Stop"), clicked=self.stopRequested, hidden=True)
        self.progress = QProgressBar()
        self.progress.setVisible(False)
        self.progress.setTextVisible(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.measure_button)
        buttons.addWidget(self.stop_button)

        self.figures = QTreeWidget()
        self.figures.setObjectName("peakFigures")
        self.figures.setHeaderLabels(
            [self.tr("Figure"), self.tr("Value"), self.tr("What it means")]
        )
        self.figures.setWordWrap(True)
        self.figures.setUniformRowHeights(False)
        header = self.figures.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.figures.setVisible(False)
        self.figures.currentItemChanged.connect(self._on_figures_current_changed)
        # A narrow dock elides the meaning column; the chosen figure's sentence is here whole.
        self.meaning = QLabel()
        self.meaning.setObjectName("peakMeaning")
        self.meaning.setWordWrap(True)
        self.meaning.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 6, 4, 4)
        layout.addWidget(self.status)
        layout.addLayout(buttons)
        # A row of its own: beside the buttons, a 300-pixel dock left it too narrow for
        # "measuring global_bandwidth.float4 (1 of 17)", which then wrapped out of sight.
        layout.addWidget(self.progress)
        layout.addWidget(self.figures, 1)
        layout.addWidget(self.meaning)

    def _not_measured(self) -> str:
        return QCoreApplication.translate("PeaksView", NOT_MEASURED)

    def set_lookup(self, lookup: Callable[[str], PeakReport | None]) -> None:
        """Where the kept measurement of a device (by name) comes from."""
        self._lookup = lookup

    def show_device(self, device: DeviceInfo) -> None:
        self._device = device
        self.show_report(self._lookup(device.name))

    def device_name(self) -> str:
        return self._device.name if self._device is not None else ""

    def show_failure(self, details: str) -> None:
        self.show_measuring(False)
        self.status.setText(
            self.tr("The measurement failed unexpectedly:\n{details}").format(details=details)
        )

    def show_report(self, report: PeakReport | None) -> None:
        self.figures.clear()
        self.meaning.clear()
        if report is None:
            self.status.setText(self._not_measured())
            self.measure_button.setText(self.tr("Measure peaks"))
            self.figures.setVisible(False)
            return
        when = report.measured_at.replace("T", " ").replace("+00:00", " UTC")
        failed = sum(1 for f in report.figures if not f.ok)
        driver = report.device.driver_version or self.tr("unknown")
        status = self.tr("Measured {when} with driver {driver}.").format(when=when, driver=driver)
        if failed == 1:
            status += self.tr(" 1 figure failed: see why below.")
        elif failed:
            status += self.tr(" {count} figures failed: see why below.").format(count=failed)
        if report.stopped:
            status += self.tr(" Stopped early: {reason}.").format(reason=report.stopped)
        self.status.setText(status)
        self.measure_button.setText(self.tr("Measure again"))
        for test in PEAK_TESTS:
            figures = [f for f in report.figures if f.test == test]
            if not figures:
                continue
            group = QTreeWidgetItem(self.figures, [group_title(test)])
            font = group.font(0)
            font.setBold(True)
            group.setFont(0, font)
            group.setFirstColumnSpanned(True)
            for figure in figures:
                text = figure.error or peak_meaning(figure.key, figure.meaning)
                item = QTreeWidgetItem(group, [figure.width, format_value(figure), text])
                item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
                item.setToolTip(2, f"{text} ({figure.detail})" if figure.detail else text)
        self.figures.expandAll()
        self.figures.setVisible(True)
        top = self.figures.topLevelItem(0)
        first = top.child(0) if top is not None else None
        if first is not None:
            self.figures.setCurrentItem(first)

    def value_text(self, key: str) -> str:
        """The Value column of a figure (`global_bandwidth.float4`), as the user sees it."""
        test, width = key.split(".", 1)
        found = self.figures.findItems(
            width, Qt.MatchFlag.MatchExactly | Qt.MatchFlag.MatchRecursive
        )
        for item in found:
            group = item.parent()
            if group is not None and group.text(0) == group_title(test):
                return item.text(1)
        return ""

    def _on_figures_current_changed(
        self, current: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None
    ) -> None:
        if current is None or current.parent() is None:
            self.meaning.clear()
            return
        group = current.parent()
        assert group is not None
        self.meaning.setText(
            f"<b>{html.escape(group.text(0))}, {html.escape(current.text(0))}: "
            f"{html.escape(current.text(1))}</b><br>{html.escape(current.toolTip(2))}"
        )

    def show_measuring(self, running: bool) -> None:
        self.measure_button.setEnabled(not running)
        self.stop_button.setVisible(running)
        self.progress.setVisible(running)
        if running:
            self.progress.setRange(0, 0)
            self.progress.setFormat(self.tr("starting…"))

    def show_progress(self, done: int, total: int, key: str) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        if key:
            text = self.tr("measuring {key} ({number} of {total})").format(
                key=key, number=done + 1, total=total
            )
        else:
            text = self.tr("done")
        self.progress.setFormat(text)

    def _on_measure_clicked(self) -> None:
        if self._device is not None:
            self.measureRequested.emit(self._device)
