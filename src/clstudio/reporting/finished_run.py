"""A run's result together with the session that ran, so that nothing describes it by the
session as it was edited since (ndv's DataResponse carries its request the same way).

RunResult lives in common/, below session/, and cannot name Session: the pair lives
here, in the first layer that knows both, beside the figures computed from both.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from clstudio.common import RunResult
from clstudio.reporting.launch_figures import program_times_ns
from clstudio.reporting.run_stats import BufferTraffic, KernelStats, buffer_traffic, kernel_stats
from clstudio.session import Session


@dataclass(frozen=True)
class FinishedRun:
    """What one run answered, and the session it was asked to run."""

    session: Session
    result: RunResult

    @property
    def kernel(self) -> str:
        return self.result.kernel or self.session.kernel

    @property
    def global_size(self) -> tuple[int, ...]:
        """The size it launched with; the session's when it stopped before the launch."""
        return self.result.global_size or self.session.global_size

    @property
    def local_size(self) -> tuple[int, ...] | None:
        return self.result.local_size or self.session.local_size

    @property
    def work_items(self) -> int:
        return math.prod(self.global_size)

    def stats(self) -> KernelStats | None:
        """The program's time in each repeat, the sum of its launches' as `clstudio run`
        reports it, over the repeats; None when no launch was timed."""
        return kernel_stats(program_times_ns(self.result))

    def traffic(self) -> BufferTraffic:
        """The bytes one launch moves, from the buffers this run had."""
        build = self.result.build
        signature = build.kernel(self.kernel) if build is not None else None
        return buffer_traffic(self.session, signature)
