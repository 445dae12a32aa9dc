"""One run's kernel time per repeat, as the repeat plot draws it.

Apart from the plot, which imports pyqtgraph: naming a series does not make the process
import it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RepeatSeries:
    """One run's kernel times in nanoseconds, as a labelled curve."""

    label: str
    times_ns: tuple[int, ...]
    colour: str
