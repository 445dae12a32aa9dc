"""A traffic measurement for the Memory tab, a job of its own (ui/jobs.py), stoppable.

The backend (worker.traffic_client) runs each measurement in a worker of its own;
Stop cancels it, and the tab hears a measurement that ended "cancelled" like any other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from clstudio.backend import Progress
from clstudio.common import RunError
from clstudio.session import Session
from clstudio.traffic import TrafficResult
from clstudio.ui.jobs import Job, JobController
from clstudio.ui.tasks import TaskState


class TrafficBackend(Protocol):
    def measure(self, session: Session, progress: Progress | None = None) -> TrafficResult: ...

    def prepare(self) -> None: ...

    def cancel(self) -> None: ...


TrafficController = JobController[TrafficBackend, TrafficResult, None]


@dataclass(frozen=True)
class TrafficJob(Job[TrafficBackend, TrafficResult, None]):
    session: Session

    def run(self, backend: TrafficBackend, state: TaskState[None]) -> TrafficResult:
        return backend.measure(self.session)

    def crashed(self, error: RunError) -> TrafficResult:
        return TrafficResult(False, self.session.kernel, error)
