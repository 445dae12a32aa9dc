"""The colours of the timeline's bars, and the legend that names them beside the plot.

Free of pyqtgraph: the Timings tab shows its legend before it makes the plot.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication

from clstudio.common import PHASES
from clstudio.ui.results.plot_colours import KERNEL_COLOURS, PHASE_COLOURS, PHASE_TITLES


def kernel_colour(kernel: str, kernels: Sequence[str]) -> str:
    """One kernel keeps the phase's orange; the kernels of a program get a colour each."""
    if len(kernels) <= 1:
        return PHASE_COLOURS["kernel"]
    return KERNEL_COLOURS[kernels.index(kernel) % len(KERNEL_COLOURS)]


def legend_html(kernels: Sequence[str] = ()) -> str:
    """Coloured squares naming the phases, and each kernel of a program; shown beside the
    plot, where it hides no bar.

    Each square and its name wrap together (a narrow pane left a square at a line's end).
    """
    phases = [phase for phase in PHASES if phase != "kernel" or len(kernels) <= 1]
    names = [
        (PHASE_COLOURS[phase], QCoreApplication.translate("PlotStyle", PHASE_TITLES[phase]))
        for phase in phases
    ]
    if len(kernels) > 1:
        names += [
            (
                kernel_colour(k, kernels),
                QCoreApplication.translate("TimelinePlot", "kernel {name}").format(name=k),
            )
            for k in kernels
        ]
    return " &nbsp; ".join(
        f"<span style='white-space:nowrap'><span style='color:{colour}'>■</span>&nbsp;"
        f"{html.escape(name)}</span>"
        for colour, name in names
    )
