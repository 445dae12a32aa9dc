"""What a count gives back across the worker's pipe: plain data only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from clstudio.common import RunError
from clstudio.counts.instruction_counts import OperationCounts

if TYPE_CHECKING:  # the plan's module loads with the first count, not with the results'
    from clstudio.counts.count_plan import Sampling


@dataclass(frozen=True)
class CountResult:
    """A counted run; `counts` is for the whole range (scaled when `sampling` says so)."""

    ok: bool
    kernel: str
    error: RunError | None = None
    counts: OperationCounts | None = None
    sampling: Sampling | None = None
    references_passed: bool | None = None  # None: a sample's partial outputs are not checked
    instructions: tuple[tuple[str, int], ...] = ()  # as Oclgrind printed them, unscaled
    seconds: float = 0.0
