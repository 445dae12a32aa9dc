"""The Peaks tab: measure a device's ceilings, read what each figure means, measure again."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from clstudio.common import PeakDevice, PeakFigure, PeakPlan, PeakReport, peak_probe
from clstudio.devices.discovery import discover
from clstudio.devices.inventory import DeviceInfo, DeviceInventory
from clstudio.engine import InProcessBackend
from clstudio.reporting import load_peaks, save_peaks
from clstudio.ui.devices.peaks_controller import PeaksController, connect_peaks
from clstudio.ui.devices.peaks_view import NOT_MEASURED, PeaksView
from clstudio.ui.main_window import MainWindow
from ui.qt_items import tree_item
from ui.shown_widgets import shown

TINY = PeakPlan(target_s=0.005, samples=2, bandwidth_bytes=1 << 20, transfer_bytes=1 << 20)
PROBES = [peak_probe("global_bandwidth.float4"), peak_probe("launch_latency.round_trip")]


@pytest.fixture
def view(qtbot: QtBot) -> PeaksView:
    return shown(qtbot, PeaksView(), 520, 600)


def test_an_unmeasured_device_offers_to_measure(
    view: PeaksView, inventory: DeviceInventory
) -> None:
    view.show_device(inventory.devices()[0])
    assert view.status.text() == NOT_MEASURED
    assert view.measure_button.text() == "Measure peaks" and view.measure_button.isEnabled()
    assert not view.figures.isVisible()


def test_a_kept_measurement_shows_each_figure_with_its_meaning_or_failure(
    view: PeaksView, inventory: DeviceInventory, tmp_path: Path
) -> None:
    device = inventory.devices()[0]
    bandwidth, crashed = peak_probe("global_bandwidth.float16"), peak_probe("dp_compute.double8")
    report = PeakReport(
        PeakDevice(device.name, device.platform_name, "3.0-rc2", "CPU"),
        "2026-12-01T09:00:00+00:00",
        (
            PeakFigure(bandwidth.key, 22.4, "GB/s", bandwidth.meaning),
            PeakFigure(crashed.key, None, "GFLOP/s", crashed.meaning, error="LLVM ERROR: x"),
        ),
    )
    save_peaks(report, tmp_path / "peaks.json")
    controller = PeaksController(InProcessBackend(), TINY, PROBES, tmp_path / "peaks.json")
    connect_peaks(view, controller)
    view.show_device(device)
    assert "Measured 2026-12-01 09:00:00 UTC with driver 3.0-rc2" in view.status.text()
    assert "1 figure failed" in view.status.text()
    assert view.value_text("global_bandwidth.float16") == "22.4 GB/s"
    assert view.value_text("dp_compute.double8") == "failed"
    texts = [
        tree_item(view.figures, 0, 0).text(2),
        tree_item(view.figures, 1, 0).text(2),
    ]
    assert texts == [bandwidth.meaning, "LLVM ERROR: x"]
    assert "22.4 GB/s" in view.meaning.text() and bandwidth.meaning in view.meaning.text()
    view.figures.setCurrentItem(tree_item(view.figures, 1, 0))
    assert "LLVM ERROR: x" in view.meaning.text()
    assert view.measure_button.text() == "Measure again"


@pytest.mark.opencl
def test_measure_peaks_runs_shows_and_keeps_the_figures(
    qtbot: QtBot, view: PeaksView, tmp_path: Path
) -> None:
    device = next(d for d in discover().devices() if "Portable" in d.platform_name)
    store = tmp_path / "peaks.json"
    controller = PeaksController(InProcessBackend(), TINY, PROBES, store)
    connect_peaks(view, controller)
    view.show_device(device)
    with qtbot.waitSignal(controller.measured, timeout=30_000):
        view.measure_button.click()
        assert view.stop_button.isVisible() and not view.measure_button.isEnabled()
    assert not view.stop_button.isVisible()
    assert view.value_text("global_bandwidth.float4").endswith("GB/s")
    assert view.value_text("launch_latency.round_trip").endswith("µs")
    (kept,) = load_peaks(store)
    assert kept.device.name == device.name and len(kept.figures) == 2
    assert view.measure_button.text() == "Measure again"


@pytest.mark.opencl
def test_the_device_explorer_has_a_peaks_tab(make_window: Callable[..., MainWindow]) -> None:
    window = make_window(discover=discover)
    panel = window.device_panel
    assert "Peaks" in [panel.tabs.tabText(i) for i in range(panel.tabs.count())]
    device = window.workbench.device()
    assert device is not None
    assert panel.peaks_view.device_name() == device.name
    assert panel.peaks_view.status.text() == NOT_MEASURED


@pytest.mark.opencl
def test_the_rooflines_offer_to_measure_opens_the_peaks_tab_and_measures(
    qtbot: QtBot, make_window: Callable[..., MainWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(discover=discover)
    asked: list[DeviceInfo] = []

    def measure(device: DeviceInfo) -> bool:
        asked.append(device)
        return True

    monkeypatch.setattr(window.devices.peaks, "measure", measure)
    device = window.workbench.device()
    assert device is not None
    window.results_panel.roofline.measurePeaksRequested.emit(device.name)
    assert asked == [window.workbench.device()]
    panel = window.device_panel
    assert panel.tabs.currentWidget() is panel.peaks_view
