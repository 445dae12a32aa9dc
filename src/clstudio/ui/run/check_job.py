"""A check on Oclgrind, a job of Run > Check (ui/jobs.py) on a thread of its own, so the
window, builds and runs go on meanwhile.

The backend starts a worker with Oclgrind's switches (worker.check_client); Stop
asks it to cancel, which kills that worker inside the simulated kernel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from clstudio.backend import Progress
from clstudio.checkmode import CheckResult
from clstudio.common import RunError
from clstudio.session import Session
from clstudio.ui.jobs import Job, JobController
from clstudio.ui.tasks import TaskState


class CheckBackend(Protocol):
    def check(self, session: Session, progress: Progress | None = None) -> CheckResult: ...

    def cancel(self) -> None: ...


CheckProgress = tuple[int, int]  # launches done, launches in all (0 of 1: built)
CheckController = JobController[CheckBackend, CheckResult, CheckProgress]


@dataclass(frozen=True)
class CheckJob(Job[CheckBackend, CheckResult, CheckProgress]):
    session: Session

    def run(self, backend: CheckBackend, state: TaskState[CheckProgress]) -> CheckResult:
        return backend.check(self.session, lambda done, total: state.progress((done, total)))

    def crashed(self, error: RunError) -> CheckResult:
        return CheckResult(ok=False, kernel=self.session.kernel, error=error)
