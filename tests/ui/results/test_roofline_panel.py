"""The Roofline tab: runs as dots under measured roofs, or no roof and an offer to measure."""

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clstudio.common import PeakDevice, PeakFigure, PeakReport
from clstudio.common.dtypes import parse_element_type
from clstudio.common.results import RunResult
from clstudio.reporting import FinishedRun
from clstudio.session import Launch
from clstudio.session.args import ArgSpec, BufferArg
from clstudio.session.format import Session
from clstudio.ui.results.roofline.roofline_panel import RooflinePanel
from ui.results.shown_runs import GalleryRun, ShowGallery
from ui.shown_widgets import shown


def peaks_of(device: str) -> PeakReport:
    return PeakReport(
        PeakDevice(device, "PoCL", "3.0"),
        "2026-12-01T09:00:00+00:00",
        (
            PeakFigure("global_bandwidth.float16", 25.0, "GB/s", "m"),
            PeakFigure("sp_compute.float", 1.5, "GFLOP/s", "m"),
            PeakFigure("sp_compute.float16", 30.0, "GFLOP/s", "m"),
        ),
    )


@pytest.fixture
def panel(qtbot: QtBot) -> RooflinePanel:
    return shown(qtbot, RooflinePanel(), 900, 400)


def test_before_a_run_the_tab_says_what_will_appear(panel: RooflinePanel) -> None:
    assert panel.empty.isVisible() and panel.empty.title() == "No roofline yet"


def test_a_run_that_timed_no_kernel_leaves_the_chart_as_it_was(
    panel: RooflinePanel, synthetic: Callable[..., RunResult], finished: Callable[..., FinishedRun]
) -> None:
    panel.show_run(finished(synthetic(timings=())))
    assert panel.empty.isVisible()


def test_another_session_empties_the_tab_and_its_first_run_is_compared_with_the_last(
    qtbot: QtBot,
    panel: RooflinePanel,
    synthetic: Callable[..., RunResult],
    finished: Callable[..., FinishedRun],
) -> None:
    float32 = parse_element_type("float32")
    args: dict[str, ArgSpec] = {
        "a": BufferArg(float32, (8,), access="in"),
        "c": BufferArg(float32, (8,), access="out"),
    }
    run = finished(synthetic(), Session(source="", launches=(Launch("k", (8,)),), args=args))
    panel.show_run(run)
    assert not panel.compare_choice.isVisible()  # nothing earlier to compare with
    panel.ops_per_item.setValue(4)
    for _ in range(3):
        panel.show_run(run)
    # Only the run before is drawn beside the latest, not every earlier one.
    assert panel.plot.labels() == ["#3 k", "#4 k"]
    assert panel.compared_run().startswith("#3 k (")
    panel.clear()
    assert panel.empty.isVisible() and panel.latest_point() is None
    panel.show_run(run)
    assert panel.plot.labels() == ["#4 k", "#5 k"]  # the last run of the earlier session
    panel.compare_choice.setFocus()
    qtbot.keyClick(panel.compare_choice, Qt.Key.Key_Home)  # "no earlier run"
    assert panel.plot.labels() == ["#5 k"] and panel.compared_run() == ""
    qtbot.keyClick(panel.compare_choice, Qt.Key.Key_End)
    assert panel.plot.labels() == ["#1 k", "#5 k"]
    assert panel.ops_per_item.value() == 4  # what the learner stated for kernel k


@pytest.mark.opencl
def test_without_peaks_no_roof_is_drawn_and_measuring_is_offered(
    qtbot: QtBot, panel: RooflinePanel, show_gallery: ShowGallery
) -> None:
    run = show_gallery(panel, "vector_add")
    assert panel.plot.roof_lines() == []
    assert len(panel.plot.points()) == 1
    assert "No measured peaks for" in panel.verdict.text()
    assert panel.measure_button.isVisible()
    with qtbot.waitSignal(panel.measurePeaksRequested) as asked:
        panel.measure_button.click()
    assert asked.args == [run.result.device]


@pytest.mark.opencl
def test_with_peaks_the_roofs_and_the_binding_limit_show(
    panel: RooflinePanel, gallery_run: GalleryRun
) -> None:
    run = gallery_run("vector_add")
    panel.set_lookup(lambda name: peaks_of(name) if name == run.result.device else None)
    panel.show_run(run)
    assert len(panel.plot.roof_lines()) == 2  # the vector roof and the scalar one below it
    assert panel.verdict.text().startswith("memory-bound: ")
    assert "of this device's measured 25 GB/s" in panel.verdict.text()
    assert not panel.measure_button.isVisible()


@pytest.mark.opencl
def test_stated_operations_move_the_kernels_runs_and_earlier_runs_stay(
    panel: RooflinePanel, gallery_run: GalleryRun
) -> None:
    naive = gallery_run("matmul_naive")
    tiled = gallery_run("matmul_tiled")
    panel.set_lookup(lambda name: peaks_of(name))
    panel.show_run(naive)
    assert panel.ops_per_item.value() == 2 * 384  # as the session declares: 2 * K
    panel.ops_per_item.setValue(1000)
    before = panel.latest_point()
    panel.show_run(tiled)
    assert panel.ops_per_item.value() == 2 * 384  # another kernel: its own number
    panel.ops_per_item.setValue(1000)
    after = panel.latest_point()
    assert before is not None and after is not None
    assert [p.xData[0] for p in panel.plot.points()] == pytest.approx(
        [before.intensity, after.intensity]
    )
    assert before.intensity == pytest.approx(after.intensity)  # the same bytes and operations
    assert after.label.endswith("matmul_tiled") and before.label.endswith("matmul_naive")
    # Why tiled is slower on PoCL's CPU device, said where the numbers are.
    note = panel.device_note.text()
    assert note.startswith("Measured on a CPU device: its __local memory is ordinary memory")
    assert "a tiled matrix multiply is often slower here" in note and "on a GPU" in note
    assert panel.device_note.isVisible()
    assert "fewer operations per result" not in panel.verdict.text()
    # The flat roof's label ends at the right edge: it is drawn right-aligned there.
    assert any(label.endswith("GFLOP/s") for label in panel.plot.roof_labels())
