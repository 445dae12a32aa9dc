"""Plots that follow the application's palette.

pyqtgraph draws on black by default; a plot inside a light window should look like
the rest of it, and follow the theme when the user switches it.
"""

from __future__ import annotations

import html

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from clstudio.ui.results.plot_colours import FAILURE_COLOUR


def adopt_new_windows(owner: QWidget, before: set[QWidget]) -> None:
    """Give `owner` the parentless menus and forms pyqtgraph made since `before`.

    PlotItem and ViewBox build their context menus as top-level widgets that
    outlive the plot; as the plot's children they are deleted with it.
    """
    for window in set(QApplication.topLevelWidgets()) - before:
        if window is not owner and window.parent() is None:
            window.setParent(owner, window.windowFlags())


class ThemedPlotWidget(pg.PlotWidget):  # type: ignore[misc]  # pyqtgraph is untyped
    """A PlotWidget whose background, axes and text use the widget palette."""

    def __init__(self, parent: QWidget | None = None) -> None:
        before = set(QApplication.topLevelWidgets())
        super().__init__(parent)
        adopt_new_windows(self, before)
        self.setMinimumSize(120, 100)
        self.getPlotItem().hideButtons()
        self._apply_palette()

    def text_colour(self) -> QColor:
        colour: QColor = self.palette().color(QPalette.ColorRole.Text)
        return colour

    def _apply_palette(self) -> None:
        palette = self.palette()
        self.setBackground(palette.color(QPalette.ColorRole.Base))
        text = palette.color(QPalette.ColorRole.Text)
        for plot in self.themed_plot_items():
            for name in ("left", "bottom", "right", "top"):
                axis = plot.getAxis(name)
                axis.setPen(pg.mkPen(text))
                axis.setTextPen(pg.mkPen(text))
        title = self.getPlotItem().titleLabel
        if title.text:
            title.setText(title.text, color=text)
        legend = self.getPlotItem().legend
        if legend is not None:
            legend.setLabelTextColor(text)
            legend.setBrush(pg.mkBrush(palette.color(QPalette.ColorRole.Base)))
            legend.setPen(pg.mkPen(palette.color(QPalette.ColorRole.Mid)))
            # setLabelTextColor colours labels made from now on; the shown ones redraw.
            for _sample, label in legend.items:
                label.setText(label.text, color=text)

    def themed_plot_items(self) -> list[pg.PlotItem]:
        """Plot items whose axes follow the palette; a colour bar adds its own."""
        return [self.getPlotItem()]

    def set_title(self, text: str) -> None:
        self.getPlotItem().setTitle(text, color=self.text_colour(), size="10pt")

    def show_failure(self, traceback_text: str) -> None:
        """Say in the title that the values could not be drawn; the tooltip has the traceback."""
        last_line = traceback_text.strip().splitlines()[-1]
        # Every view's base class: the context is named, not taken from the subclass.
        title = QCoreApplication.translate(
            "PlotStyle", "Could not draw these values: {error} (hover for details)"
        ).format(error=html.escape(last_line))
        self.getPlotItem().setTitle(title, color=FAILURE_COLOUR, size="10pt")
        self.setToolTip(traceback_text)

    def clear_failure(self) -> None:
        if self.toolTip():
            self.getPlotItem().setTitle(None)
            self.setToolTip("")

    def changeEvent(self, event: QEvent) -> None:
        # GraphicsView.__init__ changes the palette before the plot item exists.
        ready = getattr(self, "plotItem", None) is not None
        if ready and event.type() in (
            QEvent.Type.PaletteChange,
            QEvent.Type.ApplicationPaletteChange,
        ):
            self._apply_palette()
        super().changeEvent(event)
