"""The Local size tab's plot: the kernel's median time at each local size swept."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QWidget

from clstudio.measurements import SweepResult
from clstudio.ui.results.plot_colours import MARKER_COLOUR, SERIES_COLOURS
from clstudio.ui.results.plot_style import ThemedPlotWidget


class SweepPlot(ThemedPlotWidget):
    """Kernel time against local size (one slot per size, labelled), the best as a star.

    Sizes that failed, or ran and gave wrong outputs, are crosses off the curve.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        plot = self.getPlotItem()
        plot.setLabel("bottom", self.tr("local size"))
        plot.setLabel("left", self.tr("median kernel time"), units="s")
        plot.showGrid(x=False, y=True, alpha=0.25)
        self.set_title(self.tr("Kernel time at each local size"))
        self.curve = pg.PlotDataItem(
            pen=pg.mkPen(SERIES_COLOURS[1], width=2),
            symbol="o",
            symbolSize=6,
            symbolBrush=SERIES_COLOURS[1],
        )
        self.best = pg.PlotDataItem(
            pen=None, symbol="star", symbolSize=18, symbolBrush=MARKER_COLOUR
        )
        self.failed = pg.PlotDataItem(
            pen=None, symbol="x", symbolSize=10, symbolBrush=MARKER_COLOUR, symbolPen=MARKER_COLOUR
        )
        for item in (self.curve, self.best, self.failed):
            plot.addItem(item)
        self._apply_palette()

    def show_sweep(self, sweep: SweepResult, program: bool = False) -> None:
        """`program`: the session launches several kernels, so the title names the swept one."""
        if program:
            self.set_title(
                self.tr("{kernel}: kernel time at each local size").format(kernel=sweep.kernel)
            )
        else:
            self.set_title(self.tr("Kernel time at each local size"))
        points = sweep.points
        slots = np.arange(len(points), dtype=float)
        times = np.array([np.nan if p.median_s is None else p.median_s for p in points])
        good = np.array([p.ok for p in points], dtype=bool)
        self.curve.setData(slots[good], times[good])
        best = sweep.best
        if best is not None:
            slot = float(points.index(best))
            self.best.setData([slot], [best.median_s])
        else:
            self.best.setData([], [])
        # A size with wrong outputs is crossed out at its time; one that did not run, at 0.
        self.failed.setData(slots[~good], np.nan_to_num(times[~good], nan=0.0))
        labels = [(float(i), p.label) for i, p in enumerate(points)]
        step = max(1, len(labels) // 12)  # every label would overlap beyond a dozen
        self.getPlotItem().getAxis("bottom").setTicks([labels[::step], labels])
        if len(points):
            self.getPlotItem().setXRange(-0.5, len(points) - 0.5, padding=0)
