"""From a result arriving to its plots drawn, and how long the GUI stalls meanwhile.

The Outputs tab (OutputsPanel, shown, 1200 × 500, offscreen unless QT_QPA_PLATFORM
says otherwise) is given a finished run, as the app does when a run ends. The clock
stops at the end of the first paint of the plot's viewport after show_run,
caught by an event filter, so exactly one paint is counted. Cases:
- a 16 M-point float32 output, drawn as a line (peak downsampling, clip to view);
- a 4096 × 4096 float32 output, drawn as an image with a colour bar;
- a 1 k-point output: the cost of the pipeline itself, for comparison.
The baseline of the two large cases is numpy's min and max over the same array, in
the same run: the least any plot of it must do. First draws (cold) are reported
apart from the median of later ones with fresh data of the same size.
A 10 ms QTimer measures the longest event-loop stall while a 16 M-point output
is shown and painted, against the same timer with nothing to do, in each of
TRIALS trials with fresh data; so does a zoom of that plot, and choosing the
Histogram view of that output (then the Line view again, for the next trial).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np
from PySide6.QtCore import QEvent, QEventLoop, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from clstudio.common.results import RunResult
from clstudio.reporting import FinishedRun
from clstudio.session import Launch, Session
from clstudio.ui.results.outputs.outputs_panel import OutputsPanel
from results_table import Metric, report

TRIALS = 5
LINE_POINTS = 16 * 2**20
IMAGE_SIDE = 4096
SMALL_POINTS = 1024
TICK_MS = 10
STALL_TARGET_MS = 30.0
WATCH_MS = 1500  # how long the stall probe watches after the result arrives


class PaintProbe(QObject):
    """Records when the next paint event of one widget has finished painting."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__()
        self.painted_at: float | None = None
        widget.installEventFilter(self)
        self._widget = widget

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is not self._widget or event.type() != QEvent.Type.Paint:
            return False
        # Step aside and deliver the event through the remaining filters (the scroll
        # area's own, which paints the scene), then stop the clock: the paint is done.
        self._widget.removeEventFilter(self)
        QApplication.sendEvent(self._widget, event)
        self.painted_at = time.perf_counter()
        return True


def run_of(array: np.ndarray) -> FinishedRun:
    """A run that wrote `array` to buffer c (its initial contents too)."""
    result = RunResult(
        ok=True, kernel="bench", outputs={"c": array}, inputs={"c": np.zeros_like(array)}
    )
    return FinishedRun(Session(source="", launches=(Launch("bench", (1,)),)), result)


def until_painted(panel: OutputsPanel, viewport: QWidget, run: FinishedRun) -> float:
    """Seconds from show_run to the end of the next paint of `viewport`."""
    probe = PaintProbe(viewport)
    started = time.perf_counter()
    panel.show_run(run)
    deadline = started + 60
    while probe.painted_at is None and time.perf_counter() < deadline:
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
    viewport.removeEventFilter(probe)
    if probe.painted_at is None:
        raise RuntimeError("the plot was never painted")
    return probe.painted_at - started


def min_max_seconds(array: np.ndarray) -> float:
    times = []
    for _ in range(3):
        started = time.perf_counter()
        array.min()
        array.max()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def draws(
    panel: OutputsPanel, viewport: QWidget, make: Callable[[int], np.ndarray]
) -> tuple[float, float, np.ndarray]:
    """Cold (first) and warm (median of the rest) result-to-drawn times, fresh data each."""
    times = []
    array = make(0)
    for trial in range(TRIALS):
        array = make(trial)
        times.append(until_painted(panel, viewport, run_of(array)))
        QApplication.processEvents()
    return times[0], statistics.median(times[1:]), array


