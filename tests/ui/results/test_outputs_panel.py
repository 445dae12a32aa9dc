"""The Outputs tab: buffers listed, viewed, checked, marked and exported as the user sees them."""

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from clstudio.common.results import BuildResult, GuardReport, ReferenceReport, RunError, RunResult
from clstudio.reporting import FinishedRun
from clstudio.ui.results.outputs import buffer_export, output_entry
from clstudio.ui.results.outputs.outputs_panel import OutputsPanel
from clstudio.ui.results.plot_style import ThemedPlotWidget
from clstudio.ui.results.viewers.buffer_layout import format_value
from clstudio.ui.tasks import application_lanes
from ui.layouts import settle_layouts
from ui.results.shown_runs import ShowGallery


def tab_centre(panel: OutputsPanel, index: int) -> QPoint:
    return panel.viewer.view_bar.tabRect(index).center()


def listed(panel: OutputsPanel) -> list[str]:
    items = (panel.buffer_list.item(row) for row in range(panel.buffer_list.count()))
    return [item.text() for item in items if item is not None]


@pytest.mark.opencl
def test_vector_add_result_and_inputs_in_a_line_plot(
    panel: OutputsPanel, show_gallery: ShowGallery
) -> None:
    run = show_gallery(panel, "vector_add")
    names = [text.split("\n")[0] for text in listed(panel)]
    assert names == ["c — result  ✓", "a — input", "b — input", "c — initial contents"]
    assert "Reference check passed" in panel.buffer_list.item(0).toolTip()
    assert panel.viewer.view() == "line"
    assert panel.viewer.available_views() == ("line", "histogram", "table")
    # The curve holds every value the engine returned; the screen shows a min/max envelope.
    original = panel.viewer.line.curve.getOriginalDataset()
    np.testing.assert_array_equal(original[1], run.result.outputs["c"])
    np.testing.assert_array_equal(original[0], np.arange(1048576))
    shown_x, shown_y = panel.viewer.line.curve.getData()
    assert len(shown_x) < 100_000  # downsampled for drawing
    assert shown_y.max() == run.result.outputs["c"].max()  # peaks survive downsampling

    assert "Reference check passed" in panel.reference_label.text()
    assert "max abs error 0" in panel.reference_label.text()

    assert panel.select_buffer("a", "input")
    np.testing.assert_array_equal(
        panel.viewer.line.curve.getOriginalDataset()[1], run.result.inputs["a"]
    )
    assert not panel.worst_button.isVisible()  # inputs have no reference


@pytest.mark.opencl
def test_box_blur_result_as_an_image_with_a_colour_bar(
    panel: OutputsPanel, show_gallery: ShowGallery, qtbot: QtBot
) -> None:
    run = show_gallery(panel, "box_blur")
    dst = run.result.outputs["dst"]
    assert panel.viewer.view() == "image"
    np.testing.assert_array_equal(panel.viewer.image.image_item.image, dst)
    assert panel.viewer.image.levels() == (float(dst.min()), float(dst.max()))
    assert panel.viewer.image.colour_bar.colorMap().name == "CET-L1"  # a gray picture
    assert "uchar [480 × 640]" in panel.type_label.text()

    with qtbot.waitSignal(panel.viewer.viewChanged) as changed:
        qtbot.mouseClick(panel.viewer.view_bar, Qt.MouseButton.LeftButton, pos=tab_centre(panel, 3))
    assert changed.args == ["table"]
    model = panel.viewer.table.model()
    assert (model.rowCount(), model.columnCount()) == (480, 640)
    for row, column in ((0, 0), (17, 300), (479, 639)):
        shown = model.index(row, column).data()
        assert shown == str(dst[row, column])

    panel.viewer.set_view("histogram")
    heights = panel.viewer.histogram.bar_heights()
    expected = np.bincount(dst.reshape(-1) - dst.min())
    np.testing.assert_array_equal(heights, expected)


