"""The roofline chart: log intensity against log GFLOP/s, measured roofs as lines, runs as dots."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFontMetricsF
from PySide6.QtWidgets import QWidget

from clstudio.reporting import RooflinePoint, Roofs
from clstudio.ui.results.plot_colours import MARKER_COLOUR
from clstudio.ui.results.plot_style import ThemedPlotWidget

ROOF_COLOUR = "#3b82c4"
EARLIER_ALPHA = 90  # of 255: earlier runs are fainter than the latest
READABLE_LINES = 20  # of text: the height the chart asks for when its tab is shown (title,
# axes and about two decades of each axis between them)
MINIMUM_LINES = 8  # never squashed below this: its ticks and labels would run together


class DecadeAxis(pg.AxisItem):  # type: ignore[misc]  # pyqtgraph is untyped
    """A log axis ticked at every integer times each power of ten, labelled at 1, 2 and 5
    times each power where the labels fit, else at fewer powers of ten.

    pyqtgraph labels every minor tick of a log axis that spans under two decades, and
    always draws its first level of labels: on a short axis those ran together
    ("5·10⁻ 2·10⁻ 1"). Labels here never come closer than their own size.
    """

    _labelled: frozenset[float] = frozenset()

    def logTickValues(
        self, minVal: float, maxVal: float, size: float, stdTicks: list[float]
    ) -> list[tuple[None, list[float]]]:
        decades = range(int(np.floor(minVal)), int(np.ceil(maxVal)) + 1)

        def ticks(multiples: tuple[int, ...], every: int = 1) -> list[float]:
            values = (d + float(np.log10(m)) for d in decades if d % every == 0 for m in multiples)
            return [v for v in values if minVal <= v <= maxVal]

        labelled: list[float] = []
        choices = (((1, 2, 5), 1), ((1, 3), 1), ((1,), 1), ((1,), 2), ((1,), 5), ((1,), 10))
        for multiples, every in choices:
            labelled = ticks(multiples, every)
            if self._fit(labelled, size / max(maxVal - minVal, 1e-9)):
                break
        self._labelled = frozenset(labelled)
        minor = [v for v in ticks((1, 2, 3, 4, 5, 6, 7, 8, 9)) if v not in self._labelled]
        return [(None, labelled), (None, minor)]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        strings: list[str] = super().tickStrings(values, scale, spacing)
        return [
            text if v in self._labelled else "" for v, text in zip(values, strings, strict=True)
        ]

    def _fit(self, values: list[float], pixels_per_decade: float) -> bool:
        """Whether labels at `values` keep clear of each other: half a line or a space
        between neighbours."""
        metrics = QFontMetricsF(self.style.get("tickFont") or self.font())
        if self.orientation in ("left", "right"):
            extents = [metrics.height() * 1.5] * len(values)
        else:
            extents = [
                metrics.horizontalAdvance(f"{t}  ") for t in self.logTickStrings(values, 1, 1)
            ]
        return all(
            (b - a) * pixels_per_decade >= (extent_a + extent_b) / 2
            for a, b, extent_a, extent_b in zip(
                values, values[1:], extents, extents[1:], strict=False
            )
        )


class RooflinePlot(ThemedPlotWidget):
    """set_chart(roofs, points): the last point is the latest run, drawn strongest."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._roof_items: list[pg.GraphicsObject] = []
        self._point_items: list[pg.GraphicsObject] = []
        plot = self.getPlotItem()
        plot.setAxisItems({"bottom": DecadeAxis("bottom"), "left": DecadeAxis("left")})
        plot.setLabel("bottom", self.tr("arithmetic intensity (operations per byte)"))
        plot.setLabel("left", "GFLOP/s")
        plot.setLogMode(x=True, y=True)
        for name in ("bottom", "left"):
            plot.getAxis(name).enableAutoSIPrefix(False)  # no "(x0.001)" beside a log axis
        plot.showGrid(x=True, y=True, alpha=0.25)
        self.set_title(self.tr("Roofline: your kernel under the device's measured limits"))
        self._apply_palette()
        self.setMinimumHeight(MINIMUM_LINES * int(self.fontMetrics().height()))

    def name_kernel(self, kernel: str | None) -> None:
        """The title names the kernel of a program placed; None for a one-kernel session."""
        if kernel is None:
            self.set_title(self.tr("Roofline: your kernel under the device's measured limits"))
        else:
            title = self.tr("Roofline: kernel {kernel} under the device's measured limits")
            self.set_title(title.format(kernel=kernel))

    def readable_height(self) -> int:
        return READABLE_LINES * int(self.fontMetrics().height())

    def roof_lines(self) -> list[pg.PlotDataItem]:
        return [item for item in self._roof_items if isinstance(item, pg.PlotDataItem)]

    def points(self) -> list[pg.PlotDataItem]:
        """One per run, oldest first; the data are in operations per byte and GFLOP/s."""
        return [item for item in self._point_items if isinstance(item, pg.PlotDataItem)]

    def labels(self) -> list[str]:
        """The texts beside the runs' dots, oldest first."""
        return [item.toPlainText() for item in self._point_items if isinstance(item, pg.TextItem)]

    def roof_labels(self) -> list[str]:
        return [item.toPlainText() for item in self._roof_items if isinstance(item, pg.TextItem)]

    def set_chart(self, roofs: Roofs | None, points: Sequence[RooflinePoint]) -> None:
        plot = self.getPlotItem()
        for item in self._roof_items + self._point_items:
            plot.removeItem(item)
        self._roof_items, self._point_items = [], []
        intensities = [p.intensity for p in points]
        speeds = [p.gflop_s for p in points]
        if roofs is not None:
            intensities.append(roofs.ridge)
            speeds.append(roofs.compute.value)
        if not intensities:
            return
        low = min(intensities) / 8
        high = max(intensities) * 8
        if roofs is not None:
            self._draw_roofs(roofs, low, high)
        for number, point in enumerate(points):
            self._draw_point(point, latest=number == len(points) - 1)
        if roofs is not None:
            speeds.append(roofs.bandwidth.value * low)
        plot.setXRange(np.log10(low), np.log10(high), padding=0)
        plot.setYRange(np.log10(max(min(speeds) / 3, 1e-9)), np.log10(max(speeds) * 3), padding=0)

    def _draw_roofs(self, roofs: Roofs, low: float, high: float) -> None:
        ridge = roofs.ridge
        xs = np.array([low, ridge, high])
        ys = np.array([roofs.bandwidth.value * low, roofs.compute.value, roofs.compute.value])
        label = (
            f"{roofs.bandwidth.value:.3g} GB/s ({roofs.bandwidth.key}), "
            f"{roofs.compute.value:.3g} GFLOP/s ({roofs.compute.key})"
        )
        self._add_line(xs, ys, pg.mkPen(ROOF_COLOUR, width=2), label)
        self._add_text(f"{roofs.bandwidth.value:.3g} GB/s", low * 1.3, roofs.bandwidth.value * low)
        # The flat roofs' labels end at the chart's right edge: begun inside it, a long
        # one ran past the edge and was cut.
        self._add_text(f"{roofs.compute.value:.3g} GFLOP/s", high, roofs.compute.value, right=True)
        scalar = roofs.scalar_compute
        if scalar is not None and scalar.value < roofs.compute.value:
            start = scalar.value / roofs.bandwidth.value
            pen = pg.mkPen(ROOF_COLOUR, width=1, style=Qt.PenStyle.DashLine)
            self._add_line(
                np.array([start, high]), np.array([scalar.value, scalar.value]), pen, scalar.key
            )
            text = self.tr("{gflop_s} GFLOP/s without vectors").format(
                gflop_s=f"{scalar.value:.3g}"
            )
            self._add_text(text, high, scalar.value, right=True)

    def _add_line(self, xs: np.ndarray, ys: np.ndarray, pen: object, name: str) -> None:
        line = pg.PlotDataItem(xs, ys, pen=pen, name=name)
        self.getPlotItem().addItem(line)
        self._roof_items.append(line)

    def _add_text(self, text: str, x: float, y: float, right: bool = False) -> None:
        item = pg.TextItem(text, color=self.text_colour(), anchor=(1 if right else 0, 1))
        item.setPos(np.log10(x), np.log10(y))
        self.getPlotItem().addItem(item)
        self._roof_items.append(item)

    def _draw_point(self, point: RooflinePoint, latest: bool) -> None:
        colour = QColor(MARKER_COLOUR)
        if not latest:
            colour.setAlpha(EARLIER_ALPHA)
        # A PlotDataItem, not a ScatterPlotItem: only it follows the plot's log mode.
        dots = pg.PlotDataItem(
            [point.intensity],
            [point.gflop_s],
            pen=None,
            symbol="o",
            symbolSize=12 if latest else 9,
            symbolBrush=pg.mkBrush(colour),
            symbolPen=pg.mkPen(colour),
            name=point.label,
        )
        self.getPlotItem().addItem(dots)
        self._point_items.append(dots)
        # The latest run is labelled on the right, earlier ones on the left: a kernel's
        # runs share one intensity, so their labels would otherwise cover each other.
        text = pg.TextItem(point.label, color=colour, anchor=(0, 0.5) if latest else (1, 0.5))
        shift = 0.04 if latest else -0.04
        text.setPos(np.log10(point.intensity) + shift, np.log10(point.gflop_s))
        self.getPlotItem().addItem(text)
        self._point_items.append(text)
