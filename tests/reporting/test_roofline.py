"""Roofline arithmetic: intensity, the measured roofs, and which one binds."""

import pytest

from clstudio.common import PeakDevice, PeakFigure, PeakReport
from clstudio.reporting import binding_limit, point_of, roofs_of

DEVICE = PeakDevice("cpu", "PoCL", "3.0")


def figure(key: str, value: float | None, unit: str) -> PeakFigure:
    return PeakFigure(key, value, unit, "meaning")


def peaks(*figures: PeakFigure) -> PeakReport:
    return PeakReport(DEVICE, "2026-12-01T09:00:00+00:00", figures)


MEASURED = peaks(
    figure("global_bandwidth.float", 6.0, "GB/s"),
    figure("global_bandwidth.float16", 25.0, "GB/s"),
    figure("sp_compute.float", 1.5, "GFLOP/s"),
    figure("sp_compute.float16", 30.0, "GFLOP/s"),
    figure("sp_compute.float8", None, "GFLOP/s"),
    figure("dp_compute.double8", 12.0, "GFLOP/s"),
)


def test_a_point_is_operations_over_bytes_and_time() -> None:
    point = point_of("#1 vadd", bytes_moved=12_000, work_items=1000, ops_per_item=1, seconds=1e-6)
    assert point is not None
    assert point.intensity == pytest.approx(1000 / 12_000)
    assert point.gflop_s == pytest.approx(1.0)
    assert point.gb_s == pytest.approx(12.0)
    assert point_of("x", 0, 1000, 1, 1e-6) is None  # no bytes: no intensity


def test_roofs_are_the_best_measured_figures_with_the_scalar_roof_below() -> None:
    roofs = roofs_of(MEASURED)
    assert roofs is not None
    assert (roofs.bandwidth.key, roofs.bandwidth.value) == ("global_bandwidth.float16", 25.0)
    assert (roofs.compute.key, roofs.compute.value) == ("sp_compute.float16", 30.0)
    assert roofs.scalar_compute is not None
    assert roofs.scalar_compute.value == 1.5
    assert roofs.ridge == pytest.approx(1.2)
    assert roofs.attainable(0.1) == pytest.approx(2.5) and roofs.attainable(10) == 30.0
    double = roofs_of(MEASURED, double=True)
    assert double is not None and double.compute.value == 12.0
    assert roofs_of(None) is None
    assert roofs_of(peaks(figure("global_bandwidth.float4", 10.0, "GB/s"))) is None


def test_the_sentence_names_the_binding_roof_and_how_close_the_run_gets() -> None:
    roofs = roofs_of(MEASURED)
    assert roofs is not None
    slow = point_of("#1", bytes_moved=11_800, work_items=1000, ops_per_item=1, seconds=1e-6)
    assert slow is not None
    assert binding_limit(slow, roofs).startswith(
        "memory-bound: 11.8 GB/s, 47% of this device's measured 25 GB/s (global_bandwidth.float16)"
    )
    busy = point_of("#2", bytes_moved=1000, work_items=1000, ops_per_item=15, seconds=1e-6)
    assert busy is not None
    assert binding_limit(busy, roofs).startswith(
        "compute-bound: 15 GFLOP/s, 50% of this device's measured 30 GFLOP/s"
    )