def longest_gap(action: Callable[[], None] | None) -> tuple[float, int]:
    """The longest interval between ticks of a 10 ms timer while `action` runs once.

    Also returns how many ticks there were, as a check that the probe ran. The
    panel is shown, so the plot is painted inside the watched time.
    """
    ticks: list[float] = []
    loop = QEventLoop()
    timer = QTimer()
    timer.setInterval(TICK_MS)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start()
    if action is not None:
        QTimer.singleShot(100, action)
    QTimer.singleShot(WATCH_MS, loop.quit)
    loop.exec()
    timer.stop()
    gaps = np.diff(ticks)
    return float(gaps.max()) if gaps.size else float("nan"), len(ticks)


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    panel = OutputsPanel()
    panel.resize(1200, 500)
    panel.show()
    app.processEvents()
    line_view = panel.viewer.line.viewport()
    image_view = panel.viewer.image.viewport()
    rng = np.random.default_rng(0)

    def line(_trial: int, count: int = LINE_POINTS) -> np.ndarray:
        return rng.standard_normal(count, dtype=np.float32).cumsum(dtype=np.float32)

    def image(_trial: int) -> np.ndarray:
        return rng.random((IMAGE_SIDE, IMAGE_SIDE), dtype=np.float32)

    small_cold, small_warm, _ = draws(panel, line_view, lambda t: line(t, SMALL_POINTS))
    line_cold, line_warm, big_line = draws(panel, line_view, line)
    line_base = min_max_seconds(big_line)
    image_cold, image_warm, big_image = draws(panel, image_view, image)
    image_base = min_max_seconds(big_image)

    idle_gaps, show_gaps, zoom_gaps, histogram_gaps = [], [], [], []
    view = panel.viewer.line.getPlotItem().getViewBox()
    for trial in range(TRIALS):
        idle_gaps.append(longest_gap(None)[0])
        stall_line = run_of(line(trial))
        show_gaps.append(longest_gap(lambda run=stall_line: panel.show_run(run))[0])
        quarter = (LINE_POINTS // 4 + trial, LINE_POINTS // 2)
        zoom_gaps.append(longest_gap(lambda span=quarter: view.setXRange(*span))[0])
        histogram_gaps.append(longest_gap(lambda: panel.viewer.set_view("histogram"))[0])
        panel.viewer.set_view("line")
    idle_gap, show_gap, zoom_gap, histogram_gap = map(
        statistics.median, (idle_gaps, show_gaps, zoom_gaps, histogram_gaps)
    )
    app.processEvents()
    panel.close()

    stall_note = f"longest gap of a {TICK_MS} ms timer; target <= {STALL_TARGET_MS:g} ms"
    metrics = [
        Metric(
            "16M-point line, result to drawn (warm)",
            line_warm,
            "s",
            baseline=line_base,
            note="baseline: numpy min+max of the same array",
        ),
        Metric("16M-point line, result to drawn (first)", line_cold, "s", baseline=line_base),
        Metric(
            "4096x4096 image, result to drawn (warm)",
            image_warm,
            "s",
            baseline=image_base,
            note="baseline: numpy min+max of the same array",
        ),
        Metric("4096x4096 image, result to drawn (first)", image_cold, "s", baseline=image_base),
        Metric("1k-point line, result to drawn (warm)", small_warm, "s", note="the pipeline alone"),
        Metric(
            "16M-point line vs 1k-point line (warm)",
            line_warm,
            "s",
            baseline=small_warm,
            note="same panel, same path",
        ),
        Metric(
            "GUI stall while a 16M-point output is shown (median)",
            show_gap,
            "s",
            baseline=idle_gap,
            note=f"{stall_note}; baseline: the same timer idle",
        ),
        Metric(
            "GUI stall while a 16M-point output is shown (worst)",
            max(show_gaps),
            "s",
            baseline=max(idle_gaps),
            note=f"worst of {TRIALS} trials",
        ),
        Metric(
            "GUI stall while that plot zooms to a quarter (median)",
            zoom_gap,
            "s",
            baseline=idle_gap,
            note=stall_note,
        ),
        Metric(
            "GUI stall when the Histogram view of a 16M-point output is chosen (median)",
            histogram_gap,
            "s",
            baseline=idle_gap,
            note=f"{stall_note}; baseline: the same timer idle",
        ),
        Metric(
            "GUI stall when the Histogram view of a 16M-point output is chosen (worst)",
            max(histogram_gaps),
            "s",
            baseline=max(idle_gaps),
            note=f"worst of {TRIALS} trials",
        ),
    ]
    report(
        "plot_latency",
        metrics,
        platform=app.platformName(),
        trials=TRIALS,
        stall_gaps_s={
            "idle": idle_gaps,
            "while shown": show_gaps,
            "while zooming": zoom_gaps,
            "histogram chosen": histogram_gaps,
        },
        small_cold_s=small_cold,
        stall_target_ms=STALL_TARGET_MS,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
