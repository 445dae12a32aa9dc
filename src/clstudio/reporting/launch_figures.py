"""Per-launch figures of a program of several launches: what each launch cost.

Plain arithmetic on a RunResult's kernel timings, shared by `clstudio run`'s text and
its --json, so that both tell one story.
"""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.common import RunResult
from clstudio.reporting.run_stats import KernelStats, kernel_stats


@dataclass(frozen=True)
class LaunchFigure:
    """One written launch over every iteration and repeat of a run."""

    position: int  # 1-based among the written launches
    kernel: str
    stats: KernelStats  # over each time it was enqueued
    total_ns: int  # the sum over every iteration of every repeat


def launch_figures(result: RunResult) -> list[LaunchFigure]:
    """One figure per written launch that ran, in launch order."""
    by_launch: dict[int, list[int]] = {}
    kernels: dict[int, str] = {}
    for timing in result.timings:
        if timing.phase == "kernel":
            by_launch.setdefault(timing.launch, []).append(timing.duration_ns)
            kernels[timing.launch] = timing.name
    figures = []
    for position in sorted(by_launch):
        stats = kernel_stats(by_launch[position])
        assert stats is not None
        figures.append(LaunchFigure(position, kernels[position], stats, sum(by_launch[position])))
    return figures


def program_times_ns(result: RunResult) -> list[int]:
    """The device time of the whole program in each repeat: its launches' sum."""
    per_repeat: dict[int, int] = {}
    for timing in result.timings:
        if timing.phase == "kernel":
            per_repeat[timing.repeat] = per_repeat.get(timing.repeat, 0) + timing.duration_ns
    return [per_repeat[r] for r in sorted(per_repeat)]
