"""One buffer drawn as an RGB picture, row 0 at the top; hovering names the element."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, Signal
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QWidget

from clstudio.ui.results.plot_hover import PlotHover
from clstudio.ui.results.plot_style import ThemedPlotWidget

MARGIN = 0.0  # elements around a zoomed box: a margin would show the neighbours as untouched
STEPS = (1, 2, 5)  # element numbers are ticked at these times a power of ten


class ElementAxis(pg.AxisItem):  # type: ignore[misc]  # pyqtgraph is untyped
    """Element numbers ticked at 1, 2 or 5 times a power of ten, as far apart as their
    labels need: pyqtgraph's own ticks ran together on a short picture (0, 200, 400
    and 600 in 100 pixels)."""

    def tickValues(
        self, minVal: float, maxVal: float, size: float
    ) -> list[tuple[float, list[float]]]:
        low, high = sorted((minVal, maxVal))  # an inverted axis hands them high first
        if high <= low or size <= 0:
            return []
        step = element_step((high - low) / size, self.label_extent(high))
        first = np.ceil(low / step) * step
        return [(step, list(np.arange(first, high + step / 2, step)))]

    def label_extent(self, largest: float) -> float:
        """The pixels one label needs along the axis, a gap included."""
        metrics = QFontMetricsF(self.style.get("tickFont") or self.font())
        if self.orientation in ("left", "right"):
            return 2 * metrics.height()
        return metrics.horizontalAdvance(f"{int(abs(largest)) + 1:,}  ")


def element_step(units_per_pixel: float, extent: float) -> float:
    """The least step of 1, 2 or 5 times a power of ten (at least 1: elements are whole)
    whose ticks lie `extent` pixels or more apart."""
    power = 1.0
    while True:
        for multiple in STEPS:
            step = multiple * power
            if step / units_per_pixel >= extent:
                return step
        power *= 10


class MemoryPicture(ThemedPlotWidget):
    pointHovered = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._image = np.zeros((0, 0, 3), np.uint8)
        plot = self.getPlotItem()
        plot.setAxisItems({"bottom": ElementAxis("bottom"), "left": ElementAxis("left")})
        plot.invertY(True)
        self.image_item = pg.ImageItem(axisOrder="row-major")
        plot.addItem(self.image_item)
        self._hover = PlotHover(self, self.hover_text)
        self._hover.pointHovered.connect(self.pointHovered)

    def show_image(self, image: np.ndarray, box: tuple[int, int, int, int] | None = None) -> None:
        """Show (rows, columns, 3) uint8; zoom onto `box` (row, column, rows, columns)."""
        self._image = image
        self.image_item.setImage(image, autoLevels=False, levels=(0, 255))
        rows, columns = image.shape[:2]
        view = self.getPlotItem().getViewBox()
        view.setAspectLocked(False)  # the picture fills the tab: a learner reads counts, not shapes
        top, left, height, width = box or (0, 0, rows, columns)
        view.setRange(
            xRange=(left - MARGIN, left + width + MARGIN),
            yRange=(top - MARGIN, top + height + MARGIN),
            padding=0,
        )

    def clear_image(self) -> None:
        """No picture: another session's measurement is not this one's."""
        self._image = np.zeros((0, 0, 3), np.uint8)
        self.image_item.clear()

    def shown_image(self) -> np.ndarray:
        return self._image

    def hover_text(self, point: QPointF) -> str:
        rows, columns = self._image.shape[:2]
        row, column = int(point.y()), int(point.x())
        if not (0 <= row < rows and 0 <= column < columns) or point.x() < 0 or point.y() < 0:
            return ""
        index = row * columns + column
        if rows == 1:
            words: str = self.tr("element {index}").format(index=index)
        else:
            words = self.tr("row {row}, column {column} (element {index})").format(
                row=row, column=column, index=index
            )
        return words
