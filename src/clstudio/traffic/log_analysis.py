"""The instrumented run's log read in numpy: per-element counts, traces, lines per access.

A record is (access | phase << 16, byte offset in its buffer, global linear id).
Work-items of one group run their accesses in program order, so a work-item's n-th
run of an access is its n-th record of that access; the 16 neighbours' n-th runs
are "one access" of theirs, as a GPU's 16 or 32 lanes would make it together.
"""

from __future__ import annotations

import itertools

import numpy as np

from clstudio.session import BufferArg, LocalArg
from clstudio.traffic.instrumented_source import (
    HEADER,
    RECORD,
    SLOTS_PER_BUFFER,
    TracedBuffer,
)
from clstudio.traffic.traffic_plan import TrafficPlan
from clstudio.traffic.traffic_result import (
    KIND_CODES,
    LINE_BYTES,
    NEIGHBOURS,
    AccessTraffic,
    BufferTraffic,
    GroupTrace,
)

MAX_TRACES = 16  # work-groups kept for playback
# Lines and neighbour chunks by shifts: a 64-bit division costs numpy several times more.
_LINE_SHIFT = LINE_BYTES.bit_length() - 1
_NEIGHBOURS_SHIFT = NEIGHBOURS.bit_length() - 1
assert 1 << _LINE_SHIFT == LINE_BYTES and 1 << _NEIGHBOURS_SHIFT == NEIGHBOURS
MAX_TRACE_RECORDS = 400_000
# Work-items' runs of an access are counted in one array up to this many (access,
# work-item) pairs; past it they are sorted.
_MOST_PAIRS_COUNTED = 1 << 26


