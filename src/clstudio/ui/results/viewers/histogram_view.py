"""How a buffer's values are distributed: one bar per integer, or even bins for floats.

Counting 16 M floats takes np.histogram about a quarter of a second, so a long
array is counted on a pool thread (numpy lets go of the GIL while it works) and
the previous bars stay up until the new ones are ready, as the line view does.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, Signal
from PySide6.QtWidgets import QWidget

from clstudio.ui.results.plot_colours import MARKER_COLOUR
from clstudio.ui.results.plot_hover import PlotHover
from clstudio.ui.results.plot_style import ThemedPlotWidget
from clstudio.ui.results.viewers.buffer_layout import Histogram, format_value, histogram
from clstudio.ui.tasks import Lane, Rule, TaskRunner

BACKGROUND_VALUES = 2**21  # longer arrays are counted on a pool thread


class HistogramView(ThemedPlotWidget):
    """set_values counts the values; hovering a bar reports its range and count."""

    pointHovered = Signal(str)
    valuesShown = Signal()  # the last values set are drawn: at once, or later for a long array

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.histogram = Histogram(np.zeros(0, np.int64), np.zeros(1), 0)  # of the bars shown
        self._bars: pg.BarGraphItem | None = None
        self._pending = False  # a long array is being counted
        # Not _background: PlotWidget has one.
        self._summaries: TaskRunner[Histogram, None] = TaskRunner(
            self, Lane.SUMMARIES, Rule.NEWEST_WINS, self._draw, self.show_failure
        )
        plot = self.getPlotItem()
        plot.setLabel("left", self.tr("count"))
        plot.showGrid(x=False, y=True, alpha=0.25)
        plot.getAxis("bottom").enableAutoSIPrefix(False)
        plot.getAxis("left").enableAutoSIPrefix(False)
        self.marker = pg.InfiniteLine(angle=90, pen=pg.mkPen(MARKER_COLOUR, width=2))
        self.marker.setVisible(False)
        self.marker.setZValue(10)
        plot.addItem(self.marker)
        self._hover = PlotHover(self, self.hover_text)
        self._hover.pointHovered.connect(self.pointHovered)

    def set_values(self, values: np.ndarray) -> None:
        """Count `values` (any shape) into bars.

        A short array is drawn before this returns; a long one keeps the previous
        bars, and their hover text, until its counts are ready (valuesShown says when).
        """
        self.marker.setVisible(False)
        self.clear_failure()
        if values.size <= BACKGROUND_VALUES:
            self._summaries.supersede()
            self._draw(histogram(values))
            return
        self._pending = True
        self._summaries.submit(lambda _state: histogram(values))

    def drawn(self) -> bool:
        """Whether the bars show the last values set (a long array takes a moment)."""
        return not self._pending

    def _draw(self, found: Histogram) -> None:
        self._pending = False
        plot = self.getPlotItem()
        if self._bars is not None:
            plot.removeItem(self._bars)
            self._bars = None
        self.histogram = found
        if found.non_finite:
            label = self.tr("value ({count} NaN or infinite left out)")
        else:
            label = self.tr("value")
        plot.setLabel("bottom", label.format(count=found.non_finite))
        if found.counts.size == 0:
            self.valuesShown.emit()
            return
        self._bars = pg.BarGraphItem(
            x0=found.edges[:-1],
            x1=found.edges[1:],
            y0=0,
            height=found.counts,
            brush="#3b82c4",
            pen=pg.mkPen("#2a5f91"),
        )
        plot.addItem(self._bars)
        plot.getViewBox().setRange(
            xRange=(float(found.edges[0]), float(found.edges[-1])),
            yRange=(0, max(int(found.counts.max()), 1)),
            padding=0.03,
        )
        self.valuesShown.emit()

    def bar_heights(self) -> np.ndarray:
        """The counts the bars show, left to right."""
        if self._bars is None:
            return np.zeros(0, np.int64)
        return np.asarray(self._bars.opts["height"])

    def show_value(self, value: float) -> None:
        """Mark where `value` falls."""
        self.marker.setValue(value)
        self.marker.setVisible(True)

    def marker_value(self) -> float | None:
        return float(self.marker.value()) if self.marker.isVisible() else None

    def hover_text(self, point: QPointF) -> str:
        """The bar under the point, its values and count in words."""
        x = point.x()
        edges, counts = self.histogram.edges, self.histogram.counts
        if counts.size == 0 or not edges[0] <= x < edges[-1]:
            return ""
        bar = min(int(np.searchsorted(edges, x, side="right")) - 1, counts.size - 1)
        count = int(counts[bar])
        if self.histogram.per_value:
            if count == 1:
                text: str = self.tr("value {value}: 1 element")
            else:
                text = self.tr("value {value}: {count} elements")
            return text.format(value=round(edges[bar] + 0.5), count=count)
        if count == 1:
            text = self.tr("values from {low} to {high}: 1 element")
        else:
            text = self.tr("values from {low} to {high}: {count} elements")
        low, high = format_value(float(edges[bar])), format_value(float(edges[bar + 1]))
        return text.format(low=low, high=high, count=count)
