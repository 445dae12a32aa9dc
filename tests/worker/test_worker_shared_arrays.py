"""Large arrays cross through shared-memory blocks, and no block outlives a transfer."""

import multiprocessing
import os
from pathlib import Path

import numpy as np
import pytest

from clstudio.common.results import RunResult
from clstudio.worker import shared_arrays
from clstudio.worker.shared_arrays import (
    SHARE_MIN_BYTES,
    SharedArray,
    block_prefix,
    discard_blocks,
    leftover_blocks,
    share_arrays,
    take_arrays,
)

LARGE = SHARE_MIN_BYTES // 2  # elements: at least two bytes each, so over the threshold
# Block names live in one folder for the whole machine: this process's own, as a worker's.
TAG = f"{os.getpid()}.test"


def _ours(prefix: str) -> list[str]:
    return [name for name in leftover_blocks() if name.startswith(prefix)]


@pytest.mark.parametrize(
    "array",
    [
        np.arange(LARGE, dtype=np.float32),
        np.arange(LARGE, dtype=np.int64).reshape(256, -1),
        np.random.default_rng(1).normal(size=(LARGE // 4, 4)).astype(np.float32),  # float4
        np.arange(LARGE, dtype=np.uint16).reshape(-1, 2),  # ushort2
        np.linspace(-1, 1, LARGE).astype(np.float16),
        (np.arange(LARGE * 2) % 251).astype(np.int8).reshape(-1, 8),  # char8
        np.arange(LARGE, dtype=np.float64)[::2],  # not contiguous
    ],
    ids=["float", "long-2d", "float4", "ushort2", "half", "char8", "strided"],
)
def test_large_arrays_round_trip_through_blocks(array: np.ndarray) -> None:
    prefix = block_prefix(TAG, 1)
    shared = share_arrays({"a": array}, prefix)
    assert isinstance(shared, dict)
    ref = shared["a"]
    assert isinstance(ref, SharedArray)
    assert _ours(prefix) == [f"{prefix}0"]
    taken = take_arrays(shared)
    assert isinstance(taken, dict)
    back = taken["a"]
    assert back.dtype == array.dtype
    assert back.shape == array.shape
    np.testing.assert_array_equal(back, array)
    assert _ours(prefix) == []


def test_small_arrays_and_other_values_stay_in_the_message() -> None:
    prefix = block_prefix(TAG, 2)
    small = np.arange(16, dtype=np.float32)
    payload = {"small": small, "text": "x", "objects": np.array([None, 1], dtype=object)}
    assert share_arrays(payload, prefix) is payload
    assert _ours(prefix) == []


def test_a_run_result_sends_its_inputs_and_outputs_through_blocks() -> None:
    prefix = block_prefix(TAG, 3)
    a = np.arange(LARGE, dtype=np.float32)
    c = a * 2
    result = RunResult(ok=True, kernel="k", inputs={"a": a, "c": a}, outputs={"c": c})
    shared = share_arrays(result, prefix)
    assert isinstance(shared, RunResult)
    assert shared.kernel == "k"
    assert all(isinstance(v, SharedArray) for v in [*shared.inputs.values(), shared.outputs["c"]])
    assert len(_ours(prefix)) == 3
    back = take_arrays(shared)
    assert isinstance(back, RunResult)
    np.testing.assert_array_equal(back.outputs["c"], c)
    np.testing.assert_array_equal(back.inputs["a"], a)
    assert _ours(prefix) == []


def test_discard_finds_the_blocks_of_a_worker_that_never_replied() -> None:
    prefix = block_prefix(TAG, 4)
    arrays = [np.ones(LARGE, np.float32) * i for i in range(3)]
    # A spawned process shares the arrays and exits without a reply, as a dying worker would.
    context = multiprocessing.get_context("spawn")
    process = context.Process(target=share_arrays, args=(arrays, prefix))
    process.start()
    process.join(60)
    assert process.exitcode == 0
    assert len(_ours(prefix)) == 3
    assert discard_blocks(prefix) == 3
    assert _ours(prefix) == []


def test_every_block_is_unlinked_even_when_taking_one_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    prefix = block_prefix(TAG, 5)
    shared = share_arrays([np.zeros(LARGE, np.float32) for _ in range(3)], prefix)
    real_take = shared_arrays._take
    calls: list[SharedArray] = []

    def failing_take(ref: SharedArray) -> np.ndarray:
        calls.append(ref)
        if len(calls) == 2:
            raise MemoryError("no room for the array")
        return real_take(ref)

    monkeypatch.setattr(shared_arrays, "_take", failing_take)
    with pytest.raises(MemoryError):
        take_arrays(shared)
    assert _ours(prefix) == []


@pytest.mark.skipif(not shared_arrays._SHM_DIR.is_dir(), reason="no /dev/shm to map blocks from")
def test_a_taken_array_is_the_block_itself_and_outlives_its_name() -> None:
    prefix = block_prefix(TAG, 7)
    array = np.arange(LARGE, dtype=np.float32)
    taken = take_arrays(share_arrays({"a": array}, prefix))
    assert isinstance(taken, dict)
    back = taken["a"]
    assert _ours(prefix) == []  # the name is gone at once
    assert not back.flags.owndata  # no copy: the array lies on the block's mapping
    back[0] = -1.0  # the app may still write to it
    assert back[0] == -1.0
    np.testing.assert_array_equal(back[1:], array[1:])


def test_copied_out_where_no_block_can_be_mapped(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    prefix = block_prefix(TAG, 8)
    array = np.arange(LARGE, dtype=np.float32)
    shared = share_arrays({"a": array}, prefix)
    monkeypatch.setattr(shared_arrays, "_SHM_DIR", tmp_path / "none")
    taken = take_arrays(shared)
    assert isinstance(taken, dict)
    back = taken["a"]
    monkeypatch.undo()
    assert back.flags.owndata
    np.testing.assert_array_equal(back, array)
    assert _ours(prefix) == []


def test_arrays_are_pickled_when_shared_memory_is_too_full(monkeypatch: pytest.MonkeyPatch) -> None:
    prefix = block_prefix(TAG, 6)
    monkeypatch.setattr(shared_arrays, "_SHM_HEADROOM", 2**62)
    array = np.zeros(LARGE, np.float32)
    shared = share_arrays({"a": array}, prefix)
    assert isinstance(shared, dict) and shared["a"] is array
    assert _ours(prefix) == []


def test_leftover_blocks_of_one_app_leave_out_every_other_apps() -> None:
    """Another CL Studio, or tests running beside these, has blocks of its own."""
    mine, theirs = block_prefix(TAG, 90), block_prefix(f"{os.getpid() + 1}.test", 90)
    for prefix in (mine, theirs):
        share_arrays({"a": np.zeros(LARGE, np.uint16)}, prefix)
    try:
        assert f"{mine}0" in leftover_blocks(os.getpid())
        assert f"{theirs}0" not in leftover_blocks(os.getpid())
        assert {f"{mine}0", f"{theirs}0"} <= set(leftover_blocks())
    finally:
        assert discard_blocks(mine) == discard_blocks(theirs) == 1
