"""Each traffic measurement in a worker of its own, so that Stop ends it without the runs.

The instrumented build runs on the session's device like a normal run, but it keeps
a 48 MiB log and a program of its own; a worker per measurement drops both after.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from clstudio.backend import Progress
from clstudio.common import RunError
from clstudio.session import Session
from clstudio.worker.worker_slot import OneShotWorkers

if TYPE_CHECKING:  # the traffic's modules load with the first measurement, not at start
    from clstudio.traffic import TrafficResult


class TrafficClient(OneShotWorkers):
    """One measurement at a time; `cancel` and `close` are safe from any thread."""

    def prepare(self) -> None:
        """Boot the next measurement's worker now (see OneShotWorkers)."""
        self._prepare(())

    def measure(self, session: Session, progress: Progress | None = None) -> TrafficResult:
        """A refusal (what the instrumentation cannot follow) comes back as ok=False."""
        from clstudio.traffic import TrafficRefusal, TrafficResult, plan_traffic

        try:
            plan = plan_traffic(session)
        except TrafficRefusal as refusal:
            return TrafficResult(False, session.kernel, RunError("validate", str(refusal)))
        return self._serve((), lambda worker: worker.traffic(plan, progress))
