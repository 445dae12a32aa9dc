"""The Timings tab on real PoCL runs and hand-made results: what the user reads and sees."""

import re
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QStyle
from pytestqt.qtbot import QtBot

from clstudio.common.dtypes import parse_element_type
from clstudio.common.results import RunError, RunResult
from clstudio.common.units import format_seconds
from clstudio.reporting import FinishedRun
from clstudio.session import Launch
from clstudio.session.args import ArgSpec, BufferArg
from clstudio.session.format import Session
from clstudio.ui.results.timings.timings_panel import STATS_ROWS, TimingsPanel
from ui.qt_items import table_text
from ui.results.shown_runs import ShowGallery
from ui.shown_widgets import shown

FLOAT = parse_element_type("float32")


@pytest.fixture
def panel(qtbot: QtBot) -> TimingsPanel:
    return shown(qtbot, TimingsPanel(), 1200, 400)


def small_session(**keys: Any) -> Session:
    args: dict[str, ArgSpec] = {
        "a": BufferArg(FLOAT, (8,), access="in"),
        "c": BufferArg(FLOAT, (8,), access="out"),
    }
    return Session(source="", launches=(Launch("k", (8,)),), repeats=3, args=args, **keys)


@pytest.mark.opencl
def test_a_real_run_fills_every_plot_and_number(
    panel: TimingsPanel, show_gallery: ShowGallery
) -> None:
    run = show_gallery(panel, "vector_add")
    assert panel.stack.currentIndex() == 1
    # Which kind of device timed it, and what that means for __local tiles.
    assert run.result.device_type == "CPU"
    assert " — a CPU device: __local is cached memory and barriers cost" in panel.summary.text()
    assert panel.summary.toolTip().startswith("Measured on a CPU device: its __local memory")
    times = np.array(run.result.kernel_times_ns()) * 1e-9
    assert len(times) == run.session.repeats

    # One bar per profiling event, each on its phase's item.
    assert panel.timeline.bar_count() == len(run.result.timings)
    uploads = [t for t in run.result.timings if t.phase == "upload"]
    assert len(panel.timeline.bars("upload")) == len(uploads)
    assert len(panel.timeline.bars("kernel")) == run.session.repeats
    assert panel.timeline.row_names()[0] == "upload a"
    assert "kernel vector_add" in panel.timeline.row_names()
    # c starts from zeros: filled on the device before each launch, never copied from the host.
    assert "fill c" in panel.timeline.row_names() and "upload c" not in panel.timeline.row_names()
    assert len(panel.timeline.bars("fill")) == run.session.repeats

    # One point per repeat.
    (curve,) = panel.repeats.curves()
    xs, ys = curve.getData()
    np.testing.assert_array_equal(xs, np.arange(1, run.session.repeats + 1))
    np.testing.assert_allclose(ys, times)

    expected = {
        "Min": times.min(),
        "Median": np.median(times),
        "Mean": times.mean(),
        "Std deviation": np.std(times, ddof=1),
        "Max": times.max(),
    }
    for name, value in expected.items():
        assert panel.stats_value(name) == pytest.approx(value)
        row = STATS_ROWS.index(name)
        assert table_text(panel.stats_table, row, 0) == format_seconds(value)
    assert table_text(panel.stats_table, 0, 0) == str(run.session.repeats)
    assert "vector_add" in panel.summary.text()


@pytest.mark.opencl
def test_bandwidth_counts_the_buffers_the_kernel_reads_and_writes(
    panel: TimingsPanel, show_gallery: ShowGallery
) -> None:
    run = show_gallery(panel, "vector_add")
    median = np.median(run.result.kernel_times_ns()) * 1e-9
    moved = 3 * 1048576 * 4  # a and b read, c written
    assert panel.bandwidth.text() == f"Effective bandwidth: {moved / median / 1e9:.3g} GB/s"
    assert "12 MiB per launch" in panel.bandwidth_detail.text()
    assert "8 MiB read from a, b" in panel.bandwidth_detail.text()
    assert "4 MiB written to c" in panel.bandwidth_detail.text()


def test_gflops_appear_once_the_user_enters_operations(
    panel: TimingsPanel, qtbot: QtBot, synthetic: Callable[..., RunResult]
) -> None:
    panel.show_run(FinishedRun(small_session(), synthetic(times_ns=[1000, 1000, 1000])))
    assert panel.gflops.text() == "GFLOP/s: —"
    assert "Enter the operations" in panel.gflops_detail.text()
    panel.ops_per_item.selectAll()
    qtbot.keyClicks(panel.ops_per_item, "250")
    # 8 work-items × 250 operations in 1 µs = 2 GFLOP/s
    assert panel.gflops.text() == "GFLOP/s: 2"
    assert panel.gflops_detail.text() == "8 work-items × 250 operations in 1 µs"


def test_bandwidth_of_a_hand_made_run(
    panel: TimingsPanel, synthetic: Callable[..., RunResult]
) -> None:
    panel.show_run(FinishedRun(small_session(), synthetic(times_ns=[2000, 1000, 3000])))
    # 32 bytes read + 32 written over the 2 µs median = 0.032 GB/s
    assert panel.bandwidth.text() == "Effective bandwidth: 0.032 GB/s"


