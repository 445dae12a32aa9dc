"""The Timings tab: how long each command took, how steady the kernel was, and how fast.

Times come from the device's own profiling events, not from the host's clock.
Every shown run joins a history, so runs before and after an edit (or on two
devices) can be overlaid on the per-repeat plot.
"""

from __future__ import annotations

import html
import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QGroupBox,
    QHeaderView,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clstudio.common import format_bytes, format_seconds
from clstudio.reporting import (
    BufferTraffic,
    FinishedRun,
    KernelStats,
    bandwidth_gb_s,
    device_kind_line,
    device_kind_note,
    gflop_s,
    kernel_shares,
    program_times_ns,
    timer_resolution_note,
)
from clstudio.session import MAX_OPERATIONS_PER_ITEM
from clstudio.ui.empty_state import EmptyStatePages
from clstudio.ui.layouts import vbox
from clstudio.ui.results.error_banner import ErrorBanner
from clstudio.ui.results.run_page import run_page
from clstudio.ui.results.timings.kernel_shares_table import KernelSharesTable
from clstudio.ui.results.timings.repeat_series import RepeatSeries
from clstudio.ui.results.timings.run_history import HistoryEntry, RunHistory
from clstudio.ui.results.timings.timeline_legend import legend_html
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP
from clstudio.ui.wheel_guard import guard_wheel

if TYPE_CHECKING:
    from clstudio.ui.results.timings.repeat_plot import RepeatPlot
    from clstudio.ui.results.timings.timeline_plot import TimelinePlot

# The rows' names, which stats_value takes; shown translated.
STATS_ROWS = (
    QT_TRANSLATE_NOOP("TimingsPanel", "Repeats"),
    QT_TRANSLATE_NOOP("TimingsPanel", "Min"),
    QT_TRANSLATE_NOOP("TimingsPanel", "Median"),
    QT_TRANSLATE_NOOP("TimingsPanel", "Mean"),
    QT_TRANSLATE_NOOP("TimingsPanel", "Std deviation"),
    QT_TRANSLATE_NOOP("TimingsPanel", "Max"),
)
SECONDS_ROLE = Qt.ItemDataRole.UserRole
PANE_MIN = 110  # pixels: the least width of each of the four panes