@pytest.mark.opencl
def test_an_rgba_image_result_is_shown_in_colour(
    panel: OutputsPanel, show_gallery: ShowGallery
) -> None:
    run = show_gallery(panel, "image_blur")
    dst = run.result.outputs["dst"]
    viewer = panel.viewer
    assert panel.type_label.text() == "RGBA uchar [480 × 640], 1.17 MiB"
    assert viewer.lane_label.text() == "Channel:"
    assert viewer.view() == "image"
    assert viewer.lane_combo.currentText() == "colour (RGBA)"
    assert viewer.image.colour_item.isVisible()
    assert not viewer.image.colour_bar.isVisible()
    np.testing.assert_array_equal(viewer.image.colour_item.image, dst)
    hover(viewer.image, 10.5, 20.5)
    assert viewer.hover_label.text() == (
        "row 20, column 10: RGBA (" + ", ".join(str(v) for v in dst[20, 10]) + ")"
    )
    viewer.lane_combo.setCurrentIndex(viewer.lane_combo.findText("G"))
    assert viewer.image.image_item.isVisible() and viewer.image.colour_bar.isVisible()
    np.testing.assert_array_equal(viewer.image.image_item.image, dst[..., 1])
    viewer.set_view("table")
    model = viewer.table.model()
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(6)]
    assert headers == ["i0", "i1", "R", "G", "B", "A"]


def test_small_output_is_plotted_point_for_point(
    panel: OutputsPanel, show_synthetic: Callable[..., None]
) -> None:
    values = np.linspace(-1, 1, 50, dtype=np.float32)
    show_synthetic(outputs={"c": values})
    xs, ys = panel.viewer.line.curve.getData()
    np.testing.assert_array_equal(xs, np.arange(50))
    np.testing.assert_array_equal(ys, values)


LONG = 4 * 2**20  # prepared on a pool thread, drawn as an envelope until zoomed in


def long_line(seed: int) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal(LONG, dtype=np.float32).cumsum()


def test_a_long_output_is_drawn_as_its_envelope_and_in_full_when_zoomed_in(
    panel: OutputsPanel, show_synthetic: Callable[..., None], qtbot: QtBot
) -> None:
    values = long_line(0)
    line = panel.viewer.line
    with qtbot.waitSignal(line.valuesShown):
        show_synthetic(outputs={"c": values})
    np.testing.assert_array_equal(line.values(), values)
    assert not line.shows_every_value()
    xs, ys = line.curve.getData()
    assert len(xs) < 100_000
    assert (ys.max(), ys.min()) == (values.max(), values.min())  # peaks survive
    view = line.getPlotItem().getViewBox()
    (x_low, x_high), (y_low, y_high) = view.viewRange()
    assert x_low <= 0 and x_high >= LONG - 1
    assert y_low <= values.min() and y_high >= values.max()

    # Zoomed in, the curve holds every value the engine returned and draws those in view.
    view.setXRange(1_000_000, 1_000_400, padding=0)
    assert line.shows_every_value()
    original = line.curve.getOriginalDataset()
    np.testing.assert_array_equal(original[1], values)
    np.testing.assert_array_equal(original[0], np.arange(LONG))
    xs, ys = line.curve.getData()
    in_view = (xs >= 1_000_000) & (xs <= 1_000_400)
    assert in_view.sum() == 401
    np.testing.assert_array_equal(ys[in_view], values[xs[in_view]])
    qtbot.waitExposed(panel)
    hover(line, 1_000_123.2, float(values[1_000_123]))
    assert panel.viewer.hover_label.text() == f"index 1000123: {format_value(values[1_000_123])}"

    view.setXRange(0, LONG - 1)
    assert not line.shows_every_value()


def test_only_the_last_of_several_long_outputs_is_drawn(
    panel: OutputsPanel, show_synthetic: Callable[..., None], qtbot: QtBot
) -> None:
    first, second = long_line(1), long_line(2) + 1000
    line = panel.viewer.line
    drawn = []
    line.valuesShown.connect(lambda: drawn.append(line.curve.getData()[1].max()))
    with qtbot.waitSignal(line.valuesShown):
        show_synthetic(outputs={"c": first})
        show_synthetic(outputs={"c": second})
    qtbot.waitUntil(lambda: not application_lanes().is_busy())
    QApplication.processEvents()  # the first answer, if it came last, is dropped
    assert drawn == [second.max()]
    assert line.curve.getData()[1].max() == second.max()


def test_show_worst_on_a_long_output_before_it_is_drawn(
    panel: OutputsPanel, show_synthetic: Callable[..., None], qtbot: QtBot
) -> None:
    actual = np.zeros(LONG, np.float32)
    actual[3_000_000] = 7.0
    report = ReferenceReport("c", "zeros", False, 7.0, 1.0, (3_000_000,), "1 value differs")
    line = panel.viewer.line
    with qtbot.waitSignal(line.valuesShown):
        show_synthetic(outputs={"c": actual}, references={"c": report})
        panel.show_worst_element()  # no event loop in between: the envelope is not back yet
        assert not line.drawn()
    assert line.marker_position() == (3_000_000, 7.0)
    low, high = line.getPlotItem().getViewBox().viewRange()[0]
    assert low <= 3_000_000 <= high and high - low < 1000  # still zoomed in around it
    assert line.shows_every_value()
    assert line.curve.getData()[1].max() == 7.0


