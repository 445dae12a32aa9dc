"""The Memory tab in the Results dock: how the last run's kernel touched its buffers.

It is a ResultView: each finished run is remembered, and "Measure memory traffic" asks
a worker of its own to run that run's session as an instrumented build (the outputs
still checked against the references). It shows a heatmap per buffer, one work-group
played back between barriers in its work-items' colours, and per access the 64-byte
lines that 16 neighbouring work-items touch, which the editor marks in its gutter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clstudio.reporting import times_words
from clstudio.traffic import NEIGHBOURS, AccessTraffic, TrafficResult
from clstudio.ui.last_run_tab import LastRunTab, LastRunWords
from clstudio.ui.memory.heatmap_image import counts_image, playback_image, touched_box
from clstudio.ui.memory.traffic_job import TrafficBackend, TrafficController, TrafficJob
from clstudio.ui.named_widgets import push_button
from clstudio.ui.tasks import Lane
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP
from clstudio.ui.vertical_scroll_area import VerticalScrollArea

if TYPE_CHECKING:
    from clstudio.ui.memory.memory_picture import MemoryPicture

PICTURE_SHARE = 55  # per cent of the tab's width: the heatmap, the texts beside it the rest
TABLE_ROWS = 8  # the accesses shown before the table scrolls

KIND_WORDS = {
    "load": QT_TRANSLATE_NOOP("MemoryTab", "load"),
    "store": QT_TRANSLATE_NOOP("MemoryTab", "store"),
    "update": QT_TRANSLATE_NOOP("MemoryTab", "update"),
}


class MemoryTab(LastRunTab):
    """A button, what it is doing, the pictures and the table; the work goes to the controller."""

    trafficMeasured = Signal(TrafficResult)  # for the editor's gutter marks
    sourceLineRequested = Signal(int)

    def __init__(self, backend: TrafficBackend, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = TrafficController(backend, Lane.TRAFFIC, self)
        self._result: TrafficResult | None = None
        self._step = 0
        self.measure_button = push_button(
            self.tr("Measure memory traffic"),
            self.tr(
                "Run the last run's kernel again as an instrumented build that logs every "
                "__global and __local access with its work-item"
            ),
            "measureTraffic",
        )
        self.stop_button = QPushButton(self.tr("Stop"))
        words = LastRunWords(
            self.tr("Run the kernel first: the Memory tab measures the last run."),
            self.tr("Last run: {kernel}. Measure its memory traffic to see it here."),
            self.tr("Measuring the memory traffic of {kernel} in a worker of its own…"),
        )
        self._bar = self._work_on_last_run(
            self.controller,
            TrafficJob,
            words,
            self.measure_button,
            backend.prepare,
            self.stop_button,
        )
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.buffer_choice = QComboBox()
        self.view_choice = QComboBox()
        self.view_choice.addItems(
            [self.tr("Reads and writes per element"), self.tr("One work-group, step by step")]
        )
        self.group_choice = QComboBox()
        self.previous_button = QPushButton(self.tr("◀ Previous"))
        self.next_button = QPushButton(self.tr("Next ▶"))
        self.step_label = QLabel()
        self.legend = QLabel()
        self.legend.setWordWrap(True)
        # Made when the tab is first shown: a plot is slow to make and imports pyqtgraph.
        self._picture: MemoryPicture | None = None
        self.hover = QLabel()
        self.hover.setWordWrap(True)
        self.table = QTableWidget(0, 5)
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Line"),
                self.tr("Access"),
                self.tr("Kind"),
                self.tr("Lines per {n} work-items").format(n=NEIGHBOURS),
                self.tr("Most"),
            ]
        )
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self._layout()
        self._show_controls()
        self.controller.finished.connect(self._on_controller_finished)
        self.buffer_choice.currentIndexChanged.connect(self._on_choice_changed)
        self.view_choice.currentIndexChanged.connect(self._on_choice_changed)
        self.group_choice.currentIndexChanged.connect(self._on_choice_changed)
        self.previous_button.clicked.connect(self._on_previous_button_clicked)
        self.next_button.clicked.connect(self._on_next_button_clicked)
        self.table.cellClicked.connect(self._on_table_cell_clicked)

    def _layout(self) -> None:
        choices = QHBoxLayout()
        choices.addWidget(QLabel(self.tr("Buffer:")))
        choices.addWidget(self.buffer_choice, 2)
        choices.addWidget(self.view_choice, 2)
        choices.addWidget(QLabel(self.tr("Work-group:")))
        choices.addWidget(self.group_choice, 1)
        choices.addWidget(self.previous_button)
        choices.addWidget(self.next_button)
        # The picture takes its column's whole height, and the texts stand beside it
        # above and below the table, which keeps only its rows' height: with them under
        # the picture, it was a 120-pixel strip at 1280 x 800, empty space beside it.
        left = QWidget()
        pictures = QVBoxLayout(left)
        pictures.setContentsMargins(0, 0, 0, 0)
        self._pictures = pictures
        right = QWidget()
        texts = QVBoxLayout(right)
        texts.setContentsMargins(0, 0, 0, 0)
        for widget in (self.summary, self.table, self.step_label, self.legend, self.hover):
            texts.addWidget(widget)
        texts.addStretch(1)
        split = self._split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(VerticalScrollArea(right))  # a short dock scrolls the texts
        layout = QVBoxLayout(self)
        layout.addLayout(self._bar)
        layout.addLayout(choices)
        layout.addWidget(split, 1)

    @property
    def picture(self) -> MemoryPicture:
        return self._make_picture()

    def showEvent(self, event: QShowEvent) -> None:
        self._make_picture()  # the tab never shows without its picture
        super().showEvent(event)

    def _make_picture(self) -> MemoryPicture:
        if self._picture is None:
            from clstudio.ui.memory.memory_picture import MemoryPicture

            self._picture = MemoryPicture()
            self._picture.pointHovered.connect(self.hover.setText)
            self._pictures.addWidget(self._picture, 1)
        return self._picture

    def _on_controller_finished(self, _job: TrafficJob, result: TrafficResult) -> None:
        if not result.buffers:
            said = result.error.message if result.error else ""
            self.state.setText(
                self.tr("{kernel}: not measured. {reason}").format(
                    kernel=result.kernel, reason=said
                )
            )
            self.trafficMeasured.emit(result)
            return
        self._result = result
        self.state.setText(
            self.tr("Measured {kernel} on {device} in {seconds:.1f} s.").format(
                kernel=result.kernel, device=result.device, seconds=result.seconds
            )
        )
        self.summary.setText(self._summary(result))
        self._fill_choices(result)
        self._fill_table(result.accesses)
        self._show_picture()
        picture_width = self._split.width() * PICTURE_SHARE // 100
        if self._split.sizes()[0] < picture_width:  # never narrower than its share
            self._split.setSizes([picture_width, self._split.width() - picture_width])
        self.trafficMeasured.emit(result)

    def _summary(self, result: TrafficResult) -> str:
        if result.sampled:
            logged = self.tr(
                "Logged {logged:,} of {groups:,} work-groups: elements only the others touch "
                "show as never touched."
            ).format(logged=result.groups_logged, groups=result.groups)
        else:
            logged = self.tr("Every work-group logged ({groups:,}).").format(groups=result.groups)
        passed = {
            True: self.tr("The outputs passed the references."),
            False: self.tr("The outputs failed the references."),
            None: "",
        }[result.references_passed]
        return f"{logged} {passed}".strip()

    def _fill_choices(self, result: TrafficResult) -> None:
        self.buffer_choice.blockSignals(True)
        self.group_choice.blockSignals(True)
        self.buffer_choice.clear()
        for buffer in result.buffers:
            shape = " × ".join(str(n) for n in buffer.shape)
            self.buffer_choice.addItem(f"{buffer.name} (__{buffer.space}, {shape})")
        self.group_choice.clear()
        for trace in result.traces:
            self.group_choice.addItem(", ".join(str(n) for n in trace.group))
        self.buffer_choice.blockSignals(False)
        self.group_choice.blockSignals(False)
        self._step = 0

    def _fit_table(self) -> None:
        """The table as tall as its rows (TABLE_ROWS at most, then it scrolls): the legend
        follows right under it."""
        rows = min(self.table.rowCount(), TABLE_ROWS)
        height = self.table.horizontalHeader().sizeHint().height() + 2 * self.table.frameWidth()
        height += sum(self.table.rowHeight(row) for row in range(rows))
        height += self.table.horizontalScrollBar().sizeHint().height()  # a narrow column
        self.table.setFixedHeight(height)

    def _fill_table(self, accesses: tuple[AccessTraffic, ...]) -> None:
        self.table.setRowCount(len(accesses))
        for row, access in enumerate(accesses):
            mean = "" if access.lines_mean is None else f"{access.lines_mean:.1f}"
            most = "" if access.lines_max is None else str(access.lines_max)
            if access.lines_mean is None:
                mean = self.tr("__local")
            cells = [
                str(access.line),
                access.text,
                self.tr(KIND_WORDS[access.kind]),
                mean,
                most,
            ]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, access.line)
                self.table.setItem(row, column, item)
        self._fit_table()

    def _on_table_cell_clicked(self, row: int, _column: int) -> None:
        item = self.table.item(row, 0)
        if item is not None:
            self.sourceLineRequested.emit(int(item.data(Qt.ItemDataRole.UserRole)))

    def _on_choice_changed(self, _index: int) -> None:
        self._step = 0
        self._show_picture()

    def _on_previous_button_clicked(self) -> None:
        self._step = max(0, self._step - 1)
        self._show_picture()

    def _on_next_button_clicked(self) -> None:
        self._step += 1
        self._show_picture()

    def clear(self) -> None:
        """File > New or Open: the last session's measurement goes, with its run."""
        super().clear()
        self._result = None
        self._step = 0
        self.summary.clear()
        self.legend.clear()
        self.hover.clear()
        self.table.setRowCount(0)
        self._fit_table()
        for choice in (self.buffer_choice, self.group_choice):
            with QSignalBlocker(choice):
                choice.clear()
        if self._picture is not None:
            self._picture.clear_image()
        self._show_controls()

    def step_text(self) -> str:
        return self.step_label.text()

    def _show_controls(self) -> None:
        playing = self.view_choice.currentIndex() == 1 and self._result is not None
        for widget in (self.group_choice, self.previous_button, self.next_button):
            widget.setEnabled(playing)
        if not playing:
            self.step_label.setText("")

    def _show_picture(self) -> None:
        self._show_controls()
        result = self._result
        index = self.buffer_choice.currentIndex()
        if result is None or index < 0:
            return
        buffer = result.buffers[index]
        if self.view_choice.currentIndex() == 0 or not result.traces:
            self.picture.show_image(counts_image(buffer))
            where = ""
            if buffer.space == "local" and result.traces:
                group = ", ".join(str(n) for n in result.traces[0].group)
                where = self.tr("In work-group {group}: ").format(group=group)
            self.legend.setText(
                where
                + self.tr(
                    "Read {reads}, written {writes}. Blue: read (brighter: more often); "
                    "green: written once; red: written twice or more ({twice}); grey: never "
                    "touched ({untouched})."
                ).format(
                    reads=times_words(buffer.reads),
                    writes=times_words(buffer.writes),
                    twice=f"{buffer.written_twice:,}",
                    untouched=f"{buffer.untouched:,}",
                )
            )
            return
        trace = result.traces[max(0, self.group_choice.currentIndex())]
        phases = max(1, trace.phases)
        self._step = min(self._step, phases - 1)
        group_size = 1
        for size in result.local_size:
            group_size *= size
        image = playback_image(buffer, index, trace, self._step, group_size)
        self.picture.show_image(image, touched_box(buffer, index, trace))
        self.previous_button.setEnabled(self._step > 0)
        self.next_button.setEnabled(self._step < phases - 1)
        if phases == 1:
            words = self.tr("Step 1 of 1: the kernel has no barrier")
        elif self._step == 0:
            words = self.tr("Step 1 of {steps}: up to the first barrier").format(steps=phases)
        else:
            words = self.tr("Step {step} of {steps}: after barrier {barrier}").format(
                step=self._step + 1, steps=phases, barrier=self._step
            )
        self.step_label.setText(words)
        self.legend.setText(
            self.tr(
                "Work-group {group}: each element in the colour of the work-item (by local "
                "id) that touched it in this step; grey: touched in an earlier step."
            ).format(group=", ".join(str(n) for n in trace.group))
        )
