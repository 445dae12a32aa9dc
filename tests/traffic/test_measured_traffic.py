"""Traffic measured through the real worker against hand-counted figures."""

import json
from collections.abc import Iterator
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from clstudio.session import load_session
from clstudio.traffic import TrafficResult, plan_traffic
from clstudio.worker.client import WorkerClient
from clstudio.worker.traffic_client import TrafficClient
from session.gallery_copies import KERNELS, resized

pytestmark = pytest.mark.opencl


@pytest.fixture(scope="module")
def client() -> Iterator[TrafficClient]:
    with closing(TrafficClient()) as client:
        yield client


@pytest.fixture(scope="module")
def tiled(client: TrafficClient) -> TrafficResult:
    return client.measure(load_session(KERNELS / "transpose_tiled.json"))


def lines_of(result: TrafficResult, kind: str, buffer: str) -> tuple[float | None, int | None]:
    (access,) = [a for a in result.accesses if (a.kind, a.buffer) == (kind, buffer)]
    return access.lines_mean, access.lines_max


def test_the_tiled_transpose_reads_and_writes_every_element_once(tiled: TrafficResult) -> None:
    assert tiled.ok and tiled.error is None
    assert tiled.references_passed is True  # the instrumented run's outputs are right
    assert (tiled.groups_logged, tiled.groups) == (3072, 3072)
    a, out, tile = tiled.buffers
    assert (a.name, a.shape, out.shape) == ("a", (768, 1024), (1024, 768))
    assert np.all(a.reads == 1) and np.all(a.writes == 0)
    assert np.all(out.writes == 1) and np.all(out.reads == 0)
    # One work-group's tile: 16 x 17 with the padding column never touched.
    assert (tile.space, tile.shape) == ("local", (16, 17))
    assert np.all(tile.writes[:, :16] == 1) and np.all(tile.reads[:, :16] == 1)
    assert tile.untouched == 16 and tile.written_twice == 0


def test_the_tiled_transpose_touches_one_line_per_16_work_items(tiled: TrafficResult) -> None:
    assert lines_of(tiled, "load", "a") == (1.0, 1)
    assert lines_of(tiled, "store", "out") == (1.0, 1)
    assert lines_of(tiled, "store", "tile") == (None, None)  # __local: no lines


def test_the_tiled_transposes_group_plays_in_two_phases(tiled: TrafficResult) -> None:
    trace = tiled.traces[0]
    assert trace.group == (0, 0) and trace.phases == 2
    names = [b.name for b in tiled.buffers]
    before = trace.phase == 0
    assert {names[b] for b in trace.buffer[before]} == {"a", "tile"}
    assert {names[b] for b in trace.buffer[~before]} == {"out", "tile"}
    assert set(trace.local_id.tolist()) == set(range(256))


def test_naive_transpose_stores_touch_16_lines_per_16_work_items(client: TrafficClient) -> None:
    result = client.measure(load_session(KERNELS / "transpose_naive.json"))
    assert result.ok and result.references_passed is True
    assert lines_of(result, "store", "out") == (16.0, 16)
    assert lines_of(result, "load", "a") == (1.0, 1)
    assert [a.line for a in result.accesses] == [19, 19]


def test_a_log_too_small_for_the_range_samples_work_groups_and_says_from_how_many() -> None:
    plan = replace(plan_traffic(load_session(KERNELS / "transpose_naive.json")), capacity=100_000)
    worker = WorkerClient()
    try:
        result = worker.traffic(plan)
    finally:
        worker.close()
    assert result.ok and result.references_passed is True  # every group still computed
    assert 1 < result.groups_logged < result.groups == 3072
    a = next(b for b in result.buffers if b.name == "a")
    assert int(a.reads.sum()) == 256 * result.groups_logged and a.reads.max() == 1
    assert lines_of(result, "store", "out") == (16.0, 16)


def test_a_kernel_the_instrumentation_cannot_follow_is_refused_with_the_reason(
    client: TrafficClient,
) -> None:
    result = client.measure(load_session(KERNELS / "vector_add_float4.json"))
    assert not result.ok and result.error is not None
    assert result.error.message.startswith("line 18: 'a' is used other than as one element")
    assert result.buffers == () and result.accesses == ()


def test_the_tiled_gemm_reads_each_global_value_16_times_less_than_the_naive_one(
    client: TrafficClient, tmp_path: Path
) -> None:
    m, n, k = 32, 48, 32
    naive = client.measure(resized(tmp_path, "matmul_naive", {"M": m, "N": n, "K": k}))
    tiled = client.measure(resized(tmp_path, "matmul_tiled", {"M": m, "N": n, "K": k}))
    assert naive.ok and tiled.ok and not naive.sampled and not tiled.sampled
    reads = {(r.kernel, b.name): b.reads for r in (naive, tiled) for b in r.buffers}
    # Naive: every value of a is read by the N work-items of its row, b's by the M of its
    # column. Tiled: once per 16 x 16 work-group that needs its tile.
    assert np.all(reads["matmul_naive", "a"] == n) and np.all(reads["matmul_naive", "b"] == m)
    assert np.all(reads["matmul_tiled", "a"] == n // 16)
    assert np.all(reads["matmul_tiled", "b"] == m // 16)
    a_tile = next(b for b in tiled.buffers if b.name == "a_tile")
    # In one work-group: each element of the tile written once per step along K, and read
    # by the 16 work-items of its row each time.
    assert np.all(a_tile.writes == k // 16) and np.all(a_tile.reads == 16 * k // 16)
    assert tiled.traces[0].phases == 2 * (k // 16) + 1


GROUP_IDS = """
__kernel void group_ids(__global const int *a, __global int *out) {
    size_t i = get_global_id(0) + 6 * (get_global_id(1) + 10 * get_global_id(2));
    out[i] = a[i] + (int)(get_group_id(0) + 2 * (get_group_id(1) + 2 * get_group_id(2)));
}
"""


def test_work_items_of_a_three_dimensional_range_of_odd_sizes_are_told_apart(
    client: TrafficClient, tmp_path: Path
) -> None:
    """Sizes neither powers of two nor 1 in any dimension: each trace's work-group and
    local ids are the ones the kernel saw (it wrote its group's number into `out`)."""
    path = tmp_path / "group_ids.json"
    path.write_text(
        json.dumps(
            {
                "format": "clstudio-session",
                "version": 1,
                "kernel": "group_ids",
                "source": GROUP_IDS,
                "global_size": [6, 10, 3],
                "local_size": [3, 5, 1],
                "args": {
                    "a": {"kind": "buffer", "dtype": "int32", "shape": [180], "init": "zeros"},
                    "out": {
                        "kind": "buffer",
                        "dtype": "int32",
                        "shape": [180],
                        "init": "zeros",
                        "access": "out",
                    },
                },
            }
        )
    )
    result = client.measure(load_session(path))
    assert result.ok, result.error
    assert [b.writes.max() for b in result.buffers] == [0, 1]
    assert [b.reads.min() for b in result.buffers] == [1, 0]
    assert len(result.traces) == result.groups == 2 * 2 * 3
    out = [b.name for b in result.buffers].index("out")
    for trace in result.traces:
        gx, gy, gz = trace.group
        stored = trace.element[trace.buffer == out]
        x, rest = stored % 6, stored // 6
        y, z = rest % 10, rest // 10
        assert set((x // 3).tolist()) == {gx} and set((y // 5).tolist()) == {gy}
        assert set(z.tolist()) == {gz}
        local = trace.local_id[trace.buffer == out]
        assert (local == x % 3 + 3 * (y % 5)).all()