def hover(plot: ThemedPlotWidget, x: float, y: float) -> None:
    """Move the mouse over data point (x, y), as the plot's scene reports it.

    The scene's own signal, rather than QTest.mouseMove: the offscreen platform
    delivers synthetic moves a few pixels off, and one index is 9 pixels here.
    """
    view = plot.getPlotItem().getViewBox()
    plot.scene().sigMouseMoved.emit(view.mapViewToScene(QPointF(x, y)))


def test_hovering_the_line_shows_index_and_value(
    panel: OutputsPanel, show_synthetic: Callable[..., None], qtbot: QtBot
) -> None:
    values = np.arange(100, dtype=np.float32) * 0.5
    show_synthetic(outputs={"c": values})
    qtbot.waitExposed(panel)
    hover(panel.viewer.line, 42.2, 21.0)
    assert panel.viewer.hover_label.text() == "index 42: 21"


def test_hovering_the_image_shows_row_column_and_value(
    panel: OutputsPanel, show_synthetic: Callable[..., None], qtbot: QtBot
) -> None:
    grid = np.arange(12, dtype=np.int32).reshape(3, 4) * 10
    show_synthetic(outputs={"m": grid})
    qtbot.waitExposed(panel)
    hover(panel.viewer.image, 2.5, 1.5)
    assert panel.viewer.hover_label.text() == "row 1, column 2: 60"


def failing_fields() -> dict[str, Any]:
    """Outputs of 6 x 8 zeros but a 3 at (4, 5), and their failed reference check."""
    actual = np.zeros((6, 8), np.float32)
    actual[4, 5] = 3.0
    report = ReferenceReport("c", "zeros", False, 3.0, 1.0, (4, 5), "1 of 48 values differ")
    return {"outputs": {"c": actual}, "references": {"c": report}}


def test_failed_reference_and_show_worst_in_the_table(
    panel: OutputsPanel, show_synthetic: Callable[..., None], qtbot: QtBot
) -> None:
    show_synthetic(**failing_fields())
    assert listed(panel)[0].startswith("c — result  ✗\n")
    assert "Reference check FAILED: 1 of 48" in panel.buffer_list.item(0).toolTip()
    text = panel.reference_label.text()
    assert "Reference check FAILED" in text
    assert "max abs error 3" in text and "max rel error 1" in text
    assert "1 of 48 values differ" in text
    panel.viewer.set_view("table")
    qtbot.mouseClick(panel.worst_button, Qt.MouseButton.LeftButton)
    current = panel.viewer.table.currentIndex()
    assert (current.row(), current.column()) == (4, 5)
    assert current.data() == "3"
    assert panel.viewer.hover_label.text() == "index [4, 5]: 3"


def test_show_worst_moves_the_marker_on_the_plots(
    panel: OutputsPanel, show_synthetic: Callable[..., None], qtbot: QtBot
) -> None:
    show_synthetic(**failing_fields())
    assert panel.viewer.view() == "image"
    qtbot.mouseClick(panel.worst_button, Qt.MouseButton.LeftButton)
    assert panel.viewer.image.marker_position() == (4, 5)
    panel.viewer.set_view("line")
    qtbot.mouseClick(panel.worst_button, Qt.MouseButton.LeftButton)
    assert panel.viewer.line.marker_position() == (4 * 8 + 5, 3.0)
    low, high = panel.viewer.line.getPlotItem().getViewBox().viewRange()[0]
    assert low <= 37 <= high and high - low < 1000  # zoomed in around it
    panel.viewer.set_view("histogram")
    qtbot.mouseClick(panel.worst_button, Qt.MouseButton.LeftButton)
    assert panel.viewer.histogram.marker_value() == 3.0


