"""A 2-D buffer as an image with a colour map and a colour bar; row 0 at the top."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QTimer, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QApplication, QWidget

from clstudio.ui.results.plot_hover import PlotHover
from clstudio.ui.results.plot_style import ThemedPlotWidget, adopt_new_windows
from clstudio.ui.results.viewers.buffer_layout import display_array, format_value
from clstudio.ui.results.viewers.element_marker import element_marker
from clstudio.ui.results.viewers.line_view import value_bounds

COLOUR_MAP = "viridis"  # perceptually even, and readable by most colour-blind people
PICTURE_MAP = "CET-L1"  # black to white: bytes are most often a grayscale picture
ZOOM_HALF_SIZE = 16  # pixels either side of one that "show element" jumps to


def colour_map_for(dtype: np.dtype) -> pg.ColorMap:
    """Gray for 8-bit data, which is most often a picture; viridis for other numbers."""
    return pg.colormap.get(PICTURE_MAP if dtype.itemsize == 1 else COLOUR_MAP)


def colour_top(pixels: np.ndarray) -> float:
    """The channel value shown at full brightness: 255 for bytes, 1 for floats (normalised),
    and the brightest value for other integers, whose range the kernel decides."""
    if pixels.dtype == np.uint8:
        return 255.0
    if pixels.dtype.kind == "f":
        return 1.0
    return float(max(1, pixels.max(initial=1)))


class ImageView(ThemedPlotWidget):
    """set_values shows rows × columns; hovering reports row, column and value."""

    pointHovered = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._values = np.zeros((0, 0))
        self._axis_names = (self.tr("row"), self.tr("column"))
        self._square_pixels = True
        self._side_margin = 0.0
        plot = self.getPlotItem()
        plot.invertY(True)
        plot.getAxis("bottom").enableAutoSIPrefix(False)
        plot.getAxis("left").enableAutoSIPrefix(False)
        self.image_item = pg.ImageItem(axisOrder="row-major")
        plot.addItem(self.image_item)
        # RGBA pictures get an item of their own: the colour bar's map applies to one channel.
        self.colour_item = pg.ImageItem(axisOrder="row-major")
        self.colour_item.setVisible(False)
        plot.addItem(self.colour_item)
        before = set(QApplication.topLevelWidgets())
        self.colour_bar = pg.ColorBarItem(colorMap=COLOUR_MAP, interactive=False, width=16)
        adopt_new_windows(self, before)  # a ColorBarItem is a PlotItem, menus and all
        self.colour_bar.setImageItem(self.image_item, insert_in=plot)
        self._apply_palette()
        self.marker = element_marker(plot, "s", 14)
        self._hover = PlotHover(self, self.hover_text)
        self._hover.pointHovered.connect(self.pointHovered)
        plot.getViewBox().sigResized.connect(self._on_view_resized)

    def themed_plot_items(self) -> list[pg.PlotItem]:
        bar = getattr(self, "colour_bar", None)  # absent while the base class is built
        return [self.getPlotItem()] + ([bar] if bar is not None else [])

    def set_values(
        self,
        values: np.ndarray,
        axis_names: tuple[str, str] | None = None,
        square_pixels: bool = True,
    ) -> None:
        """Show a 2-D array, or (height, width, 4) RGBA in colour, on axes named `axis_names`
        (row and column unless given).

        A lanes × elements strip reads better without square pixels.
        """
        if axis_names is None:
            axis_names = (self.tr("row"), self.tr("column"))
        self._values = values
        self._axis_names = axis_names
        self.marker.setData([], [])
        shown = display_array(values)
        colour = shown.ndim == 3
        self.image_item.setVisible(not colour)
        self.colour_item.setVisible(colour)
        self.colour_bar.setVisible(not colour)
        if colour:
            self.colour_item.setImage(shown, levels=(0.0, colour_top(shown)))
        else:
            low, high, _ = value_bounds(shown)
            if low == high:
                low, high = low - 0.5, high + 0.5
            self.colour_bar.setColorMap(colour_map_for(shown.dtype))
            self.image_item.setImage(shown, levels=(low, high))
            self.colour_bar.setLevels((low, high))
        plot = self.getPlotItem()
        plot.setLabel("left", axis_names[0])
        plot.setLabel("bottom", axis_names[1])
        plot.setAspectLocked(square_pixels)
        self._square_pixels = square_pixels
        self._show_whole_image()
        QTimer.singleShot(0, self._show_whole_image)  # once the layout has settled

    def resizeEvent(self, event: QResizeEvent | None) -> None:
        super().resizeEvent(event)
        if getattr(self, "_values", None) is not None:  # None while the base class is built
            self._show_whole_image()

    def _show_whole_image(self) -> None:
        """Fit the plot to the image: with square pixels, the margins left and right take
        what the image cannot use, so the axes span the image and nothing beside it."""
        if self._values.ndim < 2:
            return
        self._fit_margins()
        height, width = self._values.shape[:2]
        self.getPlotItem().getViewBox().setRange(
            xRange=(0, width), yRange=(0, height), padding=0.02
        )

    def _fit_margins(self) -> None:
        if self._values.ndim < 2:
            return
        height, width = self._values.shape[:2]
        plot = self.getPlotItem()
        view = plot.getViewBox()
        margin = 0.0
        if self._square_pixels and height and width and view.height() > 0:
            # The axes and colour bar beside the view box, as laid out with it: the view
            # box may lag behind the last margins set, but never behind its neighbours.
            beside = plot.layout.geometry().width() - view.width()
            wanted = view.height() * width / height
            margin = max(0.0, (plot.size().width() - beside - wanted) / 2)
        if abs(margin - self._side_margin) >= 1:
            self._side_margin = margin
            plot.setContentsMargins(margin, 0, margin, 0)

    def _on_view_resized(self) -> None:
        # The axes grow or shrink once their tick labels are drawn, and the view box with
        # them: the margins follow, and the view box keeps the range it was given.
        self._fit_margins()

    def visible_columns(self) -> tuple[float, float]:
        """The x range the axes show, in columns."""
        low, high = self.getPlotItem().getViewBox().viewRange()[0]
        return float(low), float(high)

    def levels(self) -> tuple[float, float]:
        low, high = self.colour_bar.levels()
        return float(low), float(high)

    def show_element(self, row: int, column: int) -> None:
        """Mark the pixel at (row, column) and zoom in around it."""
        height, width = self._values.shape[:2]
        if not (0 <= row < height and 0 <= column < width):
            return
        self.marker.setData([column + 0.5], [row + 0.5])
        self.getPlotItem().getViewBox().setRange(
            xRange=(max(column - ZOOM_HALF_SIZE, 0), min(column + ZOOM_HALF_SIZE + 1, width)),
            yRange=(max(row - ZOOM_HALF_SIZE, 0), min(row + ZOOM_HALF_SIZE + 1, height)),
            padding=0,
        )

    def marker_position(self) -> tuple[int, int] | None:
        """(row, column) of the marked pixel."""
        xs, ys = self.marker.getData()
        return None if len(xs) == 0 else (int(ys[0]), int(xs[0]))

    def hover_text(self, point: QPointF) -> str:
        """The pixel under the point: its row, column and value."""
        x, y = point.x(), point.y()
        if not (math.isfinite(x) and math.isfinite(y)):
            return ""
        row, column = math.floor(y), math.floor(x)
        height, width = self._values.shape[:2]
        if not (0 <= row < height and 0 <= column < width):
            return ""
        pixel = self._values[row, column]
        if self._values.ndim == 3:
            value = "RGBA (" + ", ".join(format_value(channel) for channel in pixel) + ")"
        else:
            value = format_value(pixel)
        text: str = self.tr("{row_axis} {row}, {column_axis} {column}: {value}")
        return text.format(
            row_axis=self._axis_names[0],
            row=row,
            column_axis=self._axis_names[1],
            column=column,
            value=value,
        )
