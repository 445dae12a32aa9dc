"""Blocks stay warm between replies: a result keeps its block until it is gone, then the
worker fills that block again, and no name is ever left in /dev/shm."""

import gc
import os

import numpy as np
import pytest

from clstudio.common.dtypes import parse_element_type
from clstudio.session import Launch
from clstudio.session.args import ArgSpec, BufferArg, ScalarArg
from clstudio.session.format import Session
from clstudio.worker import shared_arrays
from clstudio.worker.block_pool import DIRECT_MIN_BYTES, AppBlocks, WorkerBlocks
from clstudio.worker.client import WorkerClient
from clstudio.worker.protocol import Released
from clstudio.worker.shared_arrays import SharedArray, block_prefix, discard_blocks, leftover_blocks

pytestmark = pytest.mark.skipif(
    not shared_arrays.mappable(), reason="no /dev/shm: blocks are copied out, not kept warm"
)
N = DIRECT_MIN_BYTES  # float32 elements: four times the size worth a block
SHAPE = (N,)
FLOAT32 = np.dtype(np.float32)


def _ours(prefix: str) -> list[str]:
    return [name for name in leftover_blocks() if name.startswith(prefix)]


def _reply(pool: WorkerBlocks, request: int, value: float) -> object:
    """What the worker sends for one run: an output read back into ReplyBlocks.empty."""
    blocks = pool.reply(block_prefix("pool", request))
    output = blocks.empty(SHAPE, FLOAT32)
    output[...] = value
    return blocks.share({"c": output})


def _block_of(reply: object) -> str:
    assert isinstance(reply, dict)
    ref = reply["c"]
    assert isinstance(ref, SharedArray)
    return ref.block


def test_a_read_back_lands_on_a_block_that_the_app_maps_without_a_copy() -> None:
    pool, app = WorkerBlocks(), AppBlocks()
    reply = _reply(pool, 1, 3.0)
    assert _ours(block_prefix("pool", 1)) == [_block_of(reply)]
    taken = app.take(reply)
    assert isinstance(taken, dict)
    assert _ours(block_prefix("pool", 1)) == []  # the name goes as the app takes it
    assert not taken["c"].flags.owndata
    np.testing.assert_array_equal(taken["c"], np.full(SHAPE, 3.0, np.float32))
    app.close()


def test_a_block_is_filled_again_only_once_its_result_is_gone() -> None:
    pool, app = WorkerBlocks(), AppBlocks()
    first_reply = _reply(pool, 1, 1.0)
    first = app.take(first_reply)
    assert app.released() is None  # the first result still holds its block
    second_reply = _reply(pool, 2, 2.0)
    assert _block_of(second_reply) != _block_of(first_reply)
    second = app.take(second_reply)
    assert isinstance(first, dict) and isinstance(second, dict)
    np.testing.assert_array_equal(first["c"], np.full(SHAPE, 1.0, np.float32))
    del first
    gc.collect()
    released = app.released()
    assert released == Released((_block_of(first_reply),))
    pool.release(released)
    third_reply = _reply(pool, 3, 3.0)
    assert _block_of(third_reply) == _block_of(first_reply)
    assert _ours(block_prefix("pool", 3)) == []  # nothing new was made
    third = app.take(third_reply)
    assert isinstance(third, dict)
    np.testing.assert_array_equal(third["c"], np.full(SHAPE, 3.0, np.float32))
    np.testing.assert_array_equal(second["c"], np.full(SHAPE, 2.0, np.float32))
    app.close()


def test_blocks_beyond_the_free_limit_are_dropped_by_both_sides() -> None:
    pool, app = WorkerBlocks(), AppBlocks(free_limit_bytes=0)
    first_reply = _reply(pool, 1, 1.0)
    taken = app.take(first_reply)
    del taken
    gc.collect()
    released = app.released()
    assert released == Released((), (_block_of(first_reply),))
    pool.release(released)
    assert _block_of(_reply(pool, 2, 2.0)) == f"{block_prefix('pool', 2)}0"  # a new block
    discard_blocks(block_prefix("pool", 2))
    app.close()


def test_a_reply_that_never_went_frees_its_warm_blocks_and_forgets_new_ones() -> None:
    pool = WorkerBlocks()
    warm = _block_of(_reply(pool, 1, 1.0))
    discard_blocks(block_prefix("pool", 1))  # unlinked, as the app does once it has it
    pool.release(Released((warm,)))  # and given back
    blocks = pool.reply(block_prefix("pool", 2))
    blocks.empty(SHAPE, FLOAT32)  # the warm block
    blocks.empty(SHAPE, FLOAT32)  # a new one
    blocks.unsent()
    assert discard_blocks(block_prefix("pool", 2)) == 1  # the app's cleanup finds the new one
    again = pool.reply(block_prefix("pool", 3))
    assert _block_of(again.share({"c": again.empty(SHAPE, FLOAT32)})) == warm
    new = _block_of(again.share({"c": again.empty(SHAPE, FLOAT32)}))
    assert new == f"{block_prefix('pool', 3)}0"  # not the block nobody was told of
    discard_blocks(block_prefix("pool", 3))


