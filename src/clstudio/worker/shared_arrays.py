"""Large arrays cross from the worker to the app through shared memory, not the pipe.

Pickled through the pipe, a 64 MiB array took 220-400 ms here; through a shared-
memory block, about 100 ms (half of it the worker's copy in, half the app's copy
out: fresh shared-memory pages are slow to fault in). Below about 1 MiB either way
takes a millisecond or less, and the pipe often wins (bench/bench_worker_transfer.py).
The worker copies each large array into a new block and sends a SharedArray in its
place; the app maps the block, unlinks its name at once and hands out an array on
the mapping, so the bytes are copied once, not twice; the memory goes when the last
array on it does. Where shared memory is not a file in /dev/shm (macOS), the app
copies the array out instead.

Block names are predictable: a prefix per request, then 0, 1, 2, ... in the order
the worker creates them. So when the worker dies halfway through a reply, the app
still finds and unlinks every block it left, without a word from the dead process.
"""

from __future__ import annotations

import dataclasses
import mmap
import os
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing import shared_memory
from pathlib import Path
from typing import cast

import numpy as np

from clstudio.common import RunResult

PREFIX = "clstudio-"
SHARE_MIN_BYTES = 1024 * 1024  # smaller arrays are as cheap or cheaper to pickle
_SHM_DIR = Path("/dev/shm")
# Writing past what a full /dev/shm can hold raises SIGBUS, not an error (Docker gives
# containers 64 MiB by default): keep this much free, and pickle what does not fit.
_SHM_HEADROOM = 16 * 2**20


@dataclass(frozen=True)
class SharedArray:
    """Stands in for an array that waits in the shared-memory block `block`."""

    block: str
    shape: tuple[int, ...]
    dtype: np.dtype


def block_prefix(worker_tag: str, request_id: int) -> str:
    """The name prefix of the blocks for one request of one worker (short: macOS allows 31)."""
    return f"{PREFIX}{worker_tag}-{request_id}-"


def share_arrays(payload: object, prefix: str) -> object:
    """`payload` with every large array moved into a new block named `prefix` + a count.

    Runs in the worker. The blocks outlive this process until the app unlinks them.
    """
    created = 0

    def leaf(value: object) -> object:
        nonlocal created
        if not isinstance(value, np.ndarray) or not _worth_sharing(value):
            return value
        name = f"{prefix}{created}"
        block = shared_memory.SharedMemory(name=name, create=True, size=value.nbytes)
        created += 1
        try:
            view: np.ndarray = np.ndarray(value.shape, value.dtype, buffer=block.buf)
            view[...] = value
            del view  # a block cannot close while an array still points into it
        finally:
            block.close()
        return SharedArray(name, value.shape, value.dtype)

    return _transform(payload, leaf)


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

    _transform(payload, collect)
    copies: dict[str, np.ndarray] = {}
    try:
        for ref in refs:
            copies[ref.block] = _take(ref)
    finally:
        for ref in refs:
            if ref.block not in copies:
                _unlink(ref.block)
    return _transform(payload, lambda v: copies[v.block] if isinstance(v, SharedArray) else v)


def discard_blocks(prefix: str) -> int:
    """Unlink the blocks a dead worker left for one request; how many there were."""
    count = 0
    while _unlink(f"{prefix}{count}"):
        count += 1
    return count


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


def _worth_sharing(array: np.ndarray) -> bool:
    if array.nbytes < SHARE_MIN_BYTES or array.dtype.hasobject:
        return False
    try:
        stats = os.statvfs(_SHM_DIR)
    except OSError:
        return True  # no /dev/shm to ask (macOS): trust the system
    return array.nbytes + _SHM_HEADROOM <= stats.f_bavail * stats.f_frsize


def _take(ref: SharedArray) -> np.ndarray:
    return _map_out(ref) if _SHM_DIR.is_dir() else _copy_out(ref)


def _map_out(ref: SharedArray) -> np.ndarray:
    """An array on the block's memory, whose name is unlinked at once: nothing to leak."""
    path = _SHM_DIR / ref.block
    fd = os.open(path, os.O_RDWR)
    try:
        os.unlink(path)
        count = int(np.prod(ref.shape))
        if count == 0:
            return np.empty(ref.shape, ref.dtype)
        memory = mmap.mmap(fd, count * ref.dtype.itemsize)
    finally:
        os.close(fd)
    return np.frombuffer(memory, ref.dtype, count).reshape(ref.shape)


def _copy_out(ref: SharedArray) -> np.ndarray:
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
    try:
        block = shared_memory.SharedMemory(name=name)
    except FileNotFoundError:
        return False
    block.close()
    block.unlink()
    return True


def _transform(value: object, leaf: Callable[[object], object]) -> object:
    """Apply `leaf` to every value inside dicts, lists, tuples and dataclasses.

    A value that `leaf` replaces is not looked into. Containers are rebuilt only where
    a value changed; frozen dataclasses through dataclasses.replace.
    """
    new = leaf(value)
    if new is not value:
        return new
    if isinstance(value, dict):
        items = {key: _transform(item, leaf) for key, item in value.items()}
        changed = any(items[key] is not item for key, item in value.items())
        return items if changed else value
    if isinstance(value, list | tuple):
        parts = [_transform(item, leaf) for item in value]
        if all(new is old for new, old in zip(parts, value, strict=True)):
            return value
        return parts if isinstance(value, list) else tuple(parts)
    if isinstance(value, RunResult):
        # Its arrays sit in inputs and outputs; its hundreds of steps and timings hold none.
        inputs = cast("dict[str, np.ndarray]", _transform(value.inputs, leaf))
        outputs = cast("dict[str, np.ndarray]", _transform(value.outputs, leaf))
        return dataclasses.replace(value, inputs=inputs, outputs=outputs)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in dataclasses.fields(value):
            if f.init:
                old = getattr(value, f.name)
                new = _transform(old, leaf)
                if new is not old:
                    changes[f.name] = new
        return dataclasses.replace(value, **changes) if changes else value
    return value
