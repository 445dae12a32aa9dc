"""Counts measured on Oclgrind against hand-counted figures, through the real worker."""

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import pytest

from clstudio.counts import plan_count
from clstudio.reporting import measured_point
from clstudio.session import load_session
from clstudio.worker.count_client import CountClient
from session.gallery_copies import KERNELS, resized

pytestmark = pytest.mark.opencl


@pytest.fixture(scope="module")
def client() -> Iterator[CountClient]:
    with closing(CountClient()) as client:
        yield client


def test_saxpy_is_one_fused_multiply_add_and_12_bytes_per_element(
    client: CountClient, tmp_path: Path
) -> None:
    n = 4096
    session = resized(tmp_path, "saxpy", {"N": n})
    assert plan_count(session).sampling is None
    result = client.count(session)
    assert result.ok, result.error
    assert result.counts is not None
    assert result.counts.operations["fma"] == n
    assert result.counts.flops == 2 * n
    assert result.counts.loaded["global"] == 8 * n  # x[i] and y[i]
    assert result.counts.stored["global"] == 4 * n
    assert result.references_passed is True


def test_naive_gemm_does_exactly_2_m_n_k_operations(client: CountClient, tmp_path: Path) -> None:
    m, n, k = 32, 48, 20
    session = resized(tmp_path, "matmul_naive", {"M": m, "N": n, "K": k})
    result = client.count(session)
    assert result.ok, result.error
    assert result.counts is not None
    assert result.counts.flops == 2 * m * n * k
    assert result.counts.stored["global"] == 4 * m * n
    assert result.references_passed is True


def test_tiled_transpose_reads_and_writes_each_element_once(
    client: CountClient, tmp_path: Path
) -> None:
    rows, cols = 48, 64
    session = resized(tmp_path, "transpose_tiled", {"ROWS": rows, "COLS": cols})
    result = client.count(session)
    assert result.ok, result.error
    assert result.counts is not None
    assert result.counts.loaded["global"] == 4 * rows * cols
    assert result.counts.stored["global"] == 4 * rows * cols
    assert result.counts.flops == 0
    assert result.references_passed is True


def test_gallery_matmuls_same_flops_tiled_higher_intensity(client: CountClient) -> None:
    naive = client.count(load_session(KERNELS / "matmul_naive.json"))
    tiled = client.count(load_session(KERNELS / "matmul_tiled.json"))
    assert naive.counts is not None and tiled.counts is not None, (naive.error, tiled.error)
    m, n, k = 256, 320, 384
    assert naive.sampling is not None  # 81,920 work-items: the first and last groups ran
    assert naive.counts.flops == tiled.counts.flops == 2 * m * n * k
    naive_point = measured_point("naive", naive.counts, 1.0)
    tiled_point = measured_point("tiled", tiled.counts, 1.0)
    assert naive_point is not None and tiled_point is not None
    assert tiled_point.intensity > 4 * naive_point.intensity


def test_a_kernel_with_atomics_is_refused_with_the_reason(client: CountClient) -> None:
    result = client.count(load_session(KERNELS / "histogram_global.json"))
    assert not result.ok
    assert result.counts is None
    assert result.error is not None and "atomic_inc" in result.error.message


def test_outputs_that_fail_the_references_are_said_with_the_counts(
    client: CountClient, tmp_path: Path
) -> None:
    session = resized(tmp_path, "saxpy", {"N": 256})
    wrong = {name: replace(ref, expr="a * x") for name, ref in session.references.items()}
    result = client.count(replace(session, references=wrong))
    assert not result.ok
    assert result.references_passed is False
    assert result.counts is not None and result.counts.flops == 2 * 256


def test_float4_adds_count_every_lane_while_another_count_runs(tmp_path: Path) -> None:
    """The lanes come from the IR of the program each count built. Oclgrind's IR dumps
    went to one fixed /tmp, where two counts at once (tests in parallel, two windows)
    took or removed each other's files: one of them then measured nothing."""
    n = 4096
    for name in "ab":
        (tmp_path / name).mkdir()
    sessions = [resized(tmp_path / name, "vector_add_float4", {"N": n}) for name in "ab"]
    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(lambda session: CountClient().count(session), sessions))
    for result in results:
        assert result.ok, result.error
        assert result.counts is not None
        assert result.counts.operations["add"] == n  # n / 4 float4 adds of 4 lanes
        assert result.counts.loaded["global"] == 8 * n  # vload4 of a and of b
        assert result.counts.stored["global"] == 4 * n


_PRINTING = """__kernel void saxpy(const float a, __global const float *x, __global float *y,
                    const uint n)
{
    size_t i = get_global_id(0);
    if (i < n)
        y[i] = a * x[i] + y[i];
    if (i == 0)
        printf("Instructions executed for kernel 'saxpy':\\n  999999 - fadd\\n\\nleft open");
}
"""


def test_a_kernel_printing_count_shaped_text_changes_no_count(
    client: CountClient, tmp_path: Path
) -> None:
    n = 256
    session = resized(tmp_path, "saxpy", {"N": n})
    printing = replace(session, source=_PRINTING)
    honest, forged = client.count(session), client.count(printing)
    assert honest.counts is not None and forged.counts is not None, forged.error
    assert forged.counts.operations == honest.counts.operations
    assert forged.counts.operations["add"] == 0 and forged.counts.operations["fma"] == n
