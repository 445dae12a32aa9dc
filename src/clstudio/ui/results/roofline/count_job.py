"""Measure operations: a count on Oclgrind for the Roofline tab, a job of its own
(ui/jobs.py), stoppable, asked for by the panel and answered to it.

The backend (worker.count_client) runs each count in a worker of its own on Oclgrind;
Stop cancels it, and the tab hears a count that ended "cancelled" like any other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from clstudio.backend import Progress
from clstudio.common import RunError
from clstudio.counts import CountResult
from clstudio.session import Session
from clstudio.ui.jobs import Job, JobController
from clstudio.ui.results.roofline.roofline_panel import RooflinePanel
from clstudio.ui.tasks import TaskState


class CountBackend(Protocol):
    def count(self, session: Session, progress: Progress | None = None) -> CountResult: ...

    def cancel(self) -> None: ...


CountController = JobController[CountBackend, CountResult, None]


@dataclass(frozen=True)
class CountJob(Job[CountBackend, CountResult, None]):
    session: Session

    def run(self, backend: CountBackend, state: TaskState[None]) -> CountResult:
        return backend.count(self.session)

    def crashed(self, error: RunError) -> CountResult:
        return CountResult(False, self.session.kernel, error)


def connect_counts(panel: RooflinePanel, jobs: CountController) -> None:
    """The panel's Measure operations and Stop go to `jobs`; what they count comes back."""
    panel.measureOperationsRequested.connect(lambda session: jobs.submit(CountJob(session)))
    panel.stopMeasuringRequested.connect(jobs.stop)
    jobs.started.connect(lambda _job: panel.set_measuring(True))
    jobs.finished.connect(lambda job, result: panel.show_counts(job.session, result))
