"""A local-size sweep: the session run once per local size, each a run of its own in the worker.

PoCL compiles a kernel again for each new local size, and that first launch
costs tens of milliseconds of wall time; the first repeat of each size is a
warm-up and is not timed. A size that fails (the driver refuses it, or it
crashes the worker) is marked failed and the sweep goes on. So is a size whose
outputs miss the session's references: a fast wrong answer is no answer
(matmul_tiled at 2 x 8 runs, quickly, and computes garbage).

One kernel is swept, by name (the first launch's when none is named): every launch
of it takes each size, and its time is the sum of its launches' times in a repeat
(measurements.program_kernels).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from clstudio.backend import Backend
from clstudio.common import ReferenceReport, gettext
from clstudio.devices import DeviceLimits
from clstudio.measurements.in_turn import InTurn
from clstudio.measurements.program_kernels import (
    chosen_kernel,
    kernel_global_size,
    kernel_times_per_repeat,
    with_kernel_local_size,
)
from clstudio.session import Session
from clstudio.validation import local_size_candidates, non_uniform_allowed

TIMED_REPEATS = 3


def sweep_sizes(session: Session, kernel: str, limits: DeviceLimits) -> list[tuple[int, ...]]:
    """The local sizes a sweep of `kernel` tries when none are given: every one the
    device allows for the kernel's first launch, thinned to a few."""
    return local_size_candidates(
        kernel_global_size(session, kernel),
        limits.max_work_group_size,
        limits.max_work_item_sizes,
        non_uniform_allowed(limits, session.build_options),
    )


SweepProgress = Callable[[int, int, tuple[int, ...] | None], None]  # done, total, next size


@dataclass(frozen=True)
class SweepPoint:
    """One local size: its median kernel time, and why it failed if it did.

    A size that ran but gave wrong outputs keeps its time and has an error.
    """

    local_size: tuple[int, ...]
    median_s: float | None
    error: str = ""

    @property
    def ok(self) -> bool:
        return self.median_s is not None and not self.error

    @property
    def group_items(self) -> int:
        return math.prod(self.local_size)

    @property
    def label(self) -> str:
        return " × ".join(map(str, self.local_size))


@dataclass(frozen=True)
class SweepResult:
    kernel: str
    global_size: tuple[int, ...]
    points: tuple[SweepPoint, ...]
    stopped: str = ""

    @property
    def best(self) -> SweepPoint | None:
        good = [p for p in self.points if p.ok]
        return min(good, key=lambda p: p.median_s or 0.0, default=None)


def sweep_local_sizes(
    backend: Backend,
    session: Session,
    sizes: Sequence[tuple[int, ...]],
    progress: SweepProgress | None = None,
    cancelled: Callable[[], bool] = lambda: False,
    timed_repeats: int = TIMED_REPEATS,
    kernel: str | None = None,
    measured: Callable[[SweepResult], None] | None = None,
) -> SweepResult:
    """Run `session` at each local size in `sizes`; the result keeps their order.

    `kernel` names the kernel of a program to sweep (raises KernelChoiceError when the
    program launches none of that name); None sweeps the first. `measured` hears the
    sweep so far after each size, so that its plot can grow.
    """
    swept = chosen_kernel(session, kernel)
    global_size = kernel_global_size(session, swept)
    points: list[SweepPoint] = []
    sizes_in_turn = InTurn(sizes, progress, cancelled, _stopped_after)
    for size in sizes_in_turn:
        trial = with_kernel_local_size(session, swept, tuple(size))
        result = backend.run(replace(trial, repeats=timed_repeats + 1))
        if result.error is not None and result.error.stage == "cancelled":
            sizes_in_turn.stop()
            break
        times = kernel_times_per_repeat(result, swept)[1:]  # the first repeat is the warm-up
        if result.error is not None or not times:
            message = (
                result.error.message if result.error is not None else gettext("no kernel time")
            )
            points.append(SweepPoint(tuple(size), None, message))
        else:
            median = statistics.median(times) * 1e-9
            points.append(SweepPoint(tuple(size), median, _wrong_outputs(result.references)))
        if measured is not None:
            measured(SweepResult(swept, global_size, tuple(points)))
    return SweepResult(swept, global_size, tuple(points), sizes_in_turn.stopped)


def _wrong_outputs(references: Mapping[str, ReferenceReport]) -> str:
    """Why the outputs are wrong, in a line, or "" when every reference passed."""
    wrong = [r for r in references.values() if not r.ok]
    if not wrong:
        return ""
    return gettext("wrong results: {name}: {message}").format(
        name=wrong[0].name, message=wrong[0].message
    )


def _stopped_after(done: int, total: int) -> str:
    return gettext("stopped by the user after {done} of {total} sizes").format(
        done=done, total=total
    )