def test_a_reply_says_how_many_blocks_it_named_and_the_app_unlinks_those_it_was_not_sent() -> None:
    pool, app = WorkerBlocks(), AppBlocks()
    prefix = block_prefix("pool", 1)
    blocks = pool.reply(prefix)
    first, dropped, last = (blocks.empty(SHAPE, FLOAT32) for _ in range(3))
    del dropped  # a read-back the engine let go: its block is named, but never sent
    reply = blocks.share({"first": first, "last": last})
    assert blocks.made == 3
    taken = app.take(reply)
    assert _ours(prefix) == [f"{prefix}1"]  # between two taken: counting from 0 stops at 0
    shared_arrays.discard_unsent(prefix, blocks.made)
    assert _ours(prefix) == []
    assert isinstance(taken, dict) and set(taken) == {"first", "last"}
    app.close()


def test_a_reply_of_warm_blocks_names_none() -> None:
    pool, app = WorkerBlocks(), AppBlocks()
    taken = app.take(_reply(pool, 1, 1.0))
    del taken
    gc.collect()
    released = app.released()
    assert released is not None
    pool.release(released)
    blocks = pool.reply(block_prefix("pool", 2))
    app.take(blocks.share({"c": blocks.empty(SHAPE, FLOAT32)}))
    assert blocks.made == 0  # the app has nothing to look for
    app.close()


def test_small_arrays_stay_in_the_message() -> None:
    blocks = WorkerBlocks().reply(block_prefix("pool", 1))
    small = blocks.empty((16,), FLOAT32)
    assert blocks.share({"c": small}) == {"c": small}
    assert _ours(block_prefix("pool", 1)) == []


def test_a_result_outlives_its_worker() -> None:
    pool, app = WorkerBlocks(), AppBlocks()
    taken = app.take(_reply(pool, 1, 5.0))
    app.close()
    del pool
    gc.collect()
    assert isinstance(taken, dict)
    np.testing.assert_array_equal(taken["c"], np.full(SHAPE, 5.0, np.float32))
    assert app.released() is None  # a closed life takes nothing back


FLOAT = parse_element_type("float")
SCALE = "__kernel void scale(__global float* c, float k) { c[get_global_id(0)] = k; }"


def scaled(k: float) -> Session:
    args: dict[str, ArgSpec] = {
        "c": BufferArg(FLOAT, SHAPE, access="out"),
        "k": ScalarArg(k),
    }
    return Session(source=SCALE, launches=(Launch("scale", SHAPE),), args=args)


@pytest.mark.opencl
def test_an_earlier_result_keeps_its_values_while_later_runs_come() -> None:
    with WorkerClient() as client:
        first = client.run(scaled(1.0))
        second = client.run(scaled(2.0))
        assert first.ok and second.ok, (first.error, second.error)
        del second
        gc.collect()
        third, fourth = client.run(scaled(3.0)), client.run(scaled(4.0))
        assert third.ok and fourth.ok
        assert not fourth.outputs["c"].flags.owndata  # on a block, not copied
        np.testing.assert_array_equal(first.outputs["c"], np.full(SHAPE, 1.0, np.float32))
        np.testing.assert_array_equal(third.outputs["c"], np.full(SHAPE, 3.0, np.float32))
        np.testing.assert_array_equal(fourth.outputs["c"], np.full(SHAPE, 4.0, np.float32))


def test_a_programs_snapshots_cross_on_blocks_and_leave_no_name_behind() -> None:
    source = """
    __kernel void first(__global float* g) { g[get_global_id(0)] = 1.0f; }
    __kernel void second(__global float* g) { g[get_global_id(0)] += 1.0f; }
    """
    args: dict[str, ArgSpec] = {"g": BufferArg(parse_element_type("float"), SHAPE)}
    session = Session(
        source=source, launches=(Launch("first", SHAPE), Launch("second", SHAPE)), args=args
    )
    with WorkerClient() as client:
        taken = client.run(session, snapshots=True)
        assert taken.ok, taken.error
        first, second = (s.buffers["g"] for s in taken.snapshots)
        assert not first.flags.owndata and not second.flags.owndata  # on blocks, not pickled
        np.testing.assert_array_equal(first, np.ones(SHAPE, np.float32))
        np.testing.assert_array_equal(second, np.full(SHAPE, 2.0, np.float32))
        assert leftover_blocks(os.getpid()) == []
