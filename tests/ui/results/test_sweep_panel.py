"""Sweep local size from the window: progress, the plot, the best marked, and Use."""

from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from clstudio.devices.discovery import discover
from clstudio.measurements.local_size_sweep import SweepPoint, SweepResult
from clstudio.ui.main_window import MainWindow
from clstudio.ui.results.sweep_panel import SweepPanel

KERNELS = Path(__file__).resolve().parents[3] / "kernels"


def test_a_sweep_shows_time_per_size_marks_the_best_and_the_failures(qtbot: QtBot) -> None:
    panel = SweepPanel()
    qtbot.addWidget(panel)
    sweep = SweepResult(
        "k",
        (64,),
        (
            SweepPoint((8,), 3e-3),
            SweepPoint((16,), 1e-3),
            SweepPoint((3,), None, "CL_INVALID_WORK_GROUP_SIZE: 3 does not divide 64"),
        ),
    )
    panel.show_sweep(sweep)
    xs, ys = panel.plot.curve.getData()
    assert list(xs) == [0, 1] and list(ys) == pytest.approx([3e-3, 1e-3])
    assert list(panel.plot.best.getData()[0]) == [1]
    assert list(panel.plot.failed.getData()[0]) == [2]
    assert "Best: local size 16, 1 ms" in panel.summary.text()
    assert "1 failed and were skipped (3: CL_INVALID_WORK_GROUP_SIZE" in panel.summary.text()
    with qtbot.waitSignal(panel.useLocalSizeRequested) as used:
        panel.use_button.click()
    assert used.args == [(16,)]


def test_each_size_appears_on_the_plot_as_it_finishes(qtbot: QtBot) -> None:
    panel = SweepPanel()
    qtbot.addWidget(panel)
    panel.show_sweeping(3)
    first = SweepResult("k", (64,), (SweepPoint((8,), 3e-3),))
    panel.show_progress(1, 3, (16,), first)
    assert list(panel.plot.curve.getData()[1]) == pytest.approx([3e-3])
    assert panel.progress.value() == 1
    two = SweepResult("k", (64,), (SweepPoint((8,), 3e-3), SweepPoint((16,), 1e-3)))
    panel.show_progress(2, 3, (32,), two)
    assert list(panel.plot.curve.getData()[1]) == pytest.approx([3e-3, 1e-3])
    assert list(panel.plot.best.getData()[0]) == [1]  # the best so far


def sweep_tab(
    qtbot: QtBot,
    window: MainWindow,
    monkeypatch: pytest.MonkeyPatch,
    example: str,
    sizes: list[tuple[int, ...]],
) -> SweepPanel:
    """The Sweep tab of `window` with the gallery's `example` built, set to sweep `sizes`."""
    window.files.load(KERNELS / f"{example}.json")
    qtbot.waitUntil(lambda: window.editor_panel.controller.last_good is not None, timeout=10_000)
    monkeypatch.setattr("clstudio.ui.run.sweep_controller.sweep_sizes", lambda *_: sizes)
    panel = window.results_panel.sweep
    window.results_panel.setCurrentWidget(panel)
    return panel


@pytest.mark.opencl
def test_sweep_local_size_in_the_window_puts_the_best_into_the_form(
    qtbot: QtBot, make_window: Callable[..., MainWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(discover=discover)
    panel = sweep_tab(qtbot, window, monkeypatch, "vector_add", [(32,), (64,)])
    with qtbot.waitSignal(window.sweeps.sweepFinished, timeout=30_000):
        panel.sweep_button.click()
        assert panel.stop_button.isVisible()
    assert panel.use_button.isVisible()
    assert panel._sweep is not None
    best = panel._sweep.best
    assert best is not None
    panel.use_button.click()
    assert window.workbench.document.session.local_size == best.local_size
    assert window.arguments_panel.ndrange.local_size() == best.local_size


@pytest.mark.opencl
def test_a_size_that_breaks_matmul_tiled_is_crossed_out_with_why_and_never_offered(
    qtbot: QtBot, make_window: Callable[..., MainWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(discover=discover)
    # 2 x 8 runs faster than 16 x 16, and the tiles then compute garbage
    panel = sweep_tab(qtbot, window, monkeypatch, "matmul_tiled", [(16, 16), (2, 8)])
    with qtbot.waitSignal(window.sweeps.sweepFinished, timeout=60_000):
        panel.sweep_button.click()
    assert panel.use_button.text() == "Use 16 × 16"
    assert "Best: local size 16 × 16" in panel.summary.text()
    assert "2 × 8: wrong results: c: " in panel.summary.text()
    assert "values differ" in panel.summary.text()
    assert list(panel.plot.curve.getData()[0]) == [0]
    assert list(panel.plot.failed.getData()[0]) == [1]
