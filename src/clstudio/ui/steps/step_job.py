"""Step mode's job on the runs' backend (ui/jobs.py): the next step, or the rest.

The backend keeps the steps done so far between requests (see Backend.step). Stop is
safe at any time, as for a run: it cancels between steps or, inside one, kills and
restarts the worker, which makes that step a failed one.
"""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.backend import Backend
from clstudio.common import RunError, StepOutcome
from clstudio.session import Session
from clstudio.ui.jobs import Job, JobController
from clstudio.ui.tasks import TaskState

Steps = tuple[StepOutcome, ...]
# Each step's outcome is its progress, heard as the step ends; the answer is the lot.
StepController = JobController[Backend, Steps, StepOutcome]


@dataclass(frozen=True)
class StepJob(Job[Backend, Steps, StepOutcome]):
    """`count` steps of `session` from step `first` (1 starts afresh)."""

    session: Session
    first: int
    count: int

    def run(self, backend: Backend, state: TaskState[StepOutcome]) -> Steps:
        return backend.step(self.session, self.first, self.count, state.progress)

    def crashed(self, error: RunError) -> Steps:
        return (StepOutcome(self.first, False, error=error),)