class TimingsPanel(QWidget):
    """show_run(run) after each run; history and overlay stay across runs."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._traffic: BufferTraffic | None = None
        self._latest_timed = True
        self._stats: KernelStats | None = None
        self._work_items = 0

        self.banner = ErrorBanner()
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # Made at the first run: plots are slow to make, and the first imports pyqtgraph.
        self._timeline: TimelinePlot | None = None
        self._repeats: RepeatPlot | None = None
        self.timeline_legend = QLabel(legend_html())
        self.timeline_legend.setWordWrap(True)
        self.timeline_hover = QLabel(" ")
        # Long hover texts must not widen the column and shift the splitter.
        self.timeline_hover.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.history = RunHistory()
        self.history.checkedRunsChanged.connect(self._on_history_checked_runs_changed)

        self.stats_table = QTableWidget(len(STATS_ROWS), 1)
        self.stats_table.setObjectName("kernelStatsTable")
        self.stats_table.setVerticalHeaderLabels([self.tr(row) for row in STATS_ROWS])
        self.stats_table.setHorizontalHeaderLabels([self.tr("Kernel time")])
        self.stats_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.stats_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.stats_table.verticalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        self.stats_table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.stats_table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.stats_table.setToolTip(
            self.tr(
                "Device time of the kernel over the repeats. The standard deviation is the "
                "sample one (n − 1); the first launch is often slower while caches warm up."
            )
        )

        self.shares_table = KernelSharesTable()

        self.bandwidth = QLabel()
        self.bandwidth_detail = QLabel()
        self.gflops = QLabel()
        self.gflops_detail = QLabel()
        for label in (self.bandwidth, self.gflops):
            font = label.font()
            font.setBold(True)
            label.setFont(font)
        for label in (self.bandwidth_detail, self.gflops_detail):
            label.setWordWrap(True)
        self.ops_per_item = QSpinBox()
        self.ops_per_item.setObjectName("opsPerWorkItem")
        self.ops_per_item.setRange(0, MAX_OPERATIONS_PER_ITEM)
        self.ops_per_item.setSpecialValueText(self.tr("not set"))
        self.ops_per_item.setToolTip(
            self.tr(
                "Arithmetic operations one work-item does (count a multiply-add as 2), "
                "for example 2 × K for a matrix multiply with inner size K."
            )
        )
        self.ops_per_item.valueChanged.connect(self._on_ops_per_item_value_changed)
        self._ops_typed = False

        self.stack = EmptyStatePages(
            self,
            self._build_content(),
            self.tr("No timings yet"),
            self.tr(
                "Run a kernel (Ctrl+R) to see its timeline, the kernel time of each repeat, "
                "statistics and effective bandwidth, measured by the device itself."
            ),
        )
        self.empty = self.stack.empty

    def _build_content(self) -> QWidget:
        timeline_box = QWidget()
        timeline_layout = QVBoxLayout(timeline_box)
        timeline_layout.setContentsMargins(0, 0, 0, 0)
        self._timeline_layout = timeline_layout  # the plot goes on top, once made
        timeline_layout.addWidget(self.timeline_legend)
        timeline_layout.addWidget(self.timeline_hover)

        self.throughput = throughput = QGroupBox(self.tr("Throughput"))
        form = QFormLayout(throughput)
        # In a narrow pane the spin box goes under its label instead of off the edge.
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow(self.bandwidth)
        form.addRow(self.bandwidth_detail)
        form.addRow(self.tr("Operations per work-item:"), self.ops_per_item)
        form.addRow(self.gflops)
        form.addRow(self.gflops_detail)

        numbers_page = QWidget()
        tables = (self.stats_table, self.shares_table, throughput)
        vbox(*tables, 1, parent=numbers_page, margins=0)
        numbers = QScrollArea()  # a short dock scrolls the numbers rather than squashing them
        numbers.setWidget(numbers_page)
        numbers.setWidgetResizable(True)
        numbers.setFrameShape(QFrame.Shape.NoFrame)
        guard_wheel(numbers)  # scrolling the numbers never edits the operations
        # Narrow panes scroll rather than force the window wider: four panes side by
        # side must fit in a dock beside the editor.
        repeats_box = QWidget()
        self._repeats_layout = QVBoxLayout(repeats_box)  # the plot goes here, once made
        self._repeats_layout.setContentsMargins(0, 0, 0, 0)
        for pane in (timeline_box, repeats_box, numbers, self.history):
            pane.setMinimumWidth(PANE_MIN)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setChildrenCollapsible(False)
        for widget, stretch in (
            (timeline_box, 3),
            (repeats_box, 3),
            (numbers, 2),
            (self.history, 2),
        ):
            splitter.addWidget(widget)
            splitter.setStretchFactor(splitter.count() - 1, stretch)
        splitter.setSizes([360, 320, 300, 300])  # scaled to the width it gets

        return run_page(self.banner, self.summary, splitter)

    @property
    def timeline(self) -> TimelinePlot:
        if self._timeline is None:
            from clstudio.ui.results.timings.timeline_plot import TimelinePlot

            self._timeline = TimelinePlot()
            self._timeline.barHovered.connect(self._on_timeline_bar_hovered)
            self._timeline_layout.insertWidget(0, self._timeline, 1)
        return self._timeline

    @property
    def repeats(self) -> RepeatPlot:
        if self._repeats is None:
            from clstudio.ui.results.timings.repeat_plot import RepeatPlot

            self._repeats = RepeatPlot()
            self._repeats_layout.addWidget(self._repeats)
        return self._repeats

    def showEvent(self, event: QShowEvent) -> None:
        self._fit_stats_table()
        super().showEvent(event)

    def _fit_stats_table(self) -> None:
        """As tall as its rows, so the throughput box sits right under it."""
        table = self.stats_table
        table.resizeRowsToContents()
        rows = sum(table.rowHeight(row) for row in range(table.rowCount()))
        table.setFixedHeight(rows + table.horizontalHeader().height() + 2 * table.frameWidth())

    def wanted_height(self) -> int:
        """The tab's height that gives the timeline a line per row; 0 before a run."""
        timeline = self._timeline  # not made for the asking: it is made by the first run
        if timeline is None or not timeline.row_names():
            return 0
        plot_height: int = timeline.height()  # pyqtgraph's widget is untyped
        return self.height() - plot_height + timeline.readable_height()

    def show_run(self, run: FinishedRun) -> None:
        """Display a finished run (failed runs too: whatever they measured is shown).

        Every figure comes from the session that ran, not from the form as edited since.
        """
        result = run.result
        self.stack.show_content()
        self.banner.set_error(result.error)
        # A program's time per repeat is its launches' sum, as `clstudio run` says.
        times = program_times_ns(result)
        # What these times mean on this kind of device: a line, and the whole in its tip.
        line = device_kind_line(result.device_type)
        summary = self._summary(run, len(times))
        if note := timer_resolution_note(result):  # the times are partly the timer's steps
            summary += "<br>" + html.escape(note)
        self.summary.setText(f"{summary} — {html.escape(line)}" if line else summary)
        self.summary.setToolTip(device_kind_note(result.device_type))
        self.timeline.set_timings(result.timings)
        self.timeline_legend.setText(legend_html(self.timeline.legend_kernels()))
        header = self.tr("Program time") if result.is_program else self.tr("Kernel time")
        self.stats_table.setHorizontalHeaderLabels([header])
        self.shares_table.show_shares(kernel_shares(result) if result.is_program else [])
        # One launch's bytes over a program's time would mislead: each kernel's share says more.
        self.throughput.setVisible(not result.is_program)
        self.timeline_hover.setText(" ")
        self._stats = run.stats()
        self._show_stats(self._stats)
        self._traffic = run.traffic()
        self._work_items = run.work_items
        if not self._ops_typed:  # until the user types a count, the session's holds
            with QSignalBlocker(self.ops_per_item):
                self.ops_per_item.setValue(run.session.operations_per_item.get(run.kernel, 0))
        self._show_throughput()
        self._latest_timed = bool(times)  # else the plot's lines are earlier runs' only
        if times:
            entry = HistoryEntry(
                number=self.history.next_number(),
                when=time.strftime("%H:%M:%S"),
                kernel=run.kernel,
                device=result.device or self.tr("unknown device"),
                global_size=run.global_size,
                times_ns=tuple(times),
            )
            self.history.add(entry)  # redraws the overlay through checkedRunsChanged
        else:
            self._on_history_checked_runs_changed()

    def clear(self) -> None:
        """Back to the empty state for another session; the run history keeps its runs."""
        self.stack.show_empty()

    def stats_value(self, row_name: str) -> float | None:
        """The number behind a statistics row (seconds, or a count for Repeats)."""
        item = self.stats_table.item(STATS_ROWS.index(row_name), 0)
        return None if item is None else item.data(SECONDS_ROLE)

    def _summary(self, run: FinishedRun, launches: int) -> str:
        if run.result.is_program:
            kernels = ", ".join(share.kernel for share in kernel_shares(run.result))
            text = self.tr(
                "<b>A program of {count} launches</b> ({kernels}) on {device}: "
                "{timed} of {repeats} repeats timed, each the sum of its launches"
            ).format(
                count=sum(1 for t in run.result.timings if t.phase == "kernel" and not t.repeat),
                kernels=kernels,
                device=run.result.device or self.tr("the device"),
                timed=launches,
                repeats=run.session.repeats,
            )
            return text + _loops(run)
        local = run.local_size
        if run.session.repeats == 1:
            text = self.tr(
                "<b>{kernel}</b> on {device}: global size {global_size}, "
                "local size {local_size}, {timed} of 1 launch timed"
            )
        else:
            text = self.tr(
                "<b>{kernel}</b> on {device}: global size {global_size}, "
                "local size {local_size}, {timed} of {count} launches timed"
            )
        return text.format(
            kernel=run.kernel,
            device=run.result.device or self.tr("the device"),
            global_size=" × ".join(map(str, run.global_size)),
            local_size=" × ".join(map(str, local)) if local else self.tr("chosen by the driver"),
            timed=launches,
            count=run.session.repeats,
        ) + _loops(run)

    def _show_stats(self, stats: KernelStats | None) -> None:
        values: list[float | None] = [None] * len(STATS_ROWS)
        if stats is not None:
            values = [
                stats.count,
                stats.min_s,
                stats.median_s,
                stats.mean_s,
                stats.std_s,
                stats.max_s,
            ]
        for row, value in enumerate(values):
            if value is None:
                text = "—"
            elif row == 0:
                text = str(int(value))
            else:
                text = format_seconds(value)
            item = QTableWidgetItem(text)
            item.setData(SECONDS_ROLE, value)
            item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.stats_table.setItem(row, 0, item)

    def _show_throughput(self) -> None:
        traffic, stats = self._traffic, self._stats
        if traffic is None or stats is None:
            self.bandwidth.setText(self.tr("Effective bandwidth: —"))
            self.bandwidth_detail.setText(self.tr("No kernel time was measured."))
            self.gflops.setText("GFLOP/s: —")
            self.gflops_detail.clear()
            return
        median = stats.median_s
        rate = bandwidth_gb_s(traffic.total_bytes, median)
        self.bandwidth.setText(
            self.tr("Effective bandwidth: —")
            if rate is None
            else self.tr("Effective bandwidth: {rate} GB/s").format(rate=f"{rate:.3g}")
        )
        read = [name for name, access, _ in traffic.buffers if access in ("in", "inout")]
        written = [name for name, access, _ in traffic.buffers if access in ("out", "inout")]
        self.bandwidth_detail.setText(
            self.tr(
                "{total} per launch ({read} read from {read_buffers}, {written} written to "
                "{written_buffers}) in the median kernel time, {median}. 1 GB = 10⁹ bytes."
            ).format(
                total=format_bytes(traffic.total_bytes),
                read=format_bytes(traffic.read_bytes),
                read_buffers=", ".join(read) or self.tr("no buffer"),
                written=format_bytes(traffic.written_bytes),
                written_buffers=", ".join(written) or self.tr("none"),
                median=format_seconds(median),
            )
        )
        ops = self.ops_per_item.value()
        flops = gflop_s(self._work_items, ops, median)
        if flops is None:
            self.gflops.setText("GFLOP/s: —")
            self.gflops_detail.setText(
                self.tr("Enter the operations per work-item to see GFLOP/s.")
            )
            return
        self.gflops.setText(f"GFLOP/s: {flops:.3g}")
        self.gflops_detail.setText(
            self.tr("{work_items} work-items × {ops} operations in {median}").format(
                work_items=f"{self._work_items:,}".replace(",", " "),
                ops=f"{ops:,}".replace(",", " "),
                median=format_seconds(median),
            )
        )

    def _on_ops_per_item_value_changed(self, _value: int) -> None:
        self._ops_typed = True
        self._show_throughput()

    def _on_timeline_bar_hovered(self, text: str) -> None:
        self.timeline_hover.setText(text or " ")

    def _on_history_checked_runs_changed(self) -> None:
        self.repeats.set_series(
            [
                RepeatSeries(entry.label, entry.times_ns, entry.colour)
                for entry in self.history.checked_entries()
            ],
            self._latest_timed,
        )


def _loops(run: FinishedRun) -> str:
    """Each loop until done, a line each: the rounds of the first repeat, or the condition
    that still did not hold."""
    return "".join(f"<br>{html.escape(loop.words())}" for loop in run.result.loops)
