"""The last run as the device saw it: every copy and launch as a bar on one time axis."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QPointF, Signal
from PySide6.QtWidgets import QWidget

from clstudio.common import PHASES, Timing, format_seconds
from clstudio.ui.results.plot_colours import PHASE_COLOURS
from clstudio.ui.results.plot_hover import PlotHover
from clstudio.ui.results.plot_style import ThemedPlotWidget
from clstudio.ui.results.timings.timeline_bars import (
    TimelineBar,
    bar_kernels,
    timeline,
    timeline_rows,
)
from clstudio.ui.results.timings.timeline_legend import kernel_colour
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

BAR_HEIGHT = 0.6
ROW_TITLES = {
    "upload": QT_TRANSLATE_NOOP("TimelinePlot", "write"),
    "fill": QT_TRANSLATE_NOOP("TimelinePlot", "fill"),
    "kernel": QT_TRANSLATE_NOOP("TimelinePlot", "kernel"),
    "download": QT_TRANSLATE_NOOP("TimelinePlot", "read"),
}


def bar_text(bar: TimelineBar) -> str:
    """What a bar is, for the hover line under the plot."""
    if bar.phase == "upload":
        action = QCoreApplication.translate("TimelinePlot", "copy '{name}' to the device")
    elif bar.phase == "fill":
        action = QCoreApplication.translate(
            "TimelinePlot", "fill '{name}' with zeros on the device"
        )
    elif bar.phase == "download":
        action = QCoreApplication.translate("TimelinePlot", "read '{name}' back")
    elif bar.launch > 1 or bar.iteration:
        action = QCoreApplication.translate(
            "TimelinePlot", "kernel {name} (launch {launch}, iteration {iteration})"
        ).format(name="{name}", launch=bar.launch, iteration=bar.iteration)
    else:
        action = QCoreApplication.translate("TimelinePlot", "kernel {name}")
    return QCoreApplication.translate(
        "TimelinePlot", "{action}, repeat {repeat}: {duration}, {start}–{end} ms"
    ).format(
        action=action.format(name=bar.name),
        repeat=bar.repeat + 1,
        duration=format_seconds((bar.end_ms - bar.start_ms) * 1e-3),
        start=f"{bar.start_ms:.2f}",
        end=f"{bar.end_ms:.2f}",
    )


ROW_SPACING = 1.25  # a row's line height, in lines of text
AXES_LINES = 5  # the title, the time axis with its label, and margins


class TimelinePlot(ThemedPlotWidget):
    """One row per command (write a, kernel, read c), bars coloured by phase."""

    barHovered = Signal(str)  # the hovered bar in words, "" when none

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bars: tuple[TimelineBar, ...] = ()
        self._rows: tuple[str, ...] = ()
        self._kernels: tuple[str, ...] = ()
        self._labels: list[tuple[int, str]] = []
        self._items: dict[tuple[str, str], pg.BarGraphItem] = {}  # by phase and kernel
        plot = self.getPlotItem()
        plot.setLabel("bottom", self.tr("time since the first command (ms)"))
        plot.getAxis("bottom").enableAutoSIPrefix(False)
        plot.invertY(True)
        plot.setMouseEnabled(x=True, y=False)
        plot.showGrid(x=True, y=False, alpha=0.25)
        self.set_title(self.tr("Timeline of the last run"))
        self._apply_palette()
        plot.getViewBox().sigResized.connect(lambda _box: self._label_rows())
        self._hover = PlotHover(self, self.hover_text)
        self._hover.pointHovered.connect(self.barHovered)

    def bar_count(self) -> int:
        """Bars drawn, over every phase."""
        return sum(len(item.opts["x0"]) for item in self._items.values())

    def bars(self, phase: str, kernel: str | None = None) -> list[tuple[float, float]]:
        """(start, end) in ms of each drawn bar of `phase` (of one kernel), in time order."""
        found = [
            pair
            for (item_phase, name), item in self._items.items()
            if item_phase == phase and kernel in (None, name)
            for pair in zip(item.opts["x0"], item.opts["x1"], strict=True)
        ]
        return sorted(found)

    def legend_kernels(self) -> list[str]:
        """The kernels the legend names, each in a colour of its own; none for one kernel."""
        return list(self._kernels) if len(self._kernels) > 1 else []

    def kernel_brush(self, kernel: str) -> str:
        """The colour of a kernel's bars."""
        return kernel_colour(kernel, self._kernels)

    def row_names(self) -> tuple[str, ...]:
        return self._rows

    def readable_height(self) -> int:
        """The height at which each row's name has a line of its own, with the title and
        the time axis: a program's dozen rows would otherwise print over each other."""
        return (len(self._rows) + AXES_LINES) * int(self.fontMetrics().height() * ROW_SPACING)

    def set_timings(self, timings: Sequence[Timing]) -> None:
        plot = self.getPlotItem()
        for item in self._items.values():
            plot.removeItem(item)
        self._items = {}
        self._bars = timeline(timings)
        self._rows = timeline_rows(self._bars)
        row_of = {row: index for index, row in enumerate(self._rows)}
        self._kernels = bar_kernels(self._bars)
        groups = [(phase, "") for phase in PHASES if phase != "kernel"]
        groups += [("kernel", kernel) for kernel in self._kernels]
        for phase, kernel in groups:
            bars = [
                bar
                for bar in self._bars
                if bar.phase == phase and (phase != "kernel" or bar.name == kernel)
            ]
            if not bars:
                continue
            colour = kernel_colour(kernel, self._kernels) if kernel else PHASE_COLOURS[phase]
            item = pg.BarGraphItem(
                x0=[bar.start_ms for bar in bars],
                x1=[bar.end_ms for bar in bars],
                y=[row_of[bar.row] for bar in bars],
                height=BAR_HEIGHT,
                brush=colour,
                pen=pg.mkPen(colour),
            )
            plot.addItem(item)
            self._items[(phase, kernel)] = item
        self._label_rows()
        if self._bars:
            end = max(bar.end_ms for bar in self._bars)
            plot.setXRange(0, end, padding=0.02)
            plot.setYRange(-0.5, len(self._rows) - 0.5, padding=0.05)

    def row_labels(self) -> list[tuple[int, str]]:
        """The rows named on the left axis, (row, name): every row when each has a line's
        height, else every second or third, so that no two names print over each other
        (hovering a bar names it)."""
        return list(self._labels)

    def _label_rows(self) -> None:
        rows = len(self._rows)
        shown = self.getPlotItem().getViewBox().height()
        # The y range spans the rows and a 5 % margin (set_timings's padding).
        pixels_per_row = shown / (rows * 1.1) if rows else 0.0
        line = self.fontMetrics().height()
        step = 1 if pixels_per_row <= 0 else max(1, math.ceil(line / pixels_per_row))
        self._labels = [(row, self._row_title(self._rows[row])) for row in range(0, rows, step)]
        self.getPlotItem().getAxis("left").setTicks([self._labels])

    def _row_title(self, row: str) -> str:
        phase, _, name = row.partition(" ")
        return f"{self.tr(ROW_TITLES[phase]) if phase in ROW_TITLES else phase} {name}"

    def hover_text(self, point: QPointF) -> str:
        """The bar under the point in words, or "" between bars."""
        if not self._bars:
            return ""
        view = self.getPlotItem().getViewBox()
        row = round(point.y())
        slack = 3 * view.viewPixelSize()[0]  # a 2 µs bar is still easy to point at
        hit = next(
            (
                bar
                for bar in self._bars
                if 0 <= row < len(self._rows)
                and bar.row == self._rows[row]
                and abs(point.y() - row) <= BAR_HEIGHT / 2
                and bar.start_ms - slack <= point.x() <= bar.end_ms + slack
            ),
            None,
        )
        return "" if hit is None else bar_text(hit)
