"""The Roofline tab: each run's arithmetic intensity and speed under the device's measured roofs.

"Measure operations" counts what the latest run's session executed, on Oclgrind
(docs/measured-counts.md); from then on the runs of that session sit where the
measured flops and global bytes put them. Without a measurement, the operations
per work-item are the learner's to state (a default of 1 suits element-wise
kernels), remembered per kernel, and both are shown when both exist. One earlier run of the
same device, chosen in "Compare with" (the run before, at first), stays as a fainter dot, so
a tiling step shows as a move on the chart; every earlier run at once would bury the labels.
Another session empties the tab, and its runs stay to compare the next run with. Without
measured peaks the chart draws no roof at all and offers to measure them. Under the verdict,
what the figures mean on this kind of device (reporting.device_kind_note).

A program of several kernels shows a Kernel picker: its runs are then placed by the
launches of the kernel picked alone (reporting.kernel_point), named in the verdict.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from clstudio.common import PeakReport, format_seconds
from clstudio.measurements import program_kernels
from clstudio.reporting import (
    DEFAULT_OPS_PER_ITEM,
    FinishedRun,
    RooflinePoint,
    binding_limit,
    declared_ops_per_item,
    device_kind_note,
    kernel_point,
    measured_point,
    roofs_of,
)
from clstudio.session import MAX_OPERATIONS_PER_ITEM, BufferArg, Session
from clstudio.ui.empty_state import EmptyStatePages
from clstudio.ui.named_widgets import push_button, text_label
from clstudio.ui.results.program_kernel_choice import ProgramKernelChoice
from clstudio.ui.vertical_scroll_area import VerticalScrollArea

if TYPE_CHECKING:
    from clstudio.counts import CountResult
    from clstudio.ui.results.roofline.roofline_plot import RooflinePlot

MAX_RUNS = 12
WORDS_CHARACTERS = 48  # the width of the verdict's column beside the chart


@dataclass(frozen=True)
class _Run:
    number: int
    kernel: str
    device: str
    device_type: str
    bytes_moved: int
    work_items: int
    seconds: float
    double: bool
    session: Session
    finished: FinishedRun


def counted_as(session: Session) -> tuple[object, ...]:
    """What makes two runs execute the same operations: one measurement serves both."""
    return (
        session.kernel,
        session.source,
        session.build_options,
        session.global_size,
        session.local_size,
    )


class RooflinePanel(QWidget):
    """show_run(run) after each run; `measurePeaksRequested` asks for roofs,
    `measureOperationsRequested(session)` for counts, which come back to show_counts."""

    measurePeaksRequested = Signal(str)  # the device's name
    measureOperationsRequested = Signal(Session)  # the latest run's
    stopMeasuringRequested = Signal()

    def __init__(
        self,
        lookup: Callable[[str], PeakReport | None] = lambda _name: None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._lookup = lookup
        self._runs: list[_Run] = []
        self._ops: dict[str, int] = {}  # per kernel name
        self._counts: dict[tuple[object, ...], CountResult] = {}  # per counted_as(session)
        self._next = 1
        self._shown = False  # whether the latest run is this session's

        # Made at the first run: plots are slow to make, and the first imports pyqtgraph.
        self._plot: RooflinePlot | None = None
        self.verdict = text_label("rooflineVerdict", wrap=True, selectable=True)
        self.device_note = text_label("rooflineDeviceNote", wrap=True, selectable=True)
        self.compare_label = QLabel(self.tr("Compare with:"))
        self.compare_choice = QComboBox()
        self.compare_choice.setObjectName("rooflineCompare")
        self.compare_choice.setToolTip(
            self.tr("An earlier run on the same device, drawn fainter beside the latest")
        )
        self.compare_label.setBuddy(self.compare_choice)
        self.compare_choice.currentIndexChanged.connect(self._on_compare_choice_index_changed)
        self.measure_button = push_button(
            self.tr("Measure peaks"), clicked=self._on_measure_clicked, hidden=True
        )
        self.ops_per_item = QSpinBox()
        self.ops_per_item.setObjectName("rooflineOpsPerItem")
        self.ops_per_item.setRange(1, MAX_OPERATIONS_PER_ITEM)
        self.ops_per_item.setValue(DEFAULT_OPS_PER_ITEM)
        self.ops_per_item.setToolTip(
            self.tr(
                "Arithmetic operations one work-item does (a multiply-add counts 2): 1 for "
                "vector_add, 2 × K for a matrix multiply with inner size K."
            )
        )
        self.ops_per_item.valueChanged.connect(self._on_ops_per_item_value_changed)
        self.bytes_note = QLabel()
        self.bytes_note.setWordWrap(True)
        self.count_button = push_button(
            self.tr("Measure operations"),
            self.tr(
                "Run the latest session once on the Oclgrind simulator and count the "
                "floating-point operations and bytes it executed (a sample of work-groups "
                "for a large range)"
            ),
            "rooflineMeasureOperations",
            clicked=self._on_count_clicked,
        )
        self.stop_count_button = push_button(
            self.tr("Stop measuring"), clicked=self.stopMeasuringRequested.emit, hidden=True
        )
        self.counts_note = text_label("rooflineCounts", wrap=True, selectable=True)

        self.kernel_label = QLabel(self.tr("Kernel:"))
        self.kernel_choice = ProgramKernelChoice(
            self.kernel_label,
            "rooflineKernel",
            self.tr("The kernel of the program to place: its launches' work, bytes and time"),
        )
        self.kernel_choice.currentTextChanged.connect(self._on_kernel_choice_text_changed)
        controls = QHBoxLayout()
        controls.addWidget(self.kernel_label)
        controls.addWidget(self.kernel_choice)
        controls.addWidget(QLabel(self.tr("Operations per work-item:")))
        controls.addWidget(self.ops_per_item)
        controls.addWidget(self.compare_label)
        controls.addWidget(self.compare_choice)
        controls.addWidget(self.count_button)
        controls.addWidget(self.stop_count_button)
        controls.addStretch(1)
        # The words stand beside the chart, which keeps the dock's whole height: above
        # it, four of them left the chart a 40-pixel strip at 1280 x 800.
        words = QWidget()
        words_layout = QVBoxLayout(words)
        words_layout.setContentsMargins(0, 0, 0, 0)
        words_layout.addWidget(self.verdict)
        words_layout.addWidget(self.measure_button, 0, Qt.AlignmentFlag.AlignLeft)
        for note in (self.device_note, self.bytes_note, self.counts_note):
            words_layout.addWidget(note)
        words_layout.addStretch(1)
        self.words = VerticalScrollArea(words)
        self.words.setObjectName("rooflineWords")
        # Wide enough for a verdict in four or five lines, not a word a line.
        self.words.setMinimumWidth(WORDS_CHARACTERS * self.fontMetrics().averageCharWidth())
        self._split = QSplitter(Qt.Orientation.Horizontal)
        self._split.setChildrenCollapsible(False)
        self._split.addWidget(self.words)
        content = QWidget()
        layout = QVBoxLayout(content)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(controls)
        layout.addWidget(self._split, 1)
        self.stack = EmptyStatePages(
            self,
            content,
            self.tr("No roofline yet"),
            self.tr(
                "Run a kernel (Ctrl+R) to see how close it comes to this device's memory "
                "bandwidth and compute limits."
            ),
        )
        self.empty = self.stack.empty

    @property
    def plot(self) -> RooflinePlot:
        if self._plot is None:
            from clstudio.ui.results.roofline.roofline_plot import RooflinePlot

            self._plot = RooflinePlot()
            self._split.insertWidget(0, self._plot)
            self._split.setStretchFactor(0, 3)
            self._split.setStretchFactor(1, 2)
        return self._plot

    def wanted_height(self) -> int:
        """The tab's height that gives the chart room to be read; 0 before the first run."""
        if self._plot is None or not self._shown:
            return 0
        plot_height: int = self._plot.height()  # pyqtgraph's widget is untyped
        return self.height() - plot_height + self._plot.readable_height()

    def set_lookup(self, lookup: Callable[[str], PeakReport | None]) -> None:
        self._lookup = lookup
        self._redraw()

    def show_run(self, run: FinishedRun) -> None:
        """Add the run to the chart; one that timed no kernel has no place on it."""
        stats = run.stats()
        if stats is None:
            return
        double = any(
            isinstance(spec, BufferArg) and spec.dtype.scalar.name == "float64"
            for spec in run.session.args.values()
        )
        self._runs.append(
            _Run(
                self._next,
                run.kernel,
                run.result.device,
                run.result.device_type,
                run.traffic().total_bytes,
                run.work_items,
                stats.median_s,
                double,
                run.session,
                run,
            )
        )
        self._next += 1
        del self._runs[:-MAX_RUNS]
        self._shown = True
        self._offer_comparisons()
        self.kernel_choice.set_kernels(program_kernels(run.session))
        latest = self._runs[-1]
        with QSignalBlocker(self.ops_per_item):
            self.ops_per_item.setValue(self._ops_of(latest, self._kernel_of(latest)))
        self.stack.show_content()
        self._redraw()

    def clear(self) -> None:
        """Another session: the tab goes empty until its first run, which is compared with
        the last run shown here; the operations per work-item of each kernel stay."""
        self._shown = False
        self.stack.show_empty()

    def set_measuring(self, measuring: bool) -> None:
        """Show that a count is under way (Stop) or not (Measure operations)."""
        self.count_button.setEnabled(not measuring)
        self.stop_count_button.setVisible(measuring)
        if measuring:
            self.counts_note.setText(self.tr("Counting on Oclgrind…"))

    def show_counts(self, session: Session, result: CountResult) -> None:
        """A count has come back: the runs of its session move to the measured figures."""
        self.set_measuring(False)
        if result.counts is not None:
            self._counts[counted_as(session)] = result
        elif result.error is not None:
            self._counts.pop(counted_as(session), None)
        self._redraw()
        if result.counts is None:
            said = result.error.message if result.error is not None else ""
            self.counts_note.setText(self.tr("Not measured: {reason}").format(reason=said))

    def peaks_changed(self) -> None:
        """New peaks were measured: the roofs may have changed."""
        self._redraw()

    def latest_point(self) -> RooflinePoint | None:
        if not self._shown:
            return None
        points = self._points()
        return points[-1] if points else None

    def compared_run(self) -> str:
        """The earlier run drawn beside the latest, as the choice names it; "" for none."""
        return (
            "" if self.compare_choice.currentData() is None else self.compare_choice.currentText()
        )

    def _offer_comparisons(self) -> None:
        """The earlier runs of the latest run's device, newest first; the run before is
        chosen."""
        latest = self._runs[-1]
        earlier = [run for run in self._runs[:-1] if run.device == latest.device]
        with QSignalBlocker(self.compare_choice):
            self.compare_choice.clear()
            self.compare_choice.addItem(self.tr("no earlier run"), None)
            for run in reversed(earlier):
                median = format_seconds(run.seconds)
                self.compare_choice.addItem(f"#{run.number} {run.kernel} ({median})", run.number)
            self.compare_choice.setCurrentIndex(1 if earlier else 0)
        self.compare_label.setVisible(bool(earlier))
        self.compare_choice.setVisible(bool(earlier))

    def chosen_kernel(self) -> str | None:
        """The kernel of a program picked, or None when the latest run has one kernel."""
        return self.kernel_choice.chosen()

    def _kernel_of(self, run: _Run) -> str:
        """The kernel a run is placed by: the one picked when its program launches it."""
        chosen = self.chosen_kernel()
        if chosen is not None and chosen in program_kernels(run.session):
            return chosen
        return run.kernel

    def _ops_of(self, run: _Run, kernel: str) -> int:
        """Operations per work-item: as typed here, else as the session declares, else 1."""
        return self._ops.get(kernel, declared_ops_per_item(run.session, kernel))

    def _points(self) -> list[RooflinePoint]:
        """The compared run's point, if one is chosen, then the latest run's."""
        if not self._runs:
            return []
        compared = self.compare_choice.currentData()
        drawn = [run for run in self._runs[:-1] if run.number == compared] + self._runs[-1:]
        points = []
        for run in drawn:
            kernel = self._kernel_of(run)
            label = f"#{run.number} {kernel}"
            counted = self._counts.get(counted_as(run.session))
            ops = self._ops_of(run, kernel)
            # Counts are of the whole program: they measure a kernel only when it is alone.
            one_kernel = len(program_kernels(run.session)) == 1
            if counted is not None and counted.counts is not None and one_kernel:
                point = measured_point(label, counted.counts, run.seconds)
            else:
                point = kernel_point(run.finished, kernel, ops, label)
            if point is not None:
                points.append(point)
        return points

    def _redraw(self) -> None:
        if not self._runs:
            return
        latest = self._runs[-1]
        roofs = roofs_of(self._lookup(latest.device), latest.double)
        points = self._points()
        self.plot.set_chart(roofs, points)
        self.plot.name_kernel(self.chosen_kernel())
        ops = self._ops_of(latest, self._kernel_of(latest))
        self.bytes_note.setText(
            self.tr(
                "{bytes} bytes moved by the buffers, {work_items} work-items × {ops} operations"
            ).format(
                bytes=f"{latest.bytes_moved:,}".replace(",", " "),
                work_items=f"{latest.work_items:,}".replace(",", " "),
                ops=f"{ops:,}".replace(",", " "),
            )
        )
        self._show_counts_note(latest, ops)
        point = points[-1] if points and points[-1].label.startswith(f"#{latest.number} ") else None
        if point is None:
            self.verdict.setText(self.tr("This run moved no buffer bytes, so it has no intensity."))
            self.measure_button.setVisible(False)
        elif roofs is None:
            self.verdict.setText(
                self.tr(
                    "{gflop_s} GFLOP/s at {intensity} operations per byte. No measured peaks "
                    "for {device} yet, so no roof is drawn: a roof from a data sheet would be a "
                    "guess. Measure them (about half a minute) to see which limit binds."
                ).format(
                    gflop_s=f"{point.gflop_s:.3g}",
                    intensity=f"{point.intensity:.3g}",
                    device=latest.device or self.tr("this device"),
                )
            )
            self.measure_button.setVisible(True)
        else:
            self.verdict.setText(binding_limit(point, roofs))
            self.measure_button.setVisible(False)
        self.device_note.setText(device_kind_note(latest.device_type))
        self.device_note.setHidden(not self.device_note.text())
        chosen = self.chosen_kernel()
        if chosen is not None:
            said = self.tr("Kernel {kernel}, its launches alone: {verdict}")
            self.verdict.setText(said.format(kernel=chosen, verdict=self.verdict.text()))

    def _show_counts_note(self, latest: _Run, ops: int) -> None:
        counted = self._counts.get(counted_as(latest.session))
        if counted is None or counted.counts is None:
            self.counts_note.setText(
                self.tr("Operations not measured: the chart uses the number stated above.")
            )
            return
        counts = counted.counts
        text = self.tr(
            "Measured on Oclgrind: {flops} floating-point operations, {bytes} bytes of global "
            "memory (stated: {stated} operations)"
        ).format(
            flops=f"{counts.flops:,}".replace(",", " "),
            bytes=f"{counts.global_bytes:,}".replace(",", " "),
            stated=f"{latest.work_items * ops:,}".replace(",", " "),
        )
        if counted.sampling is not None:
            text += "; " + counted.sampling.describe()
        if counted.references_passed is False:
            text += self.tr("; on Oclgrind the outputs failed the references (see Check mode)")
        self.counts_note.setText(text)

    def _on_count_clicked(self) -> None:
        if self._runs:
            self.measureOperationsRequested.emit(self._runs[-1].session)

    def _on_ops_per_item_value_changed(self, value: int) -> None:
        if self._runs:
            self._ops[self._kernel_of(self._runs[-1])] = value
            self._redraw()

    def _on_kernel_choice_text_changed(self, _kernel: str) -> None:
        if self._runs:
            with QSignalBlocker(self.ops_per_item):
                latest = self._runs[-1]
                self.ops_per_item.setValue(self._ops_of(latest, self._kernel_of(latest)))
            self._redraw()

    def _on_compare_choice_index_changed(self, _index: int) -> None:
        self._redraw()

    def _on_measure_clicked(self) -> None:
        if self._runs:
            self.measurePeaksRequested.emit(self._runs[-1].device)