class LogReading:
    """The log of one instrumented run, split into columns."""

    def __init__(self, log: np.ndarray, plan: TrafficPlan) -> None:
        self.plan = plan
        self.header = log[:HEADER]
        count = min(int(log[0]), plan.capacity)
        records = log[HEADER : HEADER + RECORD * count].reshape(count, RECORD)
        self.access = (records[:, 0] & 0xFFFF).astype(np.int32)
        self.phase = (records[:, 0] >> 16).astype(np.int16)
        self.offset = records[:, 1].astype(np.int64)
        size = _three(plan.session.global_size)
        local = _three(plan.local_size)
        # Ids in int32 where the NDRange allows: half the memory to walk through as int64.
        ids = np.int32 if size[0] * size[1] * size[2] < 1 << 31 else np.int64
        item = records[:, 2].astype(ids)
        rest, x = _divmod(item, size[0], size[1] * size[2])
        z, y = _divmod(rest, size[1], size[2])
        groups = [s // n for s, n in zip(size, local, strict=True)]
        group_x, local_x = _divmod(x, local[0], groups[0])
        group_y, local_y = _divmod(y, local[1], groups[1])
        group_z, local_z = _divmod(z, local[2], groups[2])
        self.group_coords = [group_x, group_y, group_z]
        self.group = group_x + groups[0] * (group_y + groups[1] * group_z)
        self.local_id = local_x + local[0] * (local_y + local[1] * local_z)
        self.item = item
        buffers = plan.kernel.buffers
        self.buffer_of = np.array([a.buffer for a in plan.kernel.accesses] or [0], np.int16)
        kinds = [KIND_CODES[a.kind] for a in plan.kernel.accesses] or [0]
        self.kind_of = np.array(kinds, np.int8)
        self.buffer = self.buffer_of[self.access]
        # Counted, not sorted: the groups are numbered below the NDRange's count of them.
        self.logged_groups = np.flatnonzero(np.bincount(self.group, minlength=1))
        self.access_bytes = [
            self._slot(k, b.dims if b.is_array else 0) for k, b in enumerate(buffers)
        ]
        self.shapes = [self._shape(k, b) for k, b in enumerate(buffers)]
        self.element_bytes = [self._element_bytes(k, b) for k, b in enumerate(buffers)]

    def _slot(self, buffer: int, level: int) -> int:
        return int(self.header[1 + SLOTS_PER_BUFFER * buffer + level])

    def _shape(self, k: int, buffer: TracedBuffer) -> tuple[int, ...]:
        arg = self.plan.session.args.get(buffer.name)
        if isinstance(arg, BufferArg):
            return arg.shape
        if isinstance(arg, LocalArg):
            return (arg.count,)
        sizes = [self._slot(k, level) for level in range(buffer.dims + 1)]
        return tuple(a // b for a, b in itertools.pairwise(sizes) if b)

    def _element_bytes(self, k: int, buffer: TracedBuffer) -> int:
        arg = self.plan.session.args.get(buffer.name)
        if isinstance(arg, BufferArg | LocalArg):
            return arg.dtype.itemsize
        return max(1, self.access_bytes[k])

    def buffer_traffic(self) -> tuple[BufferTraffic, ...]:
        first = self.logged_groups[:1]
        found = []
        for k, buffer in enumerate(self.plan.kernel.buffers):
            mask = self.buffer == k
            if buffer.space == "local":
                mask &= np.isin(self.group, first)
            found.append(self._counted(k, buffer, mask))
        return tuple(found)

    def _counted(self, k: int, buffer: TracedBuffer, mask: np.ndarray) -> BufferTraffic:
        shape = self.shapes[k]
        size = int(np.prod(shape))
        elements, kinds = self.elements(k, mask)
        inside = elements < size
        outside = len(inside) - int(np.count_nonzero(inside))
        if outside:
            elements, kinds = elements[inside], kinds[inside]
        reads = np.bincount(elements[kinds != KIND_CODES["store"]], minlength=size)
        writes = np.bincount(elements[kinds != KIND_CODES["load"]], minlength=size)
        return BufferTraffic(
            buffer.name,
            buffer.space,
            shape,
            self.element_bytes[k],
            reads.astype(np.int32).reshape(shape),
            writes.astype(np.int32).reshape(shape),
            outside,
        )

    def elements(self, k: int, chosen: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The element indices that the chosen records (a mask or indices) of buffer k touched,
        and their kinds."""
        size = self.element_bytes[k]
        span = max(1, self.access_bytes[k] // size)
        first = _floor_divide(self.offset[chosen], size)
        kinds = self.kind_of[self.access[chosen]]
        if span == 1:  # an access of one element, as most are
            return first, kinds
        return (first[:, None] + np.arange(span)).ravel(), np.repeat(kinds, span)

    def accesses(self) -> tuple[AccessTraffic, ...]:
        lines = self._lines_per_neighbours()
        executed = np.bincount(self.access, minlength=len(self.plan.kernel.accesses))
        found = []
        for index, access in enumerate(self.plan.kernel.accesses):
            buffer = self.plan.kernel.buffers[access.buffer]
            mean, most = lines.get(index, (None, None))
            found.append(
                AccessTraffic(
                    index,
                    buffer.name,
                    buffer.space,
                    access.kind,
                    access.line,
                    access.text,
                    int(executed[index]),
                    mean,
                    most,
                )
            )
        return tuple(found)

    def _lines_per_neighbours(self) -> dict[int, tuple[float, int]]:
        """Per global access: the mean and most distinct lines 16 neighbours touch at once."""
        spaces = np.array([b.space == "global" for b in self.plan.kernel.buffers] or [False])
        mask = spaces[self.buffer]
        if not mask.any():
            return {}
        # Most kernels touch global memory only: all records, as views, not copies.
        chosen: slice | np.ndarray = slice(None) if mask.all() else mask
        access = self.access[chosen]
        nbytes = np.array(self.access_bytes, np.int64)[self.buffer_of]
        offset = self.offset[chosen]
        first = offset >> _LINE_SHIFT
        last = (offset + np.maximum(nbytes, 1)[access] - 1) >> _LINE_SHIFT
        # One access of 16 neighbours: the same access, group, 16 local ids and run.
        columns = [access, self.group[chosen]]
        occurrence = _occurrence(access, self.item[chosen])
        if occurrence is not None:
            columns.append(occurrence)
        columns.append(self.local_id[chosen] >> _NEIGHBOURS_SHIFT)
        straddle = last != first
        if straddle.any():
            columns = [np.concatenate([c, c[straddle]]) for c in columns]
            first = np.concatenate([first, last[straddle]])
        key_access, lines = distinct_per_key(columns, first)
        found: dict[int, tuple[float, int]] = {}
        starts = np.flatnonzero(np.r_[True, key_access[1:] != key_access[:-1]])
        for index, mean, most in zip(
            key_access[starts].tolist(),
            (np.add.reduceat(lines, starts) / np.diff(np.r_[starts, len(lines)])).tolist(),
            np.maximum.reduceat(lines, starts).tolist(),
            strict=True,
        ):
            found[index] = (mean, most)
        return found

    def traces(self) -> tuple[GroupTrace, ...]:
        kept_groups = self.logged_groups[:MAX_TRACES]
        among = np.flatnonzero(np.isin(self.group, kept_groups))
        found: list[GroupTrace] = []
        kept = 0
        for group in kept_groups:
            where = among[self.group[among] == group]
            if found and kept + len(where) > MAX_TRACE_RECORDS:
                break
            kept += len(where)
            coords = tuple(int(c[where[0]]) for c in self.group_coords[: len(self.plan.local_size)])
            parts = [self._traced(k, where) for k in range(len(self.plan.kernel.buffers))]
            found.append(
                GroupTrace(
                    coords,
                    np.concatenate([p[0] for p in parts]).astype(np.int16),
                    np.concatenate([p[1] for p in parts]).astype(np.int32),
                    np.concatenate([p[2] for p in parts]).astype(np.int32),
                    np.concatenate([p[3] for p in parts]).astype(np.int16),
                    np.concatenate([p[4] for p in parts]).astype(np.int8),
                )
            )
        return tuple(found)

    def _traced(self, k: int, where: np.ndarray) -> tuple[np.ndarray, ...]:
        chosen = where[self.buffer[where] == k]
        elements, kinds = self.elements(k, chosen)
        span = len(elements) // max(1, len(chosen))
        return (
            np.full(len(elements), k),
            elements,
            np.repeat(self.local_id[chosen], span),
            np.repeat(self.phase[chosen], span),
            kinds,
        )


def _occurrence(access: np.ndarray, item: np.ndarray) -> np.ndarray | None:
    """Each record's run of its access by its work-item, from 0; None where no work-item
    runs an access twice (most kernels without loops), which a count tells without a sort."""
    items = int(item.max()) + 1
    pairs = (int(access.max()) + 1) * items
    if pairs <= _MOST_PAIRS_COUNTED and np.bincount(access * items + item, minlength=1).max() <= 1:
        return None
    # Sorted by access, then work-item, in log order: a work-item's n-th run is n. (The
    # log comes in runs of one access by consecutive work-items, so a stable sort of
    # this key, not of the work-item's first, finds it mostly in order.)
    runs = access.astype(np.int64) << 32 | item
    order = np.argsort(runs, kind="stable")
    run_start = np.ones(len(order), bool)
    run_start[1:] = np.diff(runs[order]) != 0
    starts = np.maximum.accumulate(np.where(run_start, np.arange(len(order)), 0))
    occurrence = np.empty(len(order), np.int64)
    occurrence[order] = np.arange(len(order)) - starts
    return occurrence


def distinct_per_key(keys: list[np.ndarray], values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each distinct row of `keys` (non-negative integer columns, the first the most
    significant), in order: its first column and how many distinct `values` it has.

    Where the columns' bits fit one int64 they are packed with the value and sorted as one
    key, whose changes mark the rows and the values without unpacking it: a log's records
    come in runs already in order (a group's work-items log together), which NumPy's sort
    of one key exploits and np.lexsort over five keys does not."""
    columns = [*keys, values]
    widths = [max(1, int(c.max()).bit_length()) for c in columns]
    if sum(widths) <= 63:
        key = np.zeros(len(values), np.int64)
        for column, width in zip(columns, widths, strict=True):
            key <<= width
            key |= column
        key.sort(kind="stable")
        row = key >> widths[-1]
        new_row = np.r_[True, row[1:] != row[:-1]]
        new_value = np.r_[True, key[1:] != key[:-1]]
        first = row[new_row] >> sum(widths[1:-1])
    else:
        order = np.lexsort(columns[::-1])
        new_row = np.zeros(len(values), bool)
        new_row[0] = True
        for column in keys:
            ordered = column[order]
            new_row[1:] |= ordered[1:] != ordered[:-1]
        ordered = values[order]
        new_value = new_row.copy()
        new_value[1:] |= ordered[1:] != ordered[:-1]
        first = keys[0][order][new_row]
    return first, np.add.reduceat(new_value.astype(np.int64), np.flatnonzero(new_row))


def _floor_divide(values: np.ndarray, divisor: int) -> np.ndarray:
    """values // divisor, by a shift where the divisor (an element's size) is a power of two."""
    if divisor & (divisor - 1) == 0:
        return values >> (divisor.bit_length() - 1)
    return values // divisor


def _divmod(values: np.ndarray, divisor: int, quotients: int) -> tuple[np.ndarray, np.ndarray]:
    """np.divmod(values, divisor) of ids below `divisor * quotients`, the cheap way where
    there is one: an NDRange's sizes are mostly powers of two, and its last dimensions 1
    (an integer division costs numpy several times a shift)."""
    if quotients == 1:
        return np.zeros_like(values), values
    if divisor == 1:
        return values, np.zeros_like(values)
    if divisor & (divisor - 1) == 0:
        return values >> (divisor.bit_length() - 1), values & (divisor - 1)
    quotient, remainder = np.divmod(values, divisor)
    return quotient, remainder


def _three(size: tuple[int, ...]) -> tuple[int, int, int]:
    padded = (*size, 1, 1)
    return padded[0], padded[1], padded[2]
