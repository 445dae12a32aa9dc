"""The host's side of a loop until done: the condition buffer reset before each round and
read back after it, as a host program does (`h_over = 0; write; launches; read; while`).

DeviceProgram hands one ConditionReads to session.planned_launches for each run of the
program; the reads are blocking, so a round's launches have ended when its condition is
read, and the next round is enqueued only once the host has decided to go on.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pyopencl as cl

from clstudio.common import LoopRounds
from clstudio.engine.buffers import DeviceBuffer
from clstudio.session import Launch, LaunchGroup, Until


class ConditionReads:
    """A RoundWatch on the device's buffers; `loops` says how each loop ended."""

    def __init__(
        self,
        queue: cl.CommandQueue,
        buffers: Mapping[str, DeviceBuffer],
        entries: tuple[Launch | LaunchGroup, ...],
    ) -> None:
        self._queue = queue
        self._buffers = buffers
        self._first: dict[int, int] = {}  # entry -> its first written launch, 1-based
        position = 0
        for index, entry in enumerate(entries):
            self._first[index] = position + 1
            position += len(entry.launches) if isinstance(entry, LaunchGroup) else 1
        self._before: np.ndarray | None = None
        self.loops: dict[int, LoopRounds] = {}

    def begin(self, entry: int, group: LaunchGroup, round_index: int) -> None:
        until = _until(group)
        buffer = self._buffers[until.buffer]
        if until.reset is not None:
            reset = np.full_like(buffer.host, until.reset)
            cl.enqueue_copy(self._queue, buffer.buffer, reset, is_blocking=True)
        if round_index == 0:
            self._before = self._read(buffer) if until.kind == "unchanged" else None

    def ended(self, entry: int, group: LaunchGroup, round_index: int) -> bool:
        until = _until(group)
        after = self._read(self._buffers[until.buffer])
        held = until.holds(self._before, after)
        self._before = after
        first = self._first[entry]
        self.loops[entry] = LoopRounds(
            entry,
            first,
            first + len(group.launches) - 1,
            round_index + 1,
            group.iterations,
            until.words(),
            held,
        )
        return held

    def _read(self, buffer: DeviceBuffer) -> np.ndarray:
        out = np.empty_like(buffer.host)
        cl.enqueue_copy(self._queue, out, buffer.buffer, is_blocking=True)
        return out


def _until(group: LaunchGroup) -> Until:
    assert group.until is not None  # planned_launches asks only of groups with one
    return group.until
