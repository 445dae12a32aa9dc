"""A timed kernel's place under the roofs: the binding roof with measured peaks, a hint without."""

import pytest

from clstudio.common import PeakDevice, PeakFigure, PeakReport
from clstudio.exercises.roofline_position import roofline_position

PEAKS = PeakReport(
    PeakDevice("cpu", "PoCL", "3.0"),
    "2026-12-01T09:00:00+00:00",
    (
        PeakFigure("global_bandwidth.float4", 25.0, "GB/s", "meaning"),
        PeakFigure("sp_compute.float4", 40.0, "GFLOP/s", "meaning"),
        PeakFigure("dp_compute.double", 4.0, "GFLOP/s", "meaning"),
    ),
)


def test_a_streaming_kernel_is_memory_bound_with_its_share_of_the_measured_bandwidth():
    position = roofline_position(12_000_000, 1_000_000, 1e-3, False, "cpu", PEAKS)
    assert position is not None
    assert (position.bound, position.gb_s, position.share) == ("memory", 12.0, 0.48)
    assert position.text.startswith("memory-bound: 12 GB/s, 48% of this device's measured 25 GB/s")


def test_double_buffers_meet_the_double_compute_roof():
    position = roofline_position(8, 1_000_000, 1.0, True, "cpu", PEAKS)
    assert position is not None and position.bound == "compute"
    assert position.roof is not None and position.roof.key == "dp_compute.double"


def test_without_peaks_it_draws_no_roof_and_says_how_to_measure_them():
    position = roofline_position(12_000_000, 1_000_000, 1e-3, False, "cpu", None)
    assert position is not None
    assert (position.bound, position.roof, position.share) == (None, None, None)
    assert position.gb_s == pytest.approx(12.0)
    assert "No measured peaks for cpu yet" in position.text
    assert "`clstudio peaks`" in position.text
    assert "bound" not in position.text


def test_a_kernel_that_moved_no_buffer_has_no_position():
    assert roofline_position(0, 1_000, 1e-3, False, "cpu", PEAKS) is None