def test_guard_violation_is_shown_on_the_buffer_concerned(
    panel: OutputsPanel, synthetic: Callable[..., RunResult], finished: Callable[..., FinishedRun]
) -> None:
    message = "kernel wrote past the end of 'c': 3 elements, first at index 8"
    guard = GuardReport("c", False, before=0, after=3, first_index=8, message=message)
    result = synthetic(
        outputs={"c": np.zeros(8, np.float32)},
        inputs={"a": np.ones(8, np.float32), "c": np.zeros(8, np.float32)},
        guards={"c": guard, "a": GuardReport("a", True)},
    )
    panel.show_run(finished(result))
    rows = listed(panel)
    assert rows[0].startswith("c — result  ⚠\n")
    assert not any("⚠" in row for row in rows[1:])
    assert panel.guard_label.isVisible()
    assert panel.guard_label.text() == (
        "⚠ Out-of-bounds write caught by the guard bands: " + message
    )
    assert message in panel.buffer_list.item(0).toolTip()
    panel.select_buffer("a", "input")
    assert not panel.guard_label.isVisible()


def test_vector_buffers_show_one_lane_or_all_lanes(
    panel: OutputsPanel,
    synthetic: Callable[..., RunResult],
    built: Callable[..., BuildResult],
    finished: Callable[..., FinishedRun],
) -> None:
    vectors = np.arange(40, dtype=np.float32).reshape(10, 4)
    result = synthetic(outputs={"v": vectors}, build=built(("v", "float4*", False)))
    panel.show_run(finished(result))
    viewer = panel.viewer
    assert "float4 [10]" in panel.type_label.text()
    assert viewer.lane_combo.isVisible()
    assert [viewer.lane_combo.itemText(i) for i in range(4)] == ["x", "y", "z", "w"]
    viewer.lane_combo.setCurrentIndex(1)
    np.testing.assert_array_equal(viewer.line.curve.getData()[1], vectors[:, 1])
    viewer.set_view("image")
    assert viewer.lane_combo.itemText(0) == "all lanes"
    viewer.set_lane(None)
    np.testing.assert_array_equal(viewer.image.image_item.image, vectors.T)
    viewer.set_view("table")
    assert not viewer.lane_combo.isVisible()
    model = viewer.table.model()
    assert model.headerData(3, Qt.Orientation.Horizontal) == "w"
    assert model.index(2, 3).data() == format_value(vectors[2, 3])


def test_a_run_that_stopped_early_says_why(
    panel: OutputsPanel, show_synthetic: Callable[..., None]
) -> None:
    error = RunError("validate", "global size 1000 is not a multiple of local size 64")
    show_synthetic(ok=False, error=error, outputs={}, inputs={})
    assert panel.banner.isVisible()
    assert panel.banner.text().startswith("Not run: the setup needs fixing")
    assert panel.no_buffers.isVisible()
    assert panel.buffer_list.count() == 0


@pytest.mark.parametrize("suffix", [".npy", ".csv"])
def test_export_writes_a_file_that_reads_back_equal(
    panel: OutputsPanel,
    show_synthetic: Callable[..., None],
    qtbot: QtBot,
    tmp_path: Path,
    suffix: str,
) -> None:
    values = np.random.default_rng(3).random((5, 7)).astype(np.float32)
    show_synthetic(outputs={"c": values})
    target = tmp_path / f"c{suffix}"
    asked: list[tuple[str, str, str]] = []

    def save_dialog(parent: QWidget, caption: str, directory: str, filters: str) -> tuple[str, str]:
        asked.append((caption, directory, filters))
        return str(target), "NumPy array (*.npy)"

    qtbot_patch = pytest.MonkeyPatch()
    qtbot_patch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    try:
        with qtbot.waitSignal(panel.exportFinished) as exported:
            qtbot.mouseClick(panel.export_button, Qt.MouseButton.LeftButton)
    finally:
        qtbot_patch.undo()
    assert exported.args == [str(target)]
    assert asked[0][0] == "Export c — result"
    assert asked[0][1].endswith("c.npy")
    assert panel.export_status.text() == f"Saved {target.name}"
    if suffix == ".npy":
        np.testing.assert_array_equal(np.load(target), values)
    else:
        table = np.loadtxt(target, delimiter=",", skiprows=1)
        np.testing.assert_array_equal(table[:, 2].astype(np.float32).reshape(5, 7), values)
        assert target.read_text().splitlines()[0] == "i0,i1,value"


def test_export_failure_is_reported(
    panel: OutputsPanel, show_synthetic: Callable[..., None], qtbot: QtBot, tmp_path: Path
) -> None:
    show_synthetic()
    with qtbot.waitSignal(panel.exportFailed) as failed:
        panel.export_current(tmp_path / "missing-folder" / "c.npy")
    assert "Could not save" in failed.args[0]
    assert panel.export_status.text() == "Export failed"


