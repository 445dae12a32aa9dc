"""The device pictures: every bar carries its real value, on one honest scale."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytestqt.qtbot import QtBot

from clstudio.devices.inventory import DeviceInfo, DeviceInventory
from clstudio.ui.devices.device_gauges import (
    Bar,
    LogBarChart,
    axis_range,
    largest_square_group,
    power_of_two_label,
)
from clstudio.ui.devices.device_overview import (
    DeviceOverview,
    compute_caption,
    memory_bars,
    work_size_bars,
    work_size_caption,
)

KIB, MIB, GIB = 1 << 10, 1 << 20, 1 << 30


@pytest.fixture
def cpu(inventory: DeviceInventory) -> DeviceInfo:
    return inventory.devices()[0]


def test_memory_bars_show_every_size_with_its_real_value(cpu: DeviceInfo) -> None:
    bars = memory_bars(cpu)
    assert [(b.label, b.value, b.text) for b in bars] == [
        ("Global memory", 8 * GIB, "8 GiB"),
        ("Largest buffer", 2 * GIB, "2 GiB"),
        ("Global cache", 4 * MIB, "4 MiB"),
        ("Constant buffer", 64 * KIB, "64 KiB"),
        ("Local memory", 512 * KIB, "512 KiB"),
    ]
    assert "CL_DEVICE_LOCAL_MEM_SIZE" in bars[4].tooltip
    assert "work-group" in bars[4].tooltip


def test_memory_bars_share_one_scale(qtbot: QtBot, cpu: DeviceInfo) -> None:
    chart = LogBarChart("bytes")
    qtbot.addWidget(chart)
    chart.set_bars(memory_bars(cpu))
    fractions = [chart.fraction(i) for i in range(5)]
    assert fractions[0] == pytest.approx(1.0)
    assert fractions[0] > fractions[1] > fractions[2] > fractions[4] > fractions[3] > 0
    # From 8 KiB to 8 GiB: global memory is 2**17 times the constant buffer.
    assert fractions[0] - fractions[3] == pytest.approx(17 / 20)
    assert chart.tick_labels() == ["8 KiB", "128 KiB", "2 MiB", "32 MiB", "512 MiB", "8 GiB"]
    assert chart.tick_ratio() == 16


def test_a_field_the_device_does_not_report_draws_no_bar(qtbot: QtBot) -> None:
    chart = LogBarChart("bytes")
    qtbot.addWidget(chart)
    chart.set_bars([Bar("Known", 1024, "1 KiB"), Bar("Unknown", None, "not reported")])
    assert chart.fraction(1) == 0.0
    chart.resize(400, 100)
    chart.grab()  # paints without error


def test_work_size_bars_and_caption(cpu: DeviceInfo) -> None:
    bars = work_size_bars(cpu)
    assert [(b.label, b.value) for b in bars] == [
        ("Work-group", 1024),
        ("x (dim 0)", 1024),
        ("y (dim 1)", 1024),
        ("z (dim 2)", 64),
    ]
    chart = LogBarChart("count")
    chart.set_bars(bars)
    assert chart.fraction(0) == 1.0 and chart.fraction(3) == pytest.approx(6 / 10)
    assert chart.tick_labels() == ["1", "4", "16", "64", "256", "1 024"]
    caption = work_size_caption(cpu)
    assert "1024 × 1024 × 64" in caption
    assert "may not exceed 1024" in caption
    assert "32 × 32, 8 × 8 × 8" in caption


def test_compute_caption(cpu: DeviceInfo) -> None:
    assert compute_caption(cpu) == "4 compute units at up to 2400 MHz"


def test_the_overview_shows_a_device(qtbot: QtBot, cpu: DeviceInfo) -> None:
    overview = DeviceOverview()
    qtbot.addWidget(overview)
    overview.resize(400, 700)
    overview.show_device(cpu)
    assert overview.compute_units.units() == 4
    assert overview.compute_label.text() == "4 compute units at up to 2400 MHz"
    assert overview.memory_chart.bars()[0].text == "8 GiB"
    assert overview.work_chart.bars()[0].text == "1024 items"
    assert "each grid line is 16 times the one before" in overview.memory_note.text()
    overview.grab()


def test_many_compute_units_are_summarised(
    qtbot: QtBot, make_device: Callable[..., DeviceInfo]
) -> None:
    overview = DeviceOverview()
    qtbot.addWidget(overview)
    overview.show_device(make_device(1, "Big GPU", "GPU", 120, 64 * KIB))
    assert overview.compute_units.units() == 120
    assert overview.compute_units.heightForWidth(300) > overview.compute_units.CELL
    overview.grab()


@pytest.mark.parametrize(
    ("exponent", "unit", "text"),
    [(0, "bytes", "1 B"), (9, "bytes", "512 B"), (10, "bytes", "1 KiB"), (32, "bytes", "4 GiB")],
)
def test_power_of_two_labels_for_bytes(exponent: int, unit: str, text: str) -> None:
    assert power_of_two_label(exponent, unit) == text


def test_power_of_two_labels_for_counts() -> None:
    assert power_of_two_label(12, "count") == "4 096"


def test_axis_range_brackets_the_values() -> None:
    assert axis_range([64 * KIB, 8 * GIB]) == (13, 33)
    assert axis_range([4096]) == (11, 13)
    assert axis_range([1]) == (0, 1)
    assert axis_range([4096, 64], from_one=True) == (0, 12)
    assert axis_range([4096, 4096], from_one=True) == (0, 12)
    assert axis_range([]) == (0, 1)


def test_largest_square_group() -> None:
    assert largest_square_group(1024, [1024, 1024, 64], 2) == 32
    assert largest_square_group(1024, [1024, 1024, 64], 3) == 8
    assert largest_square_group(256, [256, 4, 4], 2) == 4
    assert largest_square_group(4096, [4096, 4096, 4096], 3) == 16


def test_a_narrow_chart_marks_fewer_sizes(qtbot: QtBot, cpu: DeviceInfo) -> None:
    chart = LogBarChart("count")
    qtbot.addWidget(chart)
    chart.set_bars(work_size_bars(cpu))
    chart.resize(700, 150)
    wide = chart.tick_labels()
    chart.resize(260, 150)
    narrow = chart.tick_labels()
    assert len(narrow) < len(wide)
    assert wide[-1] == narrow[-1] == "1 024"  # the end of the axis is always marked
