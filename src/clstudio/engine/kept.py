"""What a warm engine keeps between runs of an unchanged session: inputs and buffers.

A tiny kernel's run was dominated by remaking what had not changed: random initial
contents drawn again, buffers created again, and their guard bands filled again
(bench/bench_worker_runs.py). A run takes each back when its key still matches.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from clstudio.engine.buffers import DeviceBuffer
from clstudio.session import BufferArg, ImageArg

ContentSpec = BufferArg | ImageArg


@dataclass(frozen=True)
class _Made:
    spec: ContentSpec
    seed: int
    base_dir: Path | None
    array: np.ndarray


class KeptContents:
    """The initial contents last made for each argument name, made read-only.

    A file's contents are never kept: the file may change between runs. The same
    array object comes back for an unchanged argument, so that a caller can tell
    an unchanged input by identity (the worker then does not send it again).
    """

    def __init__(self) -> None:
        self._made: dict[str, _Made] = {}

    def get(
        self, name: str, spec: ContentSpec, seed: int, base_dir: Path | None
    ) -> np.ndarray | None:
        made = self._made.get(name)
        if made is None or (made.spec, made.seed, made.base_dir) != (spec, seed, base_dir):
            return None
        return made.array

    def keep(
        self, name: str, spec: ContentSpec, seed: int, base_dir: Path | None, array: np.ndarray
    ) -> np.ndarray:
        """`array`, read-only from now on, kept unless it came from a file."""
        array.flags.writeable = False
        if spec.init.kind != "file":
            self._made[name] = _Made(spec, seed, base_dir, array)
        return array


class BufferPool:
    """Device buffers of finished runs, by name, size, access and guards, for the next run.

    A buffer is given back only after its guard bands were found intact, so a kept
    one needs no new pattern; a run that fails keeps nothing of its own.
    """

    def __init__(self) -> None:
        self._kept: dict[tuple[str, int, str, bool], DeviceBuffer] = {}

    def take(
        self, name: str, spec: BufferArg, access: str, guarded: bool, host: np.ndarray
    ) -> DeviceBuffer | None:
        kept = self._kept.pop((name, spec.nbytes, access, guarded), None)
        return None if kept is None else replace(kept, spec=spec, host=host)

    def give_back(self, buffers: list[DeviceBuffer]) -> None:
        """Keep these buffers for the next run, in place of any kept under the same name."""
        names = {b.name for b in buffers}
        self._kept = {key: b for key, b in self._kept.items() if key[0] not in names}
        for b in buffers:
            self._kept[(b.name, b.spec.nbytes, b.access, b.layout is not None)] = b
