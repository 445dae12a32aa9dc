"""The timeline's bars and rows, on hand-made timings, its row names in a short plot; and
the Qt-free results modules."""

import itertools
import subprocess
import sys

import pytest
from pytestqt.qtbot import QtBot

from clstudio.common.results import Timing
from clstudio.ui.results.timings.timeline_bars import timeline, timeline_rows
from clstudio.ui.results.timings.timeline_plot import TimelinePlot
from ui.layouts import settle_layouts
from ui.shown_widgets import shown


def timing(phase: str, name: str, repeat: int, start: int, end: int) -> Timing:
    return Timing(phase, name, repeat, start - 10, start - 5, start, end)


def test_timeline_starts_at_the_first_command_in_ms() -> None:
    timings = (
        timing("upload", "a", 0, 1_000_000, 1_500_000),
        timing("kernel", "k", 0, 2_000_000, 4_000_000),
        timing("upload", "c", 1, 4_100_000, 4_200_000),
        timing("kernel", "k", 1, 4_200_000, 6_000_000),
        timing("download", "c", 0, 6_000_000, 6_250_000),
    )
    bars = timeline(timings)
    assert len(bars) == 5
    assert (bars[0].start_ms, bars[0].end_ms) == (0.0, 0.5)
    assert (bars[-1].start_ms, bars[-1].end_ms) == pytest.approx((5.0, 5.25))
    assert [bar.repeat for bar in bars if bar.phase == "kernel"] == [0, 1]
    assert timeline_rows(bars) == ("upload a", "upload c", "kernel k", "download c")
    assert timeline(()) == ()


def test_the_results_arithmetic_loads_no_qt() -> None:
    script = (
        "import sys, clstudio.ui.results.outputs.buffer_export, "
        "clstudio.ui.results.viewers.buffer_layout, "
        "clstudio.ui.results.timings.timeline_bars; "
        "print(any(m.startswith(('PySide6', 'pyqtgraph')) for m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr


def test_a_short_timeline_names_every_other_row_never_over_each_other(qtbot: QtBot) -> None:
    names = "abcdefghijkl"
    timings = tuple(
        timing("upload", name, 0, 1_000_000 * (i + 1), 1_000_000 * (i + 1) + 500_000)
        for i, name in enumerate(names)
    )
    plot = shown(qtbot, TimelinePlot(), 400, 800)
    plot.set_timings(timings)
    settle_layouts()
    assert [row for row, _ in plot.row_labels()] == list(range(len(names)))  # room for all
    plot.resize(400, 140)  # a short Results dock
    qtbot.waitUntil(lambda: len(plot.row_labels()) < len(names))
    rows = [row for row, _ in plot.row_labels()]
    box = plot.getPlotItem().getViewBox()
    pixels_per_row = box.height() / (len(names) * 1.1)
    gaps = {b - a for a, b in itertools.pairwise(rows)}
    assert len(gaps) == 1 and gaps.pop() * pixels_per_row >= plot.fontMetrics().height()
    assert plot.row_labels()[0] == (0, "write a")
