"""The colours and phase names the results views share, readable on light and dark themes.

A module free of pyqtgraph: the Timings tab's legend and the run history need them
before any plot is made.
"""

from __future__ import annotations

from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

PHASE_COLOURS = {
    "upload": "#3b82c4",
    "fill": "#2aa5b8",
    "kernel": "#e07b26",
    "download": "#3f9e4d",
}
PHASE_TITLES = {  # shown translated, in the context "PlotStyle"
    "upload": QT_TRANSLATE_NOOP("PlotStyle", "Host → device"),
    "fill": QT_TRANSLATE_NOOP("PlotStyle", "Filled on the device"),
    "kernel": QT_TRANSLATE_NOOP("PlotStyle", "Kernel"),
    "download": QT_TRANSLATE_NOOP("PlotStyle", "Device → host"),
}
SERIES_COLOURS = (
    "#e07b26",
    "#3b82c4",
    "#3f9e4d",
    "#c7403a",
    "#8a5cc2",
    "#8c6239",
    "#d15fae",
    "#6f7782",
    "#b5b026",
    "#2aa5b8",
)
# The kernels of a program on the timeline: none is a phase's blue or green.
KERNEL_COLOURS = ("#e07b26", "#8a5cc2", "#c7403a", "#2aa5b8", "#d15fae", "#8c6239", "#b5b026")
MARKER_COLOUR = "#d62728"
FAILURE_COLOUR = "#d9453b"


def series_colour(number: int) -> str:
    """The colour of run number `number` in overlays; stable while the history lasts."""
    return SERIES_COLOURS[number % len(SERIES_COLOURS)]
