"""What the mouse points at in a plot, in words: one place follows the pointer for every plot."""

from __future__ import annotations

from collections.abc import Callable

import pyqtgraph as pg
from PySide6.QtCore import QObject, QPointF, Signal


class PlotHover(QObject):
    """Asks `describe` about the point under the mouse, in the plot's coordinates.

    Off the axes (over a tick label, the colour bar or the margins) it says "",
    so a hover label never keeps the words of a point the mouse has left.
    """

    pointHovered = Signal(str)  # what `describe` said, or "" off the axes

    def __init__(self, plot: pg.PlotWidget, describe: Callable[[QPointF], str]) -> None:
        super().__init__(plot)
        self._view = plot.getPlotItem().getViewBox()
        self._describe = describe
        plot.scene().sigMouseMoved.connect(self._on_scene_mouse_moved)

    def _on_scene_mouse_moved(self, scene_pos: QPointF) -> None:
        if not self._view.sceneBoundingRect().contains(scene_pos):
            self.pointHovered.emit("")
            return
        self.pointHovered.emit(self._describe(self._view.mapSceneToView(scene_pos)))
