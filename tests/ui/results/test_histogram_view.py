"""The Histogram view of a long output: counted off the GUI thread, the newest array wins."""

from collections.abc import Callable

import numpy as np
import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clstudio.common.results import ReferenceReport
from clstudio.ui.results.outputs.outputs_panel import OutputsPanel
from clstudio.ui.results.plot_style import ThemedPlotWidget
from clstudio.ui.results.viewers import histogram_view
from clstudio.ui.tasks import application_lanes

LONG = 4 * 2**20  # counted on a pool thread


def long_floats(seed: int) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal(LONG, dtype=np.float32)


def float_counts(values: np.ndarray) -> np.ndarray:
    """What the view should count: 100 even bars over the finite values' range."""
    finite = values[np.isfinite(values)]
    return np.histogram(finite, bins=100, range=(float(finite.min()), float(finite.max())))[0]


def hover(plot: ThemedPlotWidget, x: float) -> None:
    view = plot.getPlotItem().getViewBox()
    plot.scene().sigMouseMoved.emit(view.mapViewToScene(QPointF(x, 1.0)))


def test_a_long_output_is_counted_in_the_background(
    panel: OutputsPanel, show_synthetic: Callable[..., None], qtbot: QtBot
) -> None:
    values = long_floats(0)
    values[[5, 77]] = np.nan
    show_synthetic(outputs={"c": values})
    histogram = panel.viewer.histogram
    with qtbot.waitSignal(histogram.valuesShown):
        panel.viewer.set_view("histogram")
        assert not histogram.drawn()  # no event loop in between: the counts are not back yet
        assert histogram.bar_heights().size == 0
    assert histogram.drawn()
    np.testing.assert_array_equal(histogram.bar_heights(), float_counts(values))
    assert histogram.bar_heights().sum() == LONG - 2
    label = histogram.getPlotItem().getAxis("bottom").labelText
    assert label == "value (2 NaN or infinite left out)"
    qtbot.waitExposed(panel)
    edges = histogram.histogram.edges
    hover(histogram, float(edges[50] + edges[51]) / 2)
    assert panel.viewer.hover_label.text().endswith(f": {float_counts(values)[50]} elements")


def test_the_previous_bars_stay_until_a_long_array_is_counted(
    panel: OutputsPanel, show_synthetic: Callable[..., None], qtbot: QtBot
) -> None:
    small = np.array([1, 2, 2, 3, 3, 3], np.int32)
    show_synthetic(outputs={"c": small})
    panel.viewer.set_view("histogram")
    histogram = panel.viewer.histogram
    np.testing.assert_array_equal(histogram.bar_heights(), [1, 2, 3])
    qtbot.waitExposed(panel)
    values = np.random.default_rng(1).integers(0, 10, LONG, dtype=np.int32)
    with qtbot.waitSignal(histogram.valuesShown):
        show_synthetic(outputs={"c": values})
        assert panel.viewer.view() == "histogram"
        np.testing.assert_array_equal(histogram.bar_heights(), [1, 2, 3])
        hover(histogram, 3.0)
        assert panel.viewer.hover_label.text() == "value 3: 3 elements"  # the bars on screen
    np.testing.assert_array_equal(histogram.bar_heights(), np.bincount(values))
    hover(histogram, 3.0)
    assert panel.viewer.hover_label.text() == f"value 3: {np.count_nonzero(values == 3)} elements"


def histogram_of_a_short_run(
    panel: OutputsPanel, show_synthetic: Callable[..., None]
) -> histogram_view.HistogramView:
    """The Outputs tab on its histogram, drawn for a short run before a long one comes."""
    show_synthetic(outputs={"c": np.zeros(8, np.float32)})
    panel.viewer.set_view("histogram")
    return panel.viewer.histogram


def test_only_the_last_of_several_long_arrays_is_drawn(
    panel: OutputsPanel, show_synthetic: Callable[..., None], qtbot: QtBot
) -> None:
    histogram = histogram_of_a_short_run(panel, show_synthetic)
    first = long_floats(2)
    second = np.random.default_rng(3).integers(-5, 5, LONG, dtype=np.int64)
    drawn = []
    histogram.valuesShown.connect(lambda: drawn.append(histogram.bar_heights()))
    with qtbot.waitSignal(histogram.valuesShown):
        show_synthetic(outputs={"c": first})
        show_synthetic(outputs={"c": second})
    qtbot.waitUntil(lambda: not application_lanes().is_busy())
    QApplication.processEvents()  # the first answer, if it came last, is dropped
    assert len(drawn) == 1
    np.testing.assert_array_equal(drawn[0], np.bincount(second + 5))
    np.testing.assert_array_equal(histogram.bar_heights(), np.bincount(second + 5))
    assert histogram.histogram.per_value


def test_show_worst_on_a_long_output_before_its_histogram_is_drawn(
    panel: OutputsPanel, show_synthetic: Callable[..., None], qtbot: QtBot
) -> None:
    histogram = histogram_of_a_short_run(panel, show_synthetic)
    actual = np.zeros(LONG, np.float32)
    actual[3_000_000] = 7.0
    report = ReferenceReport("c", "zeros", False, 7.0, 1.0, (3_000_000,), "1 value differs")
    with qtbot.waitSignal(histogram.valuesShown):
        show_synthetic(outputs={"c": actual}, references={"c": report})
        panel.show_worst_element()  # no event loop in between: the counts are not back yet
        assert not histogram.drawn()
        assert histogram.marker_value() == 7.0
    assert histogram.marker_value() == 7.0  # drawing the bars keeps the marker
    heights = histogram.bar_heights()
    assert (heights[0], heights[-1], heights.sum()) == (LONG - 1, 1, LONG)


def test_counts_that_fail_on_the_pool_thread_say_so_with_their_traceback(
    panel: OutputsPanel,
    show_synthetic: Callable[..., None],
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def out_of_memory(values: np.ndarray) -> None:
        raise MemoryError("no room to count 4194304 values")

    monkeypatch.setattr(histogram_view, "histogram", out_of_memory)
    show_synthetic(outputs={"c": long_floats(4)})
    histogram = panel.viewer.histogram
    panel.viewer.set_view("histogram")
    qtbot.waitUntil(lambda: histogram.toolTip() != "")
    title = histogram.getPlotItem().titleLabel
    assert title.isVisible()
    assert "Could not draw these values: MemoryError: no room to count 4194304 values" in title.text
    assert histogram.toolTip().startswith("Traceback (most recent call last):")
    assert "out_of_memory" in histogram.toolTip()
    assert not histogram.drawn()

    monkeypatch.undo()
    show_synthetic(outputs={"c": np.array([1, 2, 2], np.int32)})
    assert histogram.toolTip() == "" and not title.isVisible()
    np.testing.assert_array_equal(histogram.bar_heights(), [1, 2])
