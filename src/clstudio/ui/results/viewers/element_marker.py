"""The mark on the element a view points out (the worst one, or one asked for): one look
for the line and the image."""

from __future__ import annotations

import pyqtgraph as pg

from clstudio.ui.results.plot_colours import MARKER_COLOUR


def element_marker(plot: pg.PlotItem, symbol: str, size: int) -> pg.ScatterPlotItem:
    """An empty marker added above everything else in `plot`."""
    marker = pg.ScatterPlotItem(
        size=size, symbol=symbol, pen=pg.mkPen(MARKER_COLOUR, width=2), brush=None
    )
    marker.setZValue(10)
    plot.addItem(marker)
    return marker
