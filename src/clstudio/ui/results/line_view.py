"""A buffer as a line: value against element index, fast at 16 million points.

pyqtgraph draws only what the view shows (clip to view) at about one min/max pair
per pixel (peak downsampling). Both options belong to the PlotItem: an item added
to a plot takes the plot's settings, so setting them on the item alone is undone.

pyqtgraph's dynamic range limit keeps points a million view-heights away (garbage
like 1e30 in a kernel's output) from breaking Qt's rasteriser when the user zooms
in, but it costs a pass over all the data per new array (25 ms at 16 M points). It
is switched on only while the view is zoomed in far enough to need it.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, Signal
from PySide6.QtWidgets import QWidget

from clstudio.ui.results.buffer_layout import (
    BufferLayout,
    display_array,
    format_value,
    index_text,
)
from clstudio.ui.results.plot_style import MARKER_COLOUR, ThemedPlotWidget

ZOOM_HALF_WIDTH = 100  # elements either side of one that "show element" jumps to
RANGE_LIMIT = 1e6  # pyqtgraph's default dynamic range limit, in view heights
DEEP_ZOOM = 1e4  # switch the limit on when the view is this much narrower than the data


def value_bounds(values: np.ndarray) -> tuple[float, float, bool]:
    """Lowest and highest finite value, and whether every value is finite.

    np.min propagates NaN, so finite extremes mean finite data: one pass each in
    the common case, a filtered pass only when something is not finite.
    """
    if values.size == 0:
        return 0.0, 1.0, True
    low, high = float(values.min()), float(values.max())
    if np.isfinite(low) and np.isfinite(high):
        return low, high, True
    finite = values[np.isfinite(values)]
    if finite.size == 0:
        return 0.0, 1.0, False
    return float(finite.min()), float(finite.max()), False


_positions_cache: dict[int, np.ndarray] = {}


def positions(count: int) -> np.ndarray:
    """0 … count−1 as x values, kept for the next plot of the same length (the usual case)."""
    cached = _positions_cache.get(count)
    if cached is None:
        _positions_cache.clear()  # one array at a time: 16 M positions take 64 MB
        dtype = np.int32 if count < 2**31 else np.int64
        cached = _positions_cache[count] = np.arange(count, dtype=dtype)
    return cached


class LineView(ThemedPlotWidget):
    """set_values shows a 1-D array; hovering reports the element under the mouse."""

    pointHovered = Signal(str)  # "index 12: 0.5", or "" off the data

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._values = np.zeros(0)
        self._layout = BufferLayout((0,))
        self._lane_text = ""
        self._span = 1.0  # the data's finite value range
        plot = self.getPlotItem()
        plot.setDownsampling(auto=True, mode="peak")
        plot.setClipToView(True)
        plot.showGrid(x=True, y=True, alpha=0.25)
        plot.setLabel("bottom", "element index")
        plot.getAxis("bottom").enableAutoSIPrefix(False)
        plot.getAxis("left").enableAutoSIPrefix(False)
        self.curve = plot.plot(pen=pg.mkPen("#3b82c4", width=1))
        self.curve.setDynamicRangeLimit(None)
        plot.getViewBox().sigYRangeChanged.connect(self._on_view_y_range_changed)
        self.marker = pg.ScatterPlotItem(
            size=12, symbol="o", pen=pg.mkPen(MARKER_COLOUR, width=2), brush=None
        )
        self.marker.setZValue(10)
        plot.addItem(self.marker)
        self.scene().sigMouseMoved.connect(self._on_scene_mouse_moved)

    def set_values(self, values: np.ndarray, layout: BufferLayout, lane_name: str = "") -> None:
        """Plot `values` (one per element, C order) of a buffer laid out as `layout`."""
        self._values = values
        self._layout = layout
        self._lane_text = f" ({lane_name})" if lane_name else ""
        self.marker.setData([], [])
        shown = display_array(values)
        low, high, finite = value_bounds(shown)
        if low == high:
            low, high = low - 0.5, high + 0.5
        self._span = high - low
        # Give the view its range before the data: the first paint is then already
        # downsampled, instead of drawing all 16 M points once (18 s) to auto-range.
        view = self.getPlotItem().getViewBox()
        self.curve.clear()  # else the range change below re-samples the old data first
        view.disableAutoRange()
        view.setRange(xRange=(0, max(len(shown) - 1, 1)), yRange=(low, high), padding=0.02)
        self.curve.setData(positions(len(shown)), shown, skipFiniteCheck=finite)
        self.getPlotItem().setLabel("left", "value" + self._lane_text)

    def show_element(self, flat: int) -> None:
        """Mark element `flat` and zoom in around it."""
        if not 0 <= flat < len(self._values):
            return
        value = float(display_array(self._values[flat : flat + 1])[0])
        self.marker.setData([flat], [value])
        first = max(flat - ZOOM_HALF_WIDTH, 0)
        last = min(flat + ZOOM_HALF_WIDTH, len(self._values) - 1)
        window = display_array(self._values[first : last + 1])
        low, high, _ = value_bounds(window)
        if low == high:
            low, high = low - 0.5, high + 0.5
        self.getPlotItem().getViewBox().setRange(
            xRange=(first, max(last, first + 1)), yRange=(low, high), padding=0.05
        )

    def marker_position(self) -> tuple[float, float] | None:
        xs, ys = self.marker.getData()
        return None if len(xs) == 0 else (float(xs[0]), float(ys[0]))

    def hover_text(self, x: float) -> str:
        """The element nearest to x on the index axis, in words."""
        flat = round(x)
        if not 0 <= flat < len(self._values):
            return ""
        index = index_text(self._layout.element_index(flat))
        return f"index {index}{self._lane_text}: {format_value(self._values[flat])}"

    def range_limited(self) -> bool:
        """Whether pyqtgraph's dynamic range limit is on (the view is zoomed far in)."""
        return self.curve.opts["dynamicRangeLimit"] is not None

    def _on_view_y_range_changed(self, _view: object, y_range: tuple[float, float]) -> None:
        deep = (y_range[1] - y_range[0]) * DEEP_ZOOM < self._span
        self.curve.setDynamicRangeLimit(RANGE_LIMIT if deep else None)  # no-op if unchanged

    def _on_scene_mouse_moved(self, scene_pos: QPointF) -> None:
        view = self.getPlotItem().getViewBox()
        if not view.sceneBoundingRect().contains(scene_pos):
            self.pointHovered.emit("")
            return
        self.pointHovered.emit(self.hover_text(view.mapSceneToView(scene_pos).x()))
