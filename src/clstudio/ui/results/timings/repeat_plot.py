"""Kernel time of each repeat, for one run or several overlaid to compare them."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QWidget

from clstudio.ui.results.plot_style import ThemedPlotWidget
from clstudio.ui.results.timings.repeat_series import RepeatSeries


class RepeatPlot(ThemedPlotWidget):
    """Repeat number on x, kernel time on y (seconds, with an SI prefix on the axis)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._curves: list[pg.PlotDataItem] = []
        plot = self.getPlotItem()
        plot.setLabel("bottom", self.tr("repeat"))
        plot.setLabel("left", self.tr("kernel time"), units="s")
        plot.showGrid(x=True, y=True, alpha=0.25)
        plot.addLegend(offset=(-8, -8))  # bottom right: times sit high on an axis from 0
        self.set_title(self.tr("Kernel time of each repeat"))
        self._apply_palette()

    def curves(self) -> list[pg.PlotDataItem]:
        return list(self._curves)

    def set_series(self, series: Sequence[RepeatSeries], latest_timed: bool = True) -> None:
        """Draw `series`; `latest_timed` False: the latest run timed no repeat (it failed or
        timed out), and the title says the lines are earlier runs', not this one's."""
        if latest_timed:
            self.set_title(self.tr("Kernel time of each repeat"))
        else:
            self.set_title(
                self.tr("This run timed no repeat: the lines are of earlier runs, as ticked")
            )
        plot = self.getPlotItem()
        for curve in self._curves:
            plot.removeItem(curve)
        self._curves = []
        for one in series:
            seconds = np.asarray(one.times_ns, dtype=np.float64) * 1e-9
            repeats = np.arange(1, len(seconds) + 1)
            curve = pg.PlotDataItem(
                repeats,
                seconds,
                pen=pg.mkPen(one.colour, width=2),
                symbol="o",
                symbolSize=6,
                symbolBrush=one.colour,
                symbolPen=pg.mkPen(one.colour),
                name=one.label,
            )
            plot.addItem(curve)
            self._curves.append(curve)
        longest = max((len(one.times_ns) for one in series), default=0)
        if not longest:
            return
        plot.setXRange(0.5, longest + 0.5, padding=0)
        axis = plot.getAxis("bottom")
        if longest <= 20:
            axis.setTickSpacing(major=1, minor=1)  # whole repeats, not 2.5
        else:
            axis.setTickSpacing()
        # From zero: an axis that starts at the minimum makes 1 % jitter look dramatic.
        highest = max(max(one.times_ns, default=0) for one in series) * 1e-9
        plot.setYRange(0, highest * 1.1 or 1e-6, padding=0)
