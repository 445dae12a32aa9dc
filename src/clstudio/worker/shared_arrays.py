"""Large arrays cross from the worker to the app through shared memory, not the pipe.

Pickled through the pipe, a 64 MiB array took 220-400 ms here. Instead an array
goes into a block (a file in /dev/shm), and the worker sends a SharedArray naming
it; the app opens the block, unlinks its name at once and hands out an array on a
mapping of it, so the memory goes when the last array on it does. Below about 1 MiB
a copy is not worth a block and the array is pickled (bench/bench_worker_transfer.py).
The worker keeps its blocks warm between replies and reads a run's outputs straight
into them (worker/block_pool.py); this module holds the blocks themselves, and the
plain one-shot share_arrays and take_arrays. Where shared memory is not a file in
/dev/shm (macOS), the app copies each array out instead.

Block names are predictable: a prefix per request, then 0, 1, 2, ... in the order
the worker creates them. So when the worker dies halfway through a reply, the app
still finds and unlinks every block it left, without a word from the dead process.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import mmap
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import numpy as np

from clstudio.common import LaunchSnapshot, RunResult
from clstudio.worker.kept_inputs import KeptInput
from clstudio.worker.repeated_results import RepeatedResult

PREFIX = "clstudio-"
SHARE_MIN_BYTES = 1024 * 1024  # smaller arrays are as cheap or cheaper to pickle
_SHM_DIR = Path("/dev/shm")
# Writing past what a full /dev/shm can hold raises SIGBUS, not an error (Docker gives
# containers 64 MiB by default): keep this much free, and pickle what does not fit.
_SHM_HEADROOM = 16 * 2**20
# What `transform` need not look into: a reply holds hundreds of them (and a KeptInput
# names an input the app already holds).
_ATOMS = (str, bytes, int, float, type(None), np.ndarray, np.generic, KeptInput)


@dataclass(frozen=True)
class SharedArray:
    """Stands in for an array that waits in the shared-memory block `block`."""

    block: str
    shape: tuple[int, ...]
    dtype: np.dtype

    @property
    def nbytes(self) -> int:
        return math.prod(self.shape) * self.dtype.itemsize


def block_prefix(worker_tag: str, request_id: int) -> str:
    """The name prefix of the blocks for one request of one worker (short: macOS allows 31)."""
    return f"{PREFIX}{worker_tag}-{request_id}-"


def share_arrays(payload: object, prefix: str) -> object:
    """`payload` with every large array copied into a new block named `prefix` + a count.

    Runs in the worker; the worker itself shares through block_pool.ReplyBlocks, which
    reuses the blocks the app has given back. The blocks outlive this process until
    the app unlinks them.
    """
    created = 0

    def leaf(value: object) -> object:
        nonlocal created
        if not isinstance(value, np.ndarray) or not worth_sharing(value):
            return value
        name = f"{prefix}{created}"
        created += 1
        copy_in(name, value)
        return SharedArray(name, value.shape, value.dtype)

    return transform(payload, leaf)


def take_arrays(payload: object) -> object:
    """`payload` with every SharedArray made an array again; every block is unlinked.

    Runs in the app. The blocks are unlinked even when taking one of them fails.
    """
    refs: list[SharedArray] = []

    def collect(value: object) -> object:
        if isinstance(value, SharedArray):
            refs.append(value)
            return None  # found: nothing to look into
        return value

    transform(payload, collect)
    copies: dict[str, np.ndarray] = {}
    try:
        for ref in refs:
            copies[ref.block] = _take(ref)
    finally:
        for ref in refs:
            if ref.block not in copies:
                _unlink(ref.block)
    return transform(payload, lambda v: copies[v.block] if isinstance(v, SharedArray) else v)


def discard_blocks(prefix: str) -> int:
    """Unlink the blocks a dead worker left for one request; how many there were."""
    count = 0
    while _unlink(f"{prefix}{count}"):
        count += 1
    return count


def discard_unsent(prefix: str, made: int) -> None:
    """Unlink whichever of the `made` blocks named for one reply the app did not take (it
    unlinked those it took as it took them)."""
    for number in range(made):
        _unlink(f"{prefix}{number}")


def leftover_blocks(owner: int | None = None) -> list[str]:
    """Names of CL Studio blocks that still exist (Linux lists them in /dev/shm).

    With `owner`, only the blocks of the workers that process started (a worker's tag
    begins with its app's pid, worker/process.py): other CL Studios on the machine, or
    tests running beside, have blocks of their own.
    """
    if not _SHM_DIR.is_dir():
        return []
    prefix = PREFIX if owner is None else f"{PREFIX}{owner}."
    return sorted(p.name for p in _SHM_DIR.iterdir() if p.name.startswith(prefix))


def mappable() -> bool:
    """Whether blocks are files in /dev/shm that can be mapped by descriptor (Linux)."""
    return _is_dir(_SHM_DIR)


@functools.cache
def _is_dir(path: Path) -> bool:
    """Asked once: a run asked twice on each side, a system call each time."""
    return path.is_dir()


def worth_sharing(array: np.ndarray) -> bool:
    if array.nbytes < SHARE_MIN_BYTES or array.dtype.hasobject:
        return False
    return fits(array.nbytes)


def fits(nbytes: int) -> bool:
    try:
        stats = os.statvfs(_SHM_DIR)
    except OSError:
        return True  # no /dev/shm to ask (macOS): trust the system
    return nbytes + _SHM_HEADROOM <= stats.f_bavail * stats.f_frsize


def copy_in(name: str, array: np.ndarray) -> None:
    """A new block `name` holding a copy of `array`."""
    if mappable():
        array_on(create_block(name, array.nbytes), array.shape, array.dtype)[...] = array
        return
    from multiprocessing import shared_memory  # see _copy_out

    block = shared_memory.SharedMemory(name=name, create=True, size=array.nbytes)
    try:
        view = np.ndarray(array.shape, array.dtype, buffer=block.buf)
        view[...] = array
        del view  # a block cannot close while an array still points into it
    finally:
        block.close()


def create_block(name: str, nbytes: int) -> mmap.mmap:
    """A new block `name` in /dev/shm of `nbytes` (at least one), mapped.

    Not registered with multiprocessing's resource tracker, which would otherwise warn
    at exit about every block the app has unlinked meanwhile: the app unlinks each
    block as it takes it, and discard_blocks what a dead worker left.
    """
    fd = os.open(_SHM_DIR / name, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.ftruncate(fd, max(nbytes, 1))
        return mmap.mmap(fd, max(nbytes, 1))
    finally:
        os.close(fd)


def open_block(name: str) -> int:
    """A descriptor of the block `name`, whose name is unlinked at once: nothing to leak."""
    path = _SHM_DIR / name
    fd = os.open(path, os.O_RDWR)
    os.unlink(path)
    return fd


def array_on(memory: mmap.mmap, shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
    """The array of `shape` at the start of `memory`; it keeps the mapping alive."""
    return np.frombuffer(memory, dtype, math.prod(shape)).reshape(shape)


def map_block(fd: int, nbytes: int) -> mmap.mmap:
    return mmap.mmap(fd, max(nbytes, 1))


def _take(ref: SharedArray) -> np.ndarray:
    return _map_out(ref) if mappable() else _copy_out(ref)


def _map_out(ref: SharedArray) -> np.ndarray:
    """An array on the block's memory, whose name is unlinked at once: nothing to leak."""
    fd = open_block(ref.block)
    try:
        memory = map_block(fd, ref.nbytes)
    finally:
        os.close(fd)
    return array_on(memory, ref.shape, ref.dtype)


def _copy_out(ref: SharedArray) -> np.ndarray:
    # Where blocks are no files to map (macOS) only: multiprocessing's module stays out of
    # the window's start (the app names and discards blocks with every request).
    from multiprocessing import shared_memory

    block = shared_memory.SharedMemory(name=ref.block)
    try:
        view: np.ndarray = np.ndarray(ref.shape, ref.dtype, buffer=block.buf)
        out = view.copy()
        del view
    finally:
        block.close()
        block.unlink()
    return out


def _unlink(name: str) -> bool:
    """Unlink one block by name; False when there is none."""
    if mappable():
        try:
            os.unlink(_SHM_DIR / name)
        except FileNotFoundError:
            return False
        return True
    from multiprocessing import shared_memory  # see _copy_out

    try:
        block = shared_memory.SharedMemory(name=name)
    except FileNotFoundError:
        return False
    block.close()
    block.unlink()
    return True


def transform(value: object, leaf: Callable[[object], object]) -> object:
    """Apply `leaf` to every value inside dicts, lists, tuples and dataclasses.

    A value that `leaf` replaces is not looked into. Containers are rebuilt only where
    a value changed; frozen dataclasses through dataclasses.replace.
    """
    new = leaf(value)
    if new is not value or isinstance(value, _ATOMS):
        return new
    if isinstance(value, dict):
        items = {key: transform(item, leaf) for key, item in value.items()}
        changed = any(items[key] is not item for key, item in value.items())
        return items if changed else value
    if isinstance(value, list | tuple):
        parts = [transform(item, leaf) for item in value]
        if all(new is old for new, old in zip(parts, value, strict=True)):
            return value
        return parts if isinstance(value, list) else tuple(parts)
    if isinstance(value, RunResult | RepeatedResult):
        # Its arrays sit in inputs, outputs and snapshots; its steps and timings hold none.
        inputs = transform(value.inputs, leaf)
        outputs = transform(value.outputs, leaf)
        snapshots = transform(value.snapshots, leaf)
        if inputs is value.inputs and outputs is value.outputs and snapshots is value.snapshots:
            return value
        return dataclasses.replace(
            value,
            inputs=cast("dict[str, np.ndarray]", inputs),
            outputs=cast("dict[str, np.ndarray]", outputs),
            snapshots=cast("tuple[LaunchSnapshot, ...]", snapshots),
        )
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in dataclasses.fields(value):
            if f.init:
                old = getattr(value, f.name)
                new = transform(old, leaf)
                if new is not old:
                    changes[f.name] = new
        return dataclasses.replace(value, **changes) if changes else value
    return value
