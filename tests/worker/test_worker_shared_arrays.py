"""Large arrays cross through shared-memory blocks, and no block outlives a transfer."""

import multiprocessing

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
    prefix = block_prefix("test", 1)
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
    prefix = block_prefix("test", 2)
    small = np.arange(16, dtype=np.float32)
    payload = {"small": small, "text": "x", "objects": np.array([None, 1], dtype=object)}
    assert share_arrays(payload, prefix) is payload
    assert _ours(prefix) == []


def test_a_run_result_sends_its_inputs_and_outputs_through_blocks() -> None:
    prefix = block_prefix("test", 3)
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
    prefix = block_prefix("test", 4)
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


def test_every_block_is_unlinked_even_when_copying_one_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    prefix = block_prefix("test", 5)
    shared = share_arrays([np.zeros(LARGE, np.float32) for _ in range(3)], prefix)
    real_copy_out = shared_arrays._copy_out
    calls: list[SharedArray] = []

    def failing_copy_out(ref: SharedArray) -> np.ndarray:
        calls.append(ref)
        if len(calls) == 2:
            raise MemoryError("no room for the copy")
        return real_copy_out(ref)

    monkeypatch.setattr(shared_arrays, "_copy_out", failing_copy_out)
    with pytest.raises(MemoryError):
        take_arrays(shared)
    assert _ours(prefix) == []


def test_arrays_are_pickled_when_shared_memory_is_too_full(monkeypatch: pytest.MonkeyPatch) -> None:
    prefix = block_prefix("test", 6)
    monkeypatch.setattr(shared_arrays, "_SHM_HEADROOM", 2**62)
    array = np.zeros(LARGE, np.float32)
    shared = share_arrays({"a": array}, prefix)
    assert isinstance(shared, dict) and shared["a"] is array
    assert _ours(prefix) == []
