"""The texts of pyqtgraph's own menus and dialogs, marked so that our catalogue holds them.

pyqtgraph builds a plot's right-click menu (View All, X axis, Mouse Mode, Plot Options,
Export…) and the export dialog with QCoreApplication.translate under its own contexts
("ViewBox", "PlotItem", "GraphicsScene", "Exporter", and "Form" for its Designer
templates), but ships no catalogue. lupdate cannot find these texts in pyqtgraph (its
templates call an alias, and "axis" sits in an f-string), so they are listed here, exactly
as pyqtgraph 0.13 spells them: the app's translator then answers pyqtgraph's calls.
The menus are built with each plot, so the translator must be installed first (app.py
installs it before any window exists).
"""

from __future__ import annotations

from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

PYQTGRAPH_TEXTS: tuple[str, ...] = (
    QT_TRANSLATE_NOOP("GraphicsScene", "Export..."),
    QT_TRANSLATE_NOOP("ViewBox", "ViewBox options"),
    QT_TRANSLATE_NOOP("ViewBox", "View All"),
    QT_TRANSLATE_NOOP("ViewBox", "axis"),  # "X axis", "Y axis"
    QT_TRANSLATE_NOOP("ViewBox", "Mouse Mode"),
    QT_TRANSLATE_NOOP("ViewBox", "3 button"),
    QT_TRANSLATE_NOOP("ViewBox", "1 button"),
    QT_TRANSLATE_NOOP("PlotItem", "Plot Options"),
    QT_TRANSLATE_NOOP("PlotItem", "Transforms"),
    QT_TRANSLATE_NOOP("PlotItem", "Downsample"),
    QT_TRANSLATE_NOOP("PlotItem", "Average"),
    QT_TRANSLATE_NOOP("PlotItem", "Alpha"),
    QT_TRANSLATE_NOOP("PlotItem", "Grid"),
    QT_TRANSLATE_NOOP("PlotItem", "Points"),
    # The axis menus' controls (axisCtrlTemplate)
    QT_TRANSLATE_NOOP("Form", "Link Axis:"),
    QT_TRANSLATE_NOOP("Form", "Auto"),
    QT_TRANSLATE_NOOP("Form", "Manual"),
    QT_TRANSLATE_NOOP("Form", "Invert Axis"),
    QT_TRANSLATE_NOOP("Form", "Mouse Enabled"),
    QT_TRANSLATE_NOOP("Form", "Visible Data Only"),
    QT_TRANSLATE_NOOP("Form", "Auto Pan Only"),
    # Plot Options' controls (plotConfigTemplate)
    QT_TRANSLATE_NOOP("Form", "Average"),
    QT_TRANSLATE_NOOP("Form", "Clip to View"),
    QT_TRANSLATE_NOOP("Form", "Max Traces:"),
    QT_TRANSLATE_NOOP("Form", "Downsample"),
    QT_TRANSLATE_NOOP("Form", "Peak"),
    QT_TRANSLATE_NOOP("Form", "Forget hidden traces"),
    QT_TRANSLATE_NOOP("Form", "Mean"),
    QT_TRANSLATE_NOOP("Form", "Subsample"),
    QT_TRANSLATE_NOOP("Form", "Log X"),
    QT_TRANSLATE_NOOP("Form", "Power Spectrum (FFT)"),
    QT_TRANSLATE_NOOP("Form", "Log Y"),
    QT_TRANSLATE_NOOP("Form", "Subtract Mean"),
    QT_TRANSLATE_NOOP("Form", "Points"),
    QT_TRANSLATE_NOOP("Form", "Show X Grid"),
    QT_TRANSLATE_NOOP("Form", "Show Y Grid"),
    QT_TRANSLATE_NOOP("Form", "Opacity"),
    QT_TRANSLATE_NOOP("Form", "Alpha"),
    # The export dialog (exportDialogTemplate) and its exporters
    QT_TRANSLATE_NOOP("Form", "Export"),
    QT_TRANSLATE_NOOP("Form", "Item to export:"),
    QT_TRANSLATE_NOOP("Form", "Export format"),
    QT_TRANSLATE_NOOP("Form", "Close"),
    QT_TRANSLATE_NOOP("Form", "Export options"),
    QT_TRANSLATE_NOOP("Form", "Copy"),
    QT_TRANSLATE_NOOP("Exporter", "Image File (PNG, TIF, JPG, ...)"),
    QT_TRANSLATE_NOOP("Exporter", "CSV of original plot data"),
    QT_TRANSLATE_NOOP("Exporter", "Scalable Vector Graphics (SVG)"),
    QT_TRANSLATE_NOOP("Exporter", "Printer"),
    QT_TRANSLATE_NOOP("Exporter", "width"),
    QT_TRANSLATE_NOOP("Exporter", "height"),
    QT_TRANSLATE_NOOP("Exporter", "antialias"),
    QT_TRANSLATE_NOOP("Exporter", "background"),
    QT_TRANSLATE_NOOP("Exporter", "invertValue"),
    QT_TRANSLATE_NOOP("Exporter", "separator"),
    QT_TRANSLATE_NOOP("Exporter", "precision"),
    QT_TRANSLATE_NOOP("Exporter", "columnMode"),
    QT_TRANSLATE_NOOP("Exporter", "scaling stroke"),
)
