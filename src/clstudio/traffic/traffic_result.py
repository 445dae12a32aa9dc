"""What a traffic measurement gives back across the worker's pipe: plain data and arrays."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from clstudio.common import RunError

LINE_BYTES = 64  # a cache line, a GPU's memory transaction
NEIGHBOURS = 16  # work-items of consecutive local id that one access is judged over
KIND_CODES = {"load": 0, "store": 1, "update": 2}


@dataclass(frozen=True)
class BufferTraffic:
    """How many times each element was read and written.

    A `__global` buffer's counts are over the logged work-groups; a `__local` one's
    are in one work-group (the first logged), since each group has its own copy.
    """

    name: str
    space: str  # "global" or "local"
    shape: tuple[int, ...]
    element_bytes: int
    reads: np.ndarray  # int32, `shape`
    writes: np.ndarray
    outside: int = 0  # accesses past the buffer's end (left out of the counts)

    @property
    def untouched(self) -> int:
        return int(np.count_nonzero((self.reads == 0) & (self.writes == 0)))

    @property
    def written_twice(self) -> int:
        return int(np.count_nonzero(self.writes > 1))


@dataclass(frozen=True)
class AccessTraffic:
    """One load, store or update in the source and how it met memory."""

    id: int
    buffer: str
    space: str
    kind: str  # load, store, update
    line: int
    text: str
    executed: int  # times run by the logged work-groups
    lines_mean: float | None = None  # distinct 64-byte lines per 16 neighbours; global only
    lines_max: int | None = None


@dataclass(frozen=True)
class GroupTrace:
    """Every logged access of one work-group, in the order each work-item made them."""

    group: tuple[int, ...]  # the work-group's id, one number per dimension
    buffer: np.ndarray  # int16 index into TrafficResult.buffers
    element: np.ndarray  # int32
    local_id: np.ndarray  # int32, linear: x fastest
    phase: np.ndarray  # int16, barriers passed before the access
    kind: np.ndarray  # int8, KIND_CODES

    @property
    def phases(self) -> int:
        return int(self.phase.max()) + 1 if len(self.phase) else 0


@dataclass(frozen=True)
class TrafficResult:
    ok: bool
    kernel: str
    error: RunError | None = None
    buffers: tuple[BufferTraffic, ...] = ()
    accesses: tuple[AccessTraffic, ...] = ()
    traces: tuple[GroupTrace, ...] = ()  # a few logged work-groups, for playback
    global_size: tuple[int, ...] = ()
    local_size: tuple[int, ...] = ()
    groups_logged: int = 0
    groups: int = 0
    device: str = ""
    references_passed: bool | None = None  # None: the session has no references
    seconds: float = 0.0

    @property
    def sampled(self) -> bool:
        return self.groups_logged < self.groups