def test_history_overlays_two_runs_in_their_own_colours(
    panel: TimingsPanel, synthetic: Callable[..., RunResult], qtbot: QtBot
) -> None:
    session = small_session()
    panel.show_run(FinishedRun(session, synthetic(times_ns=[4000, 3000, 3500])))
    panel.show_run(FinishedRun(session, synthetic(times_ns=[2000, 1500, 1700, 1600])))
    entries = panel.history.entries()
    assert [entry.number for entry in entries] == [2, 1]
    assert [entry.number for entry in panel.history.checked_entries()] == [2]
    assert len(panel.repeats.curves()) == 1

    # The user ticks run 1 to compare it with run 2.
    list_widget = panel.history.list_widget()
    item = list_widget.item(1)
    click_checkbox(qtbot, list_widget, item)
    assert item.checkState() == Qt.CheckState.Checked
    curves = panel.repeats.curves()
    assert len(curves) == 2
    assert [len(curve.getData()[1]) for curve in curves] == [3, 4]
    np.testing.assert_allclose(curves[0].getData()[1], [4e-6, 3e-6, 3.5e-6])
    colours = {curve.opts["pen"].color().name() for curve in curves}
    assert len(colours) == 2
    legend = panel.repeats.getPlotItem().legend
    assert [label.text for _, label in legend.items] == [e.label for e in reversed(entries)]

    # A third run replaces the newest in the overlay, but run 1 stays: the user chose it.
    panel.show_run(FinishedRun(session, synthetic(times_ns=[1000, 1000])))
    assert [entry.number for entry in panel.history.checked_entries()] == [1, 3]


def click_checkbox(qtbot: QtBot, list_widget: QListWidget, item: QListWidgetItem) -> None:
    """Click where the style draws a list item's check box: at the left of its row."""
    style = list_widget.style()
    margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1
    indicator = style.pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth)
    rect = list_widget.visualItemRect(item)
    point = QPoint(rect.left() + margin + indicator // 2, rect.center().y())
    qtbot.mouseClick(list_widget.viewport(), Qt.MouseButton.LeftButton, pos=point)


def test_clear_history_empties_the_overlay(
    panel: TimingsPanel, synthetic: Callable[..., RunResult], qtbot: QtBot
) -> None:
    panel.show_run(FinishedRun(small_session(), synthetic()))
    qtbot.mouseClick(panel.history.clear_button, Qt.MouseButton.LeftButton)
    assert panel.history.entries() == []
    assert panel.repeats.curves() == []


def test_a_failed_run_shows_its_error_and_keeps_the_history(
    panel: TimingsPanel, synthetic: Callable[..., RunResult]
) -> None:
    session = small_session()
    panel.show_run(FinishedRun(session, synthetic()))
    failed = synthetic(
        ok=False,
        timings=(),
        error=RunError("build", "expected ';' after expression", line=4),
    )
    panel.show_run(FinishedRun(session, failed))
    assert panel.banner.isVisible()
    assert panel.banner.text() == (
        "The kernel did not build (line 4): expected ';' after expression"
    )
    assert panel.timeline.bar_count() == 0
    assert table_text(panel.stats_table, 2, 0) == "—"
    assert panel.bandwidth.text() == "Effective bandwidth: —"
    assert len(panel.history.entries()) == 1  # nothing measured, nothing to compare
    # The earlier run's line stays, as ticked, and the plot says it is not this run's.
    assert len(panel.repeats.curves()) == 1
    assert "This run timed no repeat" in panel.repeats.getPlotItem().titleLabel.text

    panel.show_run(FinishedRun(session, synthetic()))
    assert not panel.banner.isVisible()


def test_after_a_timed_out_run_the_repeats_plot_says_its_lines_are_earlier_runs(
    panel: TimingsPanel, synthetic: Callable[..., RunResult], qtbot: QtBot
) -> None:
    session = small_session()
    panel.show_run(FinishedRun(session, synthetic(times_ns=[4000, 3000, 3500])))
    timeout = RunError("timeout", "the run took longer than its time limit")
    panel.show_run(FinishedRun(session, synthetic(ok=False, timings=(), error=timeout)))
    title = panel.repeats.getPlotItem().titleLabel
    assert title.text == "This run timed no repeat: the lines are of earlier runs, as ticked"
    [curve] = panel.repeats.curves()
    assert curve.opts["name"] == panel.history.entries()[0].label  # named as run #1
    list_widget = panel.history.list_widget()
    click_checkbox(qtbot, list_widget, list_widget.item(0))  # untick it: no line at all
    assert panel.repeats.curves() == [] and "timed no repeat" in title.text
    panel.show_run(FinishedRun(session, synthetic(times_ns=[1000, 1000])))
    assert title.text == "Kernel time of each repeat"


def test_hovering_a_timeline_bar_names_it(
    panel: TimingsPanel, synthetic: Callable[..., RunResult], qtbot: QtBot
) -> None:
    panel.show_run(FinishedRun(small_session(), synthetic(times_ns=[400_000, 300_000])))
    qtbot.waitExposed(panel)
    start, end = panel.timeline.bars("kernel")[0]
    row = panel.timeline.row_names().index("kernel k")
    view = panel.timeline.getPlotItem().getViewBox()
    # What pyqtgraph's scene reports when the mouse moves over the bar's middle.
    point = view.mapViewToScene(QPointF((start + end) / 2, row))
    with qtbot.waitSignal(panel.timeline.barHovered) as hovered:
        panel.timeline.scene().sigMouseMoved.emit(point)
    assert re.match(r"kernel k, repeat 1: 400 µs, [\d.]+–[\d.]+ ms", hovered.args[0])
    assert panel.timeline_hover.text() == hovered.args[0]
