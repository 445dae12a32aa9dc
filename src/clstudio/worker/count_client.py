"""Each count in a worker of its own, started with Oclgrind's counting switches.

Oclgrind reads its switches when the worker creates its context, and quick mode
(a sample of work-groups) is one of them, so a worker serves one count and goes.
Normal runs never pay for the simulator: they use their own warm worker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from clstudio.backend import Progress
from clstudio.session import Session
from clstudio.worker.worker_slot import OneShotWorkers

if TYPE_CHECKING:  # the counts' modules load with the first count, not at start
    from clstudio.counts import CountResult


class CountClient(OneShotWorkers):
    """One count at a time; `cancel` and `close` are safe from any thread."""

    def count(self, session: Session, progress: Progress | None = None) -> CountResult:
        from clstudio.counts import plan_count

        plan = plan_count(session)
        return self._serve(plan.environment, lambda worker: worker.count(plan, progress))
