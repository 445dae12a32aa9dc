"""Shared-memory blocks kept warm between replies, and given back when a result is gone.

A fresh page of shared memory costs about 4 µs to fault in on these machines (no huge
pages for /dev/shm), so a new 64 MiB block took 250-330 ms before the first byte was
in it, five times a numpy copy (bench/bench_worker_transfer.py). So each worker life
keeps the blocks it made: the worker keeps its mapping of each, the app its
descriptor. Every result the app is handed lies on a mapping of its own (a lease), so
its arrays live as long as the result does; when the last array on a lease goes,
the app gives the block back (a Released message before the next request) and the
worker fills it again for the next output of that size, with no page to fault in.

A block is new only in the reply that makes it, named after that request
(shared_arrays.block_prefix), so the app's cleanup after a dead worker still finds
every name. The app unlinks each name as it first takes the block; from then on the
block lives in the two processes' descriptors and mappings alone, and goes when the
life ends (the leases still held stay valid).
"""

from __future__ import annotations

import mmap
import os
import threading
import weakref

import numpy as np

from clstudio.worker import shared_arrays
from clstudio.worker.protocol import Released
from clstudio.worker.shared_arrays import SharedArray, array_on

DIRECT_MIN_BYTES = 64 * 1024  # a read-back right into a warm block costs no copy from here up
FREE_LIMIT_BYTES = 256 * 2**20  # blocks given back beyond this are dropped, not kept warm


class WorkerBlocks:
    """In the worker: every block of this life, mapped, and which the app gave back, by size.

    `inline`: no blocks at all, every array travels in its reply (the app is on another
    machine, clstudio.remote).
    """

    def __init__(self, inline: bool = False) -> None:
        self.inline = inline
        self._mapped: dict[str, mmap.mmap] = {}
        self._free: dict[int, list[str]] = {}

    def reply(self, prefix: str) -> ReplyBlocks:
        """The blocks of one reply; new ones are named `prefix` + 0, 1, 2, ..."""
        return ReplyBlocks(self, prefix)

    def release(self, message: Released) -> None:
        for name in message.dropped:
            self._mapped.pop(name, None)
        for name in message.reused:
            memory = self._mapped.get(name)
            if memory is not None:
                self._free.setdefault(len(memory), []).append(name)

    def take_free(self, nbytes: int) -> tuple[str, mmap.mmap] | None:
        names = self._free.get(max(nbytes, 1))
        if not names:
            return None
        name = names.pop()
        return name, self._mapped[name]

    def add(self, name: str, memory: mmap.mmap) -> None:
        self._mapped[name] = memory

    def give_back(self, name: str) -> None:
        """A block taken for a reply that was never sent: the app still holds it free."""
        self._free.setdefault(len(self._mapped[name]), []).append(name)

    def forget(self, name: str) -> None:
        """A block made for a reply that was never sent: the app unlinks its name unseen."""
        del self._mapped[name]