def test_export_waits_while_one_is_being_written(
    panel: OutputsPanel,
    show_synthetic: Callable[..., None],
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    gate = threading.Event()
    save_npy = buffer_export.save_npy  # what the panel calls, until the test replaces it

    def slow_save(array: np.ndarray, path: Path) -> None:
        gate.wait(10)  # a 16 M-row file takes a while
        save_npy(array, path)

    monkeypatch.setattr(output_entry, "save_npy", slow_save)
    show_synthetic()
    assert panel.export_current(tmp_path / "first.npy")
    assert panel.export_status.text() == "Saving first.npy…"
    assert not panel.export_button.isEnabled()
    assert not panel.export_current(tmp_path / "second.npy"), "one export at a time"
    with qtbot.waitSignal(panel.exportFinished) as exported:
        gate.set()
    assert exported.args == [str(tmp_path / "first.npy")]
    assert panel.export_button.isEnabled()
    assert not (tmp_path / "second.npy").exists()


def test_an_export_that_crashes_shows_its_traceback(
    panel: OutputsPanel,
    show_synthetic: Callable[..., None],
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken_save(array: np.ndarray, path: Path) -> None:
        raise RuntimeError("a bug in the exporter")

    monkeypatch.setattr(output_entry, "save_npy", broken_save)
    show_synthetic()
    with qtbot.waitSignal(panel.exportFailed) as failed:
        panel.export_current(tmp_path / "c.npy")
    assert failed.args[0].startswith(f"Could not save {tmp_path / 'c.npy'}:\nTraceback")
    assert "RuntimeError: a bug in the exporter" in failed.args[0]
    assert panel.export_status.text() == "Export failed"
    assert panel.export_status.toolTip() == failed.args[0]
    assert panel.export_button.isEnabled()


def test_moving_off_the_plot_clears_the_hover_text(
    panel: OutputsPanel, show_synthetic: Callable[..., None]
) -> None:
    show_synthetic(outputs={"c": np.arange(10, dtype=np.float32)})
    hover(panel.viewer.line, 3, 3)
    assert panel.viewer.hover_label.text() == "index 3: 3"
    hover(panel.viewer.line, 50, 3)  # past the last element
    assert panel.viewer.hover_label.text().strip() == ""


def test_the_chosen_view_is_kept_for_a_buffer_of_the_same_kind(
    panel: OutputsPanel, show_synthetic: Callable[..., None]
) -> None:
    show_synthetic(outputs={"c": np.arange(10, dtype=np.float32)})
    panel.viewer.set_view("table")
    show_synthetic(outputs={"c": np.arange(20, dtype=np.float32)})
    assert panel.viewer.view() == "table"
    assert panel.viewer.table.model().rowCount() == 20
    show_synthetic(outputs={"m": np.zeros((4, 4), np.float32)})
    assert panel.viewer.view() == "image"  # a 2-D buffer opens as an image


def test_zooming_far_into_garbage_values_switches_the_range_limit_on(
    panel: OutputsPanel, show_synthetic: Callable[..., None]
) -> None:
    values = np.ones(1000, np.float32)
    values[500] = 1e30  # what an uninitialised read can leave behind
    show_synthetic(outputs={"c": values})
    line = panel.viewer.line
    assert not line.range_limited()  # the full view needs no limit, and skips its cost
    line.getPlotItem().getViewBox().setYRange(0.5, 1.5)
    assert line.range_limited()
    line.getPlotItem().getViewBox().setYRange(0, 1e30)
    assert not line.range_limited()


def test_a_small_image_in_a_wide_pane_fills_the_axes_with_the_image(
    panel: OutputsPanel, show_synthetic: Callable[..., None], qtbot: QtBot
) -> None:
    panel.resize(1400, 360)
    show_synthetic(outputs={"m": np.ones((48, 64), np.float32)})
    qtbot.waitExposed(panel)
    image = panel.viewer.image

    def spans_the_image() -> None:
        low, high = image.visible_columns()
        assert low <= 0 and high >= 64  # every column shows
        assert 64 / (high - low) > 0.9  # and little beside them: not -250 to 300

    qtbot.waitUntil(spans_the_image)


def test_the_header_names_the_buffer_shown_and_its_type(
    panel: OutputsPanel, show_synthetic: Callable[..., None]
) -> None:
    show_synthetic()
    for label in (panel.title, panel.type_label):
        assert label.isVisible()
    settle_layouts()
    for label in (panel.title, panel.type_label):
        assert label.width() >= label.fontMetrics().horizontalAdvance(label.text())
    assert (panel.title.text(), panel.type_label.text()) == ("c — result", "float [8], 32 bytes")
