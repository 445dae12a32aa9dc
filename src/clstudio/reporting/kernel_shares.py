"""What each kernel of a program cost: its launches' statistics and its share of the total.

A program may launch one kernel many times (a stencil) or several kernels once each (a
scan); the Timings tab tells, per kernel, how its launches varied and how much of the
device time it took, so that a learner sees which kernel to make faster first.
"""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.common import RunResult
from clstudio.reporting.run_stats import KernelStats, kernel_stats


@dataclass(frozen=True)
class KernelShare:
    """One kernel over every launch, iteration and repeat of a run."""

    kernel: str
    launches: int  # times it was enqueued
    stats: KernelStats  # over those launches
    total_ns: int
    share: float  # of the device time of every kernel launched, 0 to 1


def kernel_shares(result: RunResult) -> list[KernelShare]:
    """One share per kernel that ran, in order of its first launch."""
    times: dict[str, list[int]] = {}
    for timing in sorted(result.timings, key=lambda t: (t.repeat, t.start)):
        if timing.phase == "kernel":
            times.setdefault(timing.name, []).append(timing.duration_ns)
    everything = sum(sum(ns) for ns in times.values())
    shares = []
    for kernel, ns in times.items():
        stats = kernel_stats(ns)
        assert stats is not None
        share = sum(ns) / everything if everything else 0.0
        shares.append(KernelShare(kernel, len(ns), stats, sum(ns), share))
    return shares
