"""Statistics, bandwidth and GFLOP/s, on hand-made timings and sessions."""

import numpy as np
import pytest

from clstudio.common.dtypes import parse_element_type
from clstudio.common.results import KernelArgInfo, KernelSignature
from clstudio.reporting.run_stats import (
    bandwidth_gb_s,
    buffer_access,
    buffer_traffic,
    gflop_s,
    kernel_stats,
)
from clstudio.session import Launch
from clstudio.session.args import ArgSpec, BufferArg, ImageArg, LocalArg, ScalarArg
from clstudio.session.format import Session

FLOAT = parse_element_type("float32")
FLOAT4 = parse_element_type("float4")


def test_kernel_stats_match_numpy() -> None:
    times = [1_000, 3_000, 2_000, 10_000, 4_000]
    stats = kernel_stats(times)
    seconds = np.array(times) * 1e-9
    assert stats is not None
    assert stats.count == 5
    assert stats.min_s == pytest.approx(seconds.min())
    assert stats.median_s == pytest.approx(np.median(seconds))
    assert stats.mean_s == pytest.approx(seconds.mean())
    assert stats.std_s == pytest.approx(np.std(seconds, ddof=1))
    assert stats.max_s == pytest.approx(seconds.max())


def test_one_repeat_has_no_spread_and_none_has_no_stats() -> None:
    single = kernel_stats([500])
    assert single is not None and single.std_s == 0.0
    assert kernel_stats([]) is None


def session_with(args: dict[str, ArgSpec]) -> Session:
    return Session(source="", launches=(Launch("k", (1024,)),), args=args)


def test_traffic_counts_reads_and_writes_by_access() -> None:
    session = session_with(
        {
            "a": BufferArg(FLOAT, (1024,), access="in"),
            "b": BufferArg(FLOAT4, (256,), access="inout"),
            "c": BufferArg(FLOAT, (1024,), access="out"),
            "n": ScalarArg(1024),
            "scratch": LocalArg(FLOAT, 64),
        }
    )
    traffic = buffer_traffic(session)
    assert traffic.read_bytes == 4096 + 4096  # a, and b read
    assert traffic.written_bytes == 4096 + 4096  # b written, and c
    assert traffic.total_bytes == 16384
    assert traffic.buffers == (("a", "in", 4096), ("b", "inout", 4096), ("c", "out", 4096))


def test_access_defaults_follow_the_engine_const_pointers_are_read_only() -> None:
    spec = BufferArg(FLOAT, (16,))
    signature = KernelSignature(
        "k",
        (
            KernelArgInfo("x", "float*", "global", "none", True),
            KernelArgInfo("y", "float*", "global", "none", False),
        ),
    )
    assert buffer_access("x", spec, signature) == "in"
    assert buffer_access("y", spec, signature) == "inout"
    assert buffer_access("x", spec, None) == "inout"  # unknown signature: assume both
    assert buffer_access("x", BufferArg(FLOAT, (16,), access="out"), signature) == "out"


def test_images_count_by_their_read_only_or_write_only() -> None:
    session = session_with(
        {
            "src": ImageArg((480, 640)),  # RGBA uint8: 4 bytes a pixel
            "dst": ImageArg((480, 640), access="write_only"),
        }
    )
    signature = KernelSignature(
        "k",
        (
            KernelArgInfo("src", "image2d_t", "global", "read_only", False),
            KernelArgInfo("dst", "image2d_t", "global", "write_only", False),
        ),
    )
    traffic = buffer_traffic(session, signature)
    assert traffic.read_bytes == traffic.written_bytes == 480 * 640 * 4
    assert [access for _, access, _ in traffic.buffers] == ["in", "out"]


def test_bandwidth_and_gflops() -> None:
    assert bandwidth_gb_s(12_000_000, 0.001) == pytest.approx(12.0)
    assert bandwidth_gb_s(1, 0.0) is None
    assert gflop_s(1_000_000, 2, 0.001) == pytest.approx(2.0)
    assert gflop_s(1_000_000, 0, 0.001) is None