class ReplyBlocks:
    """The blocks one reply uses: warm ones given back by the app, or new ones."""

    def __init__(self, pool: WorkerBlocks, prefix: str) -> None:
        self._pool = pool
        self._prefix = prefix
        self._count = 0
        self._taken: list[tuple[str, bool]] = []  # name, whether made for this reply
        self._on_blocks: dict[int, tuple[np.ndarray, str]] = {}  # id(array): array, block

    def empty(self, shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
        """An uninitialised array, on a block of its own when it is worth one: a run's
        read-backs land here (clstudio.engine.reading_back_into)."""
        dtype = np.dtype(dtype)
        nbytes = int(np.prod(shape)) * dtype.itemsize
        if self._pool.inline or nbytes < DIRECT_MIN_BYTES or not shared_arrays.mappable():
            return np.empty(shape, dtype)
        block = self._block(nbytes)
        if block is None:
            return np.empty(shape, dtype)
        array = array_on(block[1], shape, dtype)
        self._on_blocks[id(array)] = (array, block[0])
        return array

    def share(self, payload: object) -> object:
        """`payload` with every array on a block, or large enough for one, replaced by a
        SharedArray naming its block."""
        if self._pool.inline:
            return payload

        def leaf(value: object) -> object:
            if not isinstance(value, np.ndarray):
                return value
            made = self._on_blocks.get(id(value))
            if made is not None and made[0] is value:
                return SharedArray(made[1], value.shape, value.dtype)
            if not shared_arrays.worth_sharing(value):
                return value
            if not shared_arrays.mappable():
                name = self._new_name()
                shared_arrays.copy_in(name, value)
                return SharedArray(name, value.shape, value.dtype)
            block = self._block(value.nbytes)
            if block is None:
                return value
            array_on(block[1], value.shape, value.dtype)[...] = value
            return SharedArray(block[0], value.shape, value.dtype)

        return shared_arrays.transform(payload, leaf)

    @property
    def made(self) -> int:
        """How many blocks were named for this reply so far."""
        return self._count

    def unsent(self) -> None:
        """The reply did not go: warm blocks are free again, new ones are forgotten."""
        for name, new in self._taken:
            if new:
                self._pool.forget(name)
            else:
                self._pool.give_back(name)
        self._taken.clear()
        self._on_blocks.clear()

    def _block(self, nbytes: int) -> tuple[str, mmap.mmap] | None:
        warm = self._pool.take_free(nbytes)
        if warm is not None:
            self._taken.append((warm[0], False))
            return warm
        if not shared_arrays.fits(nbytes):
            return None
        name = self._new_name()
        memory = shared_arrays.create_block(name, nbytes)
        self._pool.add(name, memory)
        self._taken.append((name, True))
        return name, memory

    def _new_name(self) -> str:
        name = f"{self._prefix}{self._count}"
        self._count += 1
        return name


class AppBlocks:
    """In the app: the blocks of one worker life, by descriptor, and the leases on them.

    Leases end in whatever thread drops a result's last array, hence the lock.
    """

    def __init__(self, free_limit_bytes: int = FREE_LIMIT_BYTES) -> None:
        self._free_limit = free_limit_bytes
        self._lock = threading.Lock()
        self._open: dict[str, tuple[int, int]] = {}  # name: descriptor, size
        self._free: set[str] = set()  # given back: the worker may fill them again
        self._free_bytes = 0
        self._reused: list[str] = []
        self._dropped: list[str] = []
        self._closed = False

    def take(self, payload: object) -> object:
        """`payload` with every SharedArray made an array on a lease of its block.

        Each new block's name is unlinked as it is first taken; if taking one fails, the
        exchange unlinks the names of the reply's other new blocks (its `made`).
        """
        if not shared_arrays.mappable():
            return shared_arrays.take_arrays(payload)
        leases: dict[str, mmap.mmap] = {}

        def leaf(value: object) -> object:
            if not isinstance(value, SharedArray):
                return value
            memory = leases.get(value.block)
            if memory is None:
                memory = leases[value.block] = self._lease(value)
            return array_on(memory, value.shape, value.dtype)

        return shared_arrays.transform(payload, leaf)

    def released(self) -> Released | None:
        """The blocks given back since the last call, for the worker; None when none were."""
        with self._lock:
            if not self._reused and not self._dropped:
                return None
            message = Released(tuple(self._reused), tuple(self._dropped))
            self._reused.clear()
            self._dropped.clear()
            return message

    def close(self) -> None:
        """The life has ended: close every descriptor (leases still held stay valid)."""
        with self._lock:
            self._closed = True
            for fd, _ in self._open.values():
                os.close(fd)
            self._open.clear()

    def _lease(self, ref: SharedArray) -> mmap.mmap:
        name = ref.block
        with self._lock:
            opened = self._open.get(name)
            if opened is None:
                opened = self._open[name] = (shared_arrays.open_block(name), ref.nbytes)
            fd, nbytes = opened
            if name in self._free:
                self._free.discard(name)
                self._free_bytes -= nbytes
        memory = shared_arrays.map_block(fd, nbytes)
        weakref.finalize(memory, self._on_lease_ended, name)
        return memory

    def _on_lease_ended(self, name: str) -> None:
        with self._lock:
            if self._closed or name not in self._open:
                return
            fd, nbytes = self._open[name]
            if self._free_bytes + nbytes <= self._free_limit:
                self._free.add(name)
                self._free_bytes += nbytes
                self._reused.append(name)
            else:
                os.close(fd)
                del self._open[name]
                self._dropped.append(name)
