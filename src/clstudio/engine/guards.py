"""Guard bands: known bytes around every buffer, to catch writes out of bounds.

A buffer is a sub-buffer inside a larger allocation. The bytes before its start
(where the device's base-address alignment allows an offset) and after its end
hold a pattern; a kernel that writes past either edge changes the pattern, and
the change is counted in elements of the buffer's type. On PoCL a 4 KiB tail
caught a 4-element overrun that otherwise aborted the process at exit.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from clstudio.common import GuardReport, ngettext

GUARD_BYTES = 4096
PATTERN = np.frombuffer(b"\xa5\x5a\xc3\x3c", dtype=np.uint8)


@dataclass(frozen=True)
class GuardLayout:
    """Where the buffer sits in its allocation, in bytes."""

    before: int
    size: int
    after: int

    @property
    def total(self) -> int:
        return self.before + self.size + self.after


def layout_for(size: int, base_align_bytes: int) -> GuardLayout:
    """A 4 KiB tail always; a head too when a sub-buffer offset can be aligned."""
    before = 0
    if 0 < base_align_bytes <= GUARD_BYTES and GUARD_BYTES % base_align_bytes == 0:
        before = GUARD_BYTES
    return GuardLayout(before, size, GUARD_BYTES)


@functools.lru_cache(maxsize=64)
def pattern_bytes(count: int, offset: int = 0) -> np.ndarray:
    """The guard pattern's bytes from `offset` to `offset + count` of an allocation.

    Read-only and cached: every run asks for the same few bands.
    """
    phase = offset % len(PATTERN)
    repeats = -(-(phase + count) // len(PATTERN))
    band = np.tile(PATTERN, repeats)[phase : phase + count]
    band.flags.writeable = False
    return band


def check(
    name: str, layout: GuardLayout, head: np.ndarray, tail: np.ndarray, itemsize: int
) -> GuardReport:
    """Compare the guard bytes read back from the device with the pattern.

    Indices are in elements of the buffer: -1 is the element just before its
    start, and the buffer's length is the element just past its end.
    """
    head_pattern = pattern_bytes(layout.before)
    tail_pattern = pattern_bytes(layout.after, layout.before + layout.size)
    if np.array_equal(head, head_pattern) and np.array_equal(tail, tail_pattern):
        return GuardReport(name, ok=True)  # the usual case, without looking for where
    elements = layout.size // itemsize
    head_hits = (np.flatnonzero(head != head_pattern) - layout.before) // itemsize
    tail_hits = np.flatnonzero(tail != tail_pattern) // itemsize + elements
    before, after = len(np.unique(head_hits)), len(np.unique(tail_hits))
    if not before and not after:
        return GuardReport(name, ok=True)
    parts = []
    if before:
        wrote = ngettext(
            "kernel wrote before the start of '{name}': {count} element, first at index {first}",
            "kernel wrote before the start of '{name}': {count} elements, first at index {first}",
            before,
        )
        parts.append(wrote.format(name=name, count=before, first=int(head_hits[0])))
    if after:
        wrote = ngettext(
            "kernel wrote past the end of '{name}': {count} element, first at index {first}",
            "kernel wrote past the end of '{name}': {count} elements, first at index {first}",
            after,
        )
        parts.append(wrote.format(name=name, count=after, first=int(tail_hits[0])))
    first = int(head_hits[0]) if before else int(tail_hits[0])
    return GuardReport(name, False, before, after, first, "; ".join(parts))
