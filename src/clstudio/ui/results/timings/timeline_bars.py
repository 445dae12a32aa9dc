"""A run's device commands as bars on one time axis, and the rows they go in: what the
Timings tab draws. Qt-free, so the arithmetic is tested on its own."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from clstudio.common import PHASES, Timing


@dataclass(frozen=True)
class TimelineBar:
    """One device command on the run's time axis, in milliseconds from the first start."""

    phase: str
    name: str
    repeat: int
    start_ms: float
    end_ms: float
    launch: int = 1  # the launch of a program of several (1-based)
    iteration: int = 0

    @property
    def row(self) -> str:
        """The timeline row: one per phase and buffer (or kernel)."""
        return f"{self.phase} {self.name}"


def timeline(timings: Sequence[Timing]) -> tuple[TimelineBar, ...]:
    """Every command from start to end, on the clock of the earliest start."""
    if not timings:
        return ()
    origin = min(t.start for t in timings)
    return tuple(
        TimelineBar(
            t.phase,
            t.name,
            t.repeat,
            (t.start - origin) * 1e-6,
            (t.end - origin) * 1e-6,
            t.launch,
            t.iteration,
        )
        for t in sorted(timings, key=lambda t: t.start)
    )


def timeline_rows(bars: Sequence[TimelineBar]) -> tuple[str, ...]:
    """Row names in the order of PHASES, and within a phase in order of first appearance."""
    rows: dict[str, int] = {}
    for bar in bars:
        rows.setdefault(bar.row, PHASES.index(bar.phase) if bar.phase in PHASES else len(PHASES))
    return tuple(sorted(rows, key=lambda row: rows[row]))


def bar_kernels(bars: Sequence[TimelineBar]) -> tuple[str, ...]:
    """The kernels the bars launch, in order of first appearance: one colour each."""
    return tuple(dict.fromkeys(bar.name for bar in bars if bar.phase == "kernel"))
