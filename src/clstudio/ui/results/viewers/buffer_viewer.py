"""One buffer in the viewer that fits it: line, image, histogram or table, chosen by tabs.

Only the view on screen is drawn; switching views or lanes draws the new one once,
so a 16 M-element result costs one plot, not four.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QStackedWidget,
    QTabBar,
    QVBoxLayout,
    QWidget,
)

from clstudio.ui.results.viewers.array_table import ArrayTableView
from clstudio.ui.results.viewers.buffer_layout import (
    VIEWS,
    BufferEntry,
    format_value,
    image_values,
    index_text,
    line_values,
)
from clstudio.ui.results.viewers.histogram_view import HistogramView
from clstudio.ui.results.viewers.image_view import ImageView
from clstudio.ui.results.viewers.line_view import LineView
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

VIEW_TITLES = {  # shown translated, in the context "BufferViewer"
    "line": QT_TRANSLATE_NOOP("BufferViewer", "Line"),
    "image": QT_TRANSLATE_NOOP("BufferViewer", "Image"),
    "histogram": QT_TRANSLATE_NOOP("BufferViewer", "Histogram"),
    "table": QT_TRANSLATE_NOOP("BufferViewer", "Table"),
}


class BufferViewer(QWidget):
    """set_entry shows a buffer; the user picks the view and, for vector types, the lane."""

    viewChanged = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._entry: BufferEntry | None = None
        self._views: tuple[str, ...] = ()
        self._lane: int | None = 0
        self._drawn: dict[str, tuple[str, int | None]] = {}

        self.line = LineView()
        self.image = ImageView()
        self.histogram = HistogramView()
        self.table = ArrayTableView()
        self._pages: dict[str, LineView | ImageView | HistogramView | ArrayTableView] = {
            "line": self.line,
            "image": self.image,
            "histogram": self.histogram,
            "table": self.table,
        }
        self.stack = QStackedWidget()
        for view in VIEWS:
            self.stack.addWidget(self._pages[view])
            self._pages[view].pointHovered.connect(self._on_view_point_hovered)

        self.view_bar = QTabBar()
        self.view_bar.setObjectName("bufferViewBar")
        self.view_bar.setDrawBase(False)
        self.view_bar.setExpanding(False)
        self.view_bar.currentChanged.connect(self._on_view_bar_current_changed)
        self.lane_label = QLabel(self.tr("Lane:"))
        self.lane_combo = QComboBox()
        self.lane_combo.setToolTip(self.tr("Which component of the vector type to show"))
        self.lane_combo.currentIndexChanged.connect(self._on_lane_combo_index_changed)
        self.hover_label = QLabel(" ")
        self.hover_label.setObjectName("bufferHoverLabel")
        self.hover_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.hover_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

        bar = QHBoxLayout()
        bar.addWidget(self.view_bar)
        bar.addStretch(1)
        bar.addWidget(self.lane_label)
        bar.addWidget(self.lane_combo)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.hover_label)

    def entry(self) -> BufferEntry | None:
        return self._entry

    def view(self) -> str:
        index = self.view_bar.currentIndex()
        return self._views[index] if 0 <= index < len(self._views) else ""

    def available_views(self) -> tuple[str, ...]:
        return self._views

    def set_entry(self, entry: BufferEntry | None) -> None:
        """Show `entry`: in the view the user picked for a buffer of the same kind, else
        in the view that fits it best (an image for 2-D, a line otherwise)."""
        previous = self.view()
        same_kind = (
            entry is not None
            and self._entry is not None
            and entry.layout.default_view() == self._entry.layout.default_view()
        )
        self._entry = entry
        self._drawn.clear()
        self.hover_label.setText(" ")
        self._views = entry.layout.views() if entry is not None else ()
        view = previous if same_kind and previous in self._views else ""
        if entry is not None and not view:
            view = entry.layout.default_view()
        self._lane = None if entry is not None and entry.layout.rgba else 0  # RGBA in colour
        with QSignalBlocker(self.view_bar):
            while self.view_bar.count():
                self.view_bar.removeTab(0)
            for name in self._views:
                self.view_bar.addTab(self.tr(VIEW_TITLES[name]))
            if view:
                self.view_bar.setCurrentIndex(self._views.index(view))
        self._show(view)

    def set_view(self, view: str) -> None:
        """Switch to `view` ("line", "image", "histogram" or "table") if it fits the buffer."""
        if view in self._views:
            self.view_bar.setCurrentIndex(self._views.index(view))

    def set_lane(self, lane: int | None) -> None:
        """Show one lane of a vector type (None: every lane, where the view allows)."""
        for row in range(self.lane_combo.count()):
            if self.lane_combo.itemData(row) == lane:
                self.lane_combo.setCurrentIndex(row)
                return

    def show_element(self, index: tuple[int, ...]) -> None:
        """Point at host-array element `index` in the current view."""
        entry = self._entry
        if entry is None:
            return
        layout = entry.layout
        dims = len(layout.element_shape)
        element = index[:dims]
        lane = index[dims] if layout.lanes > 1 and len(index) > dims else None
        view = self.view()
        if view == "table":
            self.table.show_element(index)
        elif view == "line":
            if lane is not None:
                self.set_lane(lane)
            self.line.show_element(int(np.ravel_multi_index(element, layout.element_shape)))
        elif view == "image":
            if dims == 2:
                if lane is not None and not (layout.rgba and self._lane is None):
                    self.set_lane(lane)
                self.image.show_element(element[0], element[1])
            elif self._lane is None and lane is not None:
                self.image.show_element(lane, element[0])
            else:
                self.set_lane(lane)
                self.image.show_element(0, element[0])
        elif view == "histogram":
            self.histogram.show_value(float(entry.array[index]))
        self.hover_label.setText(
            self.tr("index {index}: {value}").format(
                index=index_text(index), value=format_value(entry.array[index])
            )
        )

    def _show(self, view: str) -> None:
        entry = self._entry
        self._fill_lanes(view)
        if entry is None or not view:
            return
        self.stack.setCurrentWidget(self._pages[view])
        state = (entry.key, self._lane)
        if self._drawn.get(view) == state:
            return
        self._drawn[view] = state
        layout, lane = entry.layout, self._lane
        lane_name = "" if lane is None or layout.lanes == 1 else layout.lane_names[lane]
        if view == "line":
            self.line.set_values(line_values(entry.array, layout, lane or 0), layout, lane_name)
        elif view == "image":
            strip = layout.lanes > 1 and len(layout.element_shape) == 1
            if strip:
                names = (self.tr("lane") if lane is None else lane_name, self.tr("index"))
            else:
                names = (self.tr("row"), self.tr("column"))
            self.image.set_values(image_values(entry.array, layout, lane), names, not strip)
        elif view == "histogram":
            values = entry.array if lane is None or layout.lanes == 1 else entry.array[..., lane]
            self.histogram.set_values(values)
        else:
            self.table.set_array(entry.array, layout)

    def _fill_lanes(self, view: str) -> None:
        """Lane choices for this view: none for scalars or the table (it shows every lane)."""
        layout = self._entry.layout if self._entry is not None else None
        choices: list[tuple[str, int | None]] = []
        if layout is not None and layout.lanes > 1 and view not in ("table", ""):
            choices = [(name, lane) for lane, name in enumerate(layout.lane_names)]
            strip = view == "image" and len(layout.element_shape) == 1
            if layout.rgba and view == "image":
                choices.insert(0, (self.tr("colour (RGBA)"), None))
            elif strip or view == "histogram":
                choices.insert(0, (self.tr("all lanes"), None))
        if not any(lane == self._lane for _, lane in choices):
            self._lane = choices[0][1] if choices else 0
        with QSignalBlocker(self.lane_combo):
            self.lane_combo.clear()
            for text, lane in choices:
                self.lane_combo.addItem(text, lane)
            if choices:
                self.lane_combo.setCurrentIndex([lane for _, lane in choices].index(self._lane))
        rgba = layout is not None and layout.rgba
        self.lane_label.setText(self.tr("Channel:") if rgba else self.tr("Lane:"))
        self.lane_label.setVisible(bool(choices))
        self.lane_combo.setVisible(bool(choices))

    def _on_view_bar_current_changed(self, index: int) -> None:
        view = self._views[index] if 0 <= index < len(self._views) else ""
        self.hover_label.setText(" ")
        self._show(view)
        self.viewChanged.emit(view)

    def _on_lane_combo_index_changed(self, row: int) -> None:
        if row < 0:
            return
        self._lane = self.lane_combo.itemData(row)
        self._show(self.view())

    def _on_view_point_hovered(self, text: str) -> None:
        self.hover_label.setText(text or " ")
