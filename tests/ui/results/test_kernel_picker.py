"""A program of several kernels: the Roofline and Local size tabs each pick one, by name."""

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from clstudio.devices.discovery import discover
from clstudio.ui.main_window import MainWindow

Tab = TypeVar("Tab", bound=QWidget)
KERNELS = Path(__file__).resolve().parents[3] / "kernels"
PROGRAM = KERNELS / "scan_multi_block.json"  # scan_blocks twice, then add_block_offsets


def _opened(qtbot: QtBot, make_window: Callable[..., MainWindow], name: Path) -> MainWindow:
    window = make_window(discover=discover)
    window.files.load(name)
    qtbot.waitUntil(lambda: window.editor_panel.controller.last_good is not None, timeout=10_000)
    return window


def shown_tab(window: MainWindow, tab: Tab) -> Tab:
    """`tab` of the Results area, brought to the front."""
    window.results_panel.setCurrentWidget(tab)
    return tab


def test_a_one_launch_session_shows_no_kernel_picker_in_either_tab(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    window.files.load(KERNELS / "vector_add.json")
    results = window.results_panel
    results.setCurrentWidget(results.sweep)
    assert not results.sweep.kernel_choice.isVisible()
    assert results.sweep.chosen_kernel() is None
    results.setCurrentWidget(results.roofline)
    assert not results.roofline.kernel_choice.isVisible()


def test_opening_a_program_lists_its_kernels_in_the_sweep_picker(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    window.files.load(PROGRAM)
    panel = shown_tab(window, window.results_panel.sweep)
    assert panel.kernel_choice.isVisible()
    items = [panel.kernel_choice.itemText(i) for i in range(panel.kernel_choice.count())]
    assert items == ["scan_blocks", "add_block_offsets"]
    window.files.load(KERNELS / "vector_add.json")
    assert not panel.kernel_choice.isVisible()


@pytest.mark.opencl
def test_the_second_kernel_picked_is_the_one_swept_and_named(
    qtbot: QtBot, make_window: Callable[..., MainWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _opened(qtbot, make_window, PROGRAM)
    monkeypatch.setattr(  # the block scan needs its local size of 1024; one size keeps it short
        "clstudio.ui.run.sweep_controller.sweep_sizes", lambda *_: [(1024,)]
    )
    panel = shown_tab(window, window.results_panel.sweep)
    panel.kernel_choice.setCurrentText("add_block_offsets")
    with qtbot.waitSignal(window.sweeps.sweepFinished, timeout=60_000) as finished:
        panel.sweep_button.click()
    assert finished.args[0].kernel == "add_block_offsets"
    assert panel.summary.text().startswith("Kernel add_block_offsets. Best: local size 1024")
    assert "add_block_offsets" in panel.plot.getPlotItem().titleLabel.text


@pytest.mark.opencl
def test_the_second_kernel_picked_is_the_one_on_the_roofline(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = _opened(qtbot, make_window, PROGRAM)
    panel = shown_tab(window, window.results_panel.roofline)
    with qtbot.waitSignal(window.runner.finished, timeout=60_000):
        window.window_actions["run"].trigger()
    qtbot.waitUntil(lambda: panel.latest_point() is not None, timeout=10_000)
    assert panel.kernel_choice.isVisible()
    first = panel.latest_point()
    assert first is not None and first.label.endswith(" scan_blocks")
    panel.kernel_choice.setCurrentText("add_block_offsets")
    second = panel.latest_point()
    assert second is not None and second.label.endswith(" add_block_offsets")
    assert second != first
    assert panel.verdict.text().startswith("Kernel add_block_offsets, its launches alone: ")
    assert "add_block_offsets" in panel.plot.getPlotItem().titleLabel.text


@pytest.mark.opencl
def test_a_kernel_the_program_no_longer_launches_is_refused_with_those_it_does(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = _opened(qtbot, make_window, PROGRAM)
    panel = shown_tab(window, window.results_panel.sweep)
    panel.set_kernels(["scan_blocks", "gone"])  # a picker left behind by an edit
    panel.kernel_choice.setCurrentText("gone")
    panel.sweep_button.click()
    said = "the session launches no kernel 'gone'; it launches: scan_blocks, add_block_offsets"
    assert panel.summary.text() == said
    assert panel.sweep_button.isEnabled()
