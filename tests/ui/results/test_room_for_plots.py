"""The roofline and the timeline are readable where a learner looks: the roofline's tick
labels never run together, and at 1280 x 800 its tab gets the room the chart needs once
shown, as the Timings tab does for a program's rows."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtGui import QImage, QPainter
from pytestqt.qtbot import QtBot

from clstudio.reporting import RooflinePoint
from clstudio.ui.main_window import MainWindow
from clstudio.ui.results.roofline.roofline_plot import DecadeAxis, RooflinePlot
from clstudio.ui.window_layout import EDITOR_LINES
from ui.window_steps import open_gallery

KERNELS = Path(__file__).resolve().parents[3] / "kernels"


def labels(axis: DecadeAxis) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The tick labels the axis would draw now, with their rectangles."""
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        _, _, texts = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    return [(text, rect.getRect()) for rect, _flags, text in texts if text]


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def run_example(
    qtbot: QtBot,
    make_window: Callable[..., MainWindow],
    name: str,
    size: tuple[int, int] | None = None,
) -> MainWindow:
    """A window (of `size`, if given) with the gallery's `name` open and run once."""
    window = make_window()
    if size is not None:
        window.resize(*size)
    open_gallery(qtbot, window, name)
    with qtbot.waitSignal(window.workbench.lastRunChanged, timeout=60_000):
        window.window_actions["run"].trigger()
    return window


@pytest.mark.parametrize("size", [(900, 130), (900, 420), (300, 300), (1600, 700)])
def test_tick_labels_are_distinct_and_never_overlap(qtbot: QtBot, size: tuple[int, int]) -> None:
    plot = RooflinePlot()
    qtbot.addWidget(plot)
    plot.resize(*size)
    plot.show()
    # matmul_tiled's dot at 1280 x 800: about two decades of each axis around 0.07 and 4e-4.
    plot.set_chart(None, [RooflinePoint("#1 matmul_tiled", 1_212_416, 81_920, 0.2)])
    qtbot.wait(50)
    for name in ("left", "bottom"):
        shown = labels(plot.getPlotItem().getAxis(name))
        assert len(shown) >= 2, name  # the axis still says where it is
        texts = [text for text, _ in shown]
        assert len(set(texts)) == len(texts), texts
        rects = [rect for _, rect in shown]
        for i, first in enumerate(rects):
            for second in rects[i + 1 :]:
                assert not overlap(first, second), (name, texts)


@pytest.mark.opencl
def test_the_roofline_tab_gets_room_for_its_chart_at_1280_by_800(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = run_example(qtbot, make_window, "matmul_tiled", (1280, 800))
    results = window.results_panel
    results.setCurrentWidget(results.roofline)
    plot = results.roofline.plot
    # The chart grows toward its readable height as far as the source's 20 lines allow
    # (at 800 pixels they do not allow all of it: the source comes first, issue 43).
    editor = window.editor_panel.editor
    line = editor.fontMetrics().lineSpacing()
    qtbot.waitUntil(
        lambda: plot.height() >= plot.readable_height() or editor.spare_height(EDITOR_LINES) < line,
        timeout=5_000,
    )
    assert plot.height() >= results.height() // 2  # the chart, not its controls, fills it
    assert editor.visible_lines() >= EDITOR_LINES  # and the source keeps its lines


@pytest.mark.opencl
def test_a_gallery_matmul_counts_the_operations_its_session_declares(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = run_example(qtbot, make_window, "matmul_tiled")
    results = window.results_panel
    results.setCurrentWidget(results.roofline)
    # 2 * K operations per work-item (K = 384), not one: a multiply-add per step of K.
    assert results.roofline.ops_per_item.value() == 768
    assert "81 920 work-items × 768 operations" in results.roofline.bytes_note.text()
    assert results.timings.ops_per_item.value() == 768
    assert results.timings.gflops.text().startswith("GFLOP/s: ")
    assert results.timings.gflops.text() != "GFLOP/s: —"


@pytest.mark.opencl
def test_a_programs_timeline_gets_a_line_per_row_at_1280_by_800(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = run_example(qtbot, make_window, "scan_multi_block", (1280, 800))
    timeline = window.results_panel.timings.timeline
    assert len(timeline.row_names()) >= 10  # writes, fills, two kernels, reads
    # Shown as the run ends, without a click: the names do not print over each other.
    qtbot.waitUntil(lambda: timeline.height() >= timeline.readable_height(), timeout=5_000)
    assert window.editor_panel.height() >= 150
