"""A buffer as a line: value against element index, fast at 16 million points.

pyqtgraph draws only what the view shows (clip to view) at about one min/max pair
per pixel (peak downsampling). Both options belong to the PlotItem: an item added
to a plot takes the plot's settings, so setting them on the item alone is undone.

A long line would still cost the GUI a pass over every value per new array, for
its value range and again for the first downsampled paint (16 ms at 16 M points).
So its range and a peak envelope are computed on a pool thread (numpy lets go of
the GIL while it reduces); the curve draws the envelope while most of the line is
in view, and is given every value once the user zooms in far enough that what is
in view is a small slice. Hover and "show element" always read the full array.

pyqtgraph's dynamic range limit keeps points a million view-heights away (garbage
like 1e30 in a kernel's output) from breaking Qt's rasteriser when the user zooms
in, but it costs a pass over all the data per new array (25 ms at 16 M points). It
is switched on only while the view is zoomed in far enough to need it.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, Signal
from PySide6.QtWidgets import QWidget

from clstudio.ui.results.plot_hover import PlotHover
from clstudio.ui.results.plot_style import ThemedPlotWidget
from clstudio.ui.results.viewers.buffer_layout import (
    BufferLayout,
    display_array,
    format_value,
    index_text,
)
from clstudio.ui.results.viewers.element_marker import element_marker
from clstudio.ui.results.viewers.line_envelope import ENVELOPE_PAIRS, PeakEnvelope, peak_envelope
from clstudio.ui.tasks import Lane, Rule, TaskRunner

ZOOM_HALF_WIDTH = 100  # elements either side of one that "show element" jumps to
RANGE_LIMIT = 1e6  # pyqtgraph's default dynamic range limit, in view heights
DEEP_ZOOM = 1e4  # switch the limit on when the view is this much narrower than the data
BACKGROUND_POINTS = 2**21  # longer lines are prepared on a pool thread
DETAIL_PAIRS = ENVELOPE_PAIRS // 4  # fewer envelope pairs in view: draw every value


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
_positions_lock = threading.Lock()  # pool threads make positions for long lines


def positions(count: int) -> np.ndarray:
    """0 … count−1 as x values, kept for the next plot of the same length (the usual case)."""
    with _positions_lock:
        cached = _positions_cache.get(count)
        if cached is None:
            _positions_cache.clear()  # one array at a time: 16 M positions take 64 MB
            dtype = np.int32 if count < 2**31 else np.int64
            cached = _positions_cache[count] = np.arange(count, dtype=dtype)
        return cached


@dataclass(frozen=True, eq=False)
class LineData:
    """A line ready to draw: every value, its range and, for a long line, its envelope."""

    xs: np.ndarray
    ys: np.ndarray  # every value, as plots draw them (display_array)
    low: float
    high: float  # above low, even for a constant line
    finite: bool  # every value is finite
    envelope: PeakEnvelope | None


def line_data(values: np.ndarray, envelope: bool) -> LineData:
    """What the curve needs to draw `values`; the envelope only when asked (long lines)."""
    shown = display_array(values)
    peaks = peak_envelope(shown) if envelope else None
    bounds = None if peaks is None else peaks.bounds()
    low, high, finite = value_bounds(shown) if bounds is None else (*bounds, True)
    if low == high:
        low, high = low - 0.5, high + 0.5
    return LineData(positions(len(shown)), shown, low, high, finite, peaks)


class LineView(ThemedPlotWidget):
    """set_values shows a 1-D array; hovering reports the element under the mouse."""

    pointHovered = Signal(str)  # "index 12: 0.5", or "" off the data
    valuesShown = Signal()  # the last values set are drawn: at once, or later for a long line

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._values = np.zeros(0)
        self._layout = BufferLayout((0,))
        self._lane_name = ""
        self._data: LineData | None = None  # None while a long line is being prepared
        self._every_value: bool | None = None  # which of _data the curve holds
        self._span = 1.0  # the data's finite value range
        self._zoomed_early = False  # show_element ran before a long line was drawn
        # Not _background: PlotWidget has one.
        self._summaries: TaskRunner[LineData, None] = TaskRunner(
            self, Lane.SUMMARIES, Rule.NEWEST_WINS, self._draw, self.show_failure
        )
        plot = self.getPlotItem()
        plot.setDownsampling(auto=True, mode="peak")
        plot.setClipToView(True)
        plot.showGrid(x=True, y=True, alpha=0.25)
        plot.setLabel("bottom", self.tr("element index"))
        plot.getAxis("bottom").enableAutoSIPrefix(False)
        plot.getAxis("left").enableAutoSIPrefix(False)
        self.curve = plot.plot(pen=pg.mkPen("#3b82c4", width=1))
        self.curve.setDynamicRangeLimit(None)
        plot.getViewBox().sigXRangeChanged.connect(self._on_view_x_range_changed)
        plot.getViewBox().sigYRangeChanged.connect(self._on_view_y_range_changed)
        self.marker = element_marker(plot, "o", 12)
        self._hover = PlotHover(self, self.hover_text)
        self._hover.pointHovered.connect(self.pointHovered)

    def set_values(self, values: np.ndarray, layout: BufferLayout, lane_name: str = "") -> None:
        """Plot `values` (one per element, C order) of a buffer laid out as `layout`.

        A short line is drawn before this returns; a long one keeps the previous
        drawing until its envelope is ready (valuesShown says when).
        """
        self._values = values
        self._layout = layout
        self._lane_name = lane_name
        self._zoomed_early = False
        self.clear_failure()
        if len(self.marker.getData()[0]):
            self.marker.setData([], [])
        if len(values) <= BACKGROUND_POINTS:
            self._summaries.supersede()
            self._draw(line_data(values, envelope=False))
            return
        self._data = None
        self._summaries.submit(lambda _state: line_data(values, envelope=True))

    def values(self) -> np.ndarray:
        """Every value of the line, as set: hover and show_element read these."""
        return self._values

    def drawn(self) -> bool:
        """Whether the last values set are on screen (a long line takes a moment)."""
        return self._data is not None

    def shows_every_value(self) -> bool:
        """Whether the curve holds every value rather than the envelope of a long line."""
        return self._every_value is True

    def show_element(self, flat: int) -> None:
        """Mark element `flat` and zoom in around it."""
        if not 0 <= flat < len(self._values):
            return
        self._zoomed_early = self._data is None
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

    def hover_text(self, point: QPointF) -> str:
        """The element nearest to the point on the index axis, in words."""
        flat = round(point.x())
        if not 0 <= flat < len(self._values):
            return ""
        if self._lane_name:
            text: str = self.tr("index {index} ({lane}): {value}")
        else:
            text = self.tr("index {index}: {value}")
        return text.format(
            index=index_text(self._layout.element_index(flat)),
            lane=self._lane_name,
            value=format_value(self._values[flat]),
        )

    def range_limited(self) -> bool:
        """Whether pyqtgraph's dynamic range limit is on (the view is zoomed far in)."""
        return self.curve.opts["dynamicRangeLimit"] is not None

    def _draw(self, data: LineData) -> None:
        self._data = data
        self._span = data.high - data.low
        view = self.getPlotItem().getViewBox()
        self.curve.clear()  # else the range change below re-samples the old data first
        self._every_value = None
        if not self._zoomed_early:
            # Give the view its range before the data: the first paint is then already
            # downsampled, instead of drawing all 16 M points once (18 s) to auto-range.
            view.disableAutoRange()
            view.setRange(
                xRange=(0, max(len(data.ys) - 1, 1)), yRange=(data.low, data.high), padding=0.02
            )
        self._update_curve()
        self._update_range_limit()
        label = self.tr("value ({lane})") if self._lane_name else self.tr("value")
        self.getPlotItem().setLabel("left", label.format(lane=self._lane_name))
        self.valuesShown.emit()

    def _update_curve(self) -> None:
        """Every value once few enough are in view for pyqtgraph to clip and downsample
        cheaply; the envelope of a long line while most of it is in view."""
        data = self._data
        if data is None:
            return
        low, high = self.getPlotItem().getViewBox().viewRange()[0]
        peaks = data.envelope
        every = peaks is None or high - low < DETAIL_PAIRS * peaks.bin_size
        if every == self._every_value:
            return
        self._every_value = every
        xs, ys = (data.xs, data.ys) if every or peaks is None else (peaks.xs, peaks.ys)
        self.curve.setData(xs, ys, skipFiniteCheck=data.finite)

    def _update_range_limit(self) -> None:
        low, high = self.getPlotItem().getViewBox().viewRange()[1]
        deep = (high - low) * DEEP_ZOOM < self._span
        self.curve.setDynamicRangeLimit(RANGE_LIMIT if deep else None)  # no-op if unchanged

    def _on_view_x_range_changed(self, _view: object, _x_range: tuple[float, float]) -> None:
        self._update_curve()

    def _on_view_y_range_changed(self, _view: object, _y_range: tuple[float, float]) -> None:
        self._update_range_limit()
