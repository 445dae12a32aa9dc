"""A finished run's host steps gathered into the lesson's eleven, and its later launches.

The Runtime steps panel shows a run this way, so that a learner sees where the time of
a first run goes (the build, the first launch) beside what each later launch costs.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from clstudio.common import RunResult, gettext
from clstudio.hostcode import lesson_step_of


@dataclass(frozen=True)
class LessonStepTime:
    """The calls of one lesson step in a run: their time on the host and their details."""

    number: int
    seconds: float
    calls: int
    detail: str  # the run's own words for each call, joined


@dataclass(frozen=True)
class LaterLaunches:
    """The launches after the first: how many, and the median kernel time of one."""

    count: int
    median_seconds: float


def lesson_times(result: RunResult) -> dict[int, LessonStepTime]:
    """The lesson steps the run reached, keyed by number (1 to 11), in the lesson's order."""
    # Translators: joins the details of one lesson step's calls in the Runtime steps tab.
    joined = gettext("; ")
    gathered: dict[int, list[tuple[float, str]]] = {}
    for step in result.steps:
        number = lesson_step_of(step.api)
        if number is not None:
            gathered.setdefault(number, []).append((step.seconds, step.detail))
    return {
        number: LessonStepTime(
            number,
            sum(seconds for seconds, _ in calls),
            len(calls),
            joined.join(dict.fromkeys(detail for _, detail in calls if detail)),
        )
        for number, calls in sorted(gathered.items())
    }


def later_launches(result: RunResult) -> LaterLaunches | None:
    """The repeats after the first, from the device's timings; None for a single launch."""
    later = [t.duration_ns for t in result.timings if t.phase == "kernel" and t.repeat > 0]
    if not later:
        return None
    return LaterLaunches(len(later), statistics.median(later) / 1e9)
