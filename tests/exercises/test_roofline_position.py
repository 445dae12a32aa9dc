"""A timed kernel's place under the roofs: the binding roof with measured peaks, a hint without."""

import pytest

from clstudio.common import PeakDevice, PeakFigure, PeakReport
from clstudio.exercises import Work, roofline_position

PEAKS = PeakReport(
    PeakDevice("cpu", "PoCL", "3.0"),
    "2026-12-01T09:00:00+00:00",
    (
        PeakFigure("global_bandwidth.float4", 25.0, "GB/s", "meaning"),
        PeakFigure("sp_compute.float4", 40.0, "GFLOP/s", "meaning"),
        PeakFigure("dp_compute.double", 4.0, "GFLOP/s", "meaning"),
    ),
)
ONE_EACH = Work(1_000_000, "n", True)


def test_a_streaming_kernel_is_memory_bound_with_its_share_of_the_measured_bandwidth() -> None:
    position = roofline_position(12_000_000, ONE_EACH, 1e-3, False, "cpu", PEAKS)
    assert position is not None
    assert (position.bound, position.gb_s, position.share) == ("memory", 12.0, 0.48)
    assert position.text.startswith("memory-bound: 12 GB/s, 48% of this device's measured 25 GB/s")


def test_double_buffers_meet_the_double_compute_roof() -> None:
    position = roofline_position(8, ONE_EACH, 1.0, True, "cpu", PEAKS)
    assert position is not None and position.bound == "compute"
    assert position.roof is not None and position.roof.key == "dp_compute.double"


def test_without_peaks_it_draws_no_roof_and_says_how_to_measure_them() -> None:
    position = roofline_position(12_000_000, ONE_EACH, 1e-3, False, "cpu", None)
    assert position is not None
    assert (position.bound, position.roof, position.share) == (None, None, None)
    assert position.gb_s == pytest.approx(12.0)
    assert "No measured peaks for cpu yet" in position.text
    assert "`clstudio peaks`" in position.text
    assert "bound" not in position.text


def test_a_kernel_that_moved_no_buffer_has_no_position() -> None:
    assert roofline_position(0, Work(1_000, "n", True), 1e-3, False, "cpu", PEAKS) is None


def test_a_gemm_counts_2_m_n_k_operations_and_is_compute_bound() -> None:
    # C = A B at 512: 2 * 512**3 operations on three 512 x 512 float matrices.
    operations, moved = 2 * 512**3, 3 * 512 * 512 * 4
    position = roofline_position(
        moved, Work(operations, "2 * M * N * K", True), 0.01, False, "cpu", PEAKS
    )
    assert position is not None
    assert position.intensity == pytest.approx(512 / 6)  # 85.3 per byte, far above the ridge 1.6
    assert position.gflop_s == pytest.approx(operations / 0.01 / 1e9)
    assert position.roof is not None
    assert position.bound == "compute" and position.roof.key == "sp_compute.float4"
    assert position.share == pytest.approx(position.gflop_s / 40.0)
    assert position.text.startswith("compute-bound: 26.8 GFLOP/s, 67% of this device's")
    assert "2.68e+08 operations (2 * M * N * K) on 3.15e+06 bytes." in position.text


def test_one_operation_per_work_item_would_have_called_the_same_gemm_memory_bound() -> None:
    guessed = Work(512 * 512, "one per work-item", False)
    position = roofline_position(3 * 512 * 512 * 4, guessed, 0.01, False, "cpu", PEAKS)
    assert position is not None and position.bound == "memory"
    assert not position.operations_declared
    assert "declares no operations count" in position.text


def test_a_transpose_does_no_arithmetic_and_memory_binds_it() -> None:
    position = roofline_position(8_000_000, Work(0, "0", True), 1e-3, False, "cpu", PEAKS)
    assert position is not None
    assert (position.intensity, position.gflop_s, position.bound) == (0.0, 0.0, "memory")
    assert position.share == pytest.approx(8.0 / 25.0)
