"""A run of the session on the runs' backend, a job of the Run button (ui/jobs.py).

The backend is the isolated worker process in the app and an in-process engine
in tests. Stop is safe at any time: it asks the backend to cancel, which stops
between repeats or, inside a kernel, kills and restarts the worker.
"""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.backend import Backend
from clstudio.common import RunError, RunResult
from clstudio.session import Session
from clstudio.ui.jobs import Job, JobController
from clstudio.ui.tasks import TaskState

RunProgress = tuple[int, int]  # repeats done, repeats in all
RunController = JobController[Backend, RunResult, RunProgress]


@dataclass(frozen=True)
class RunJob(Job[Backend, RunResult, RunProgress]):
    session: Session

    def run(self, backend: Backend, state: TaskState[RunProgress]) -> RunResult:
        session = self.session

        def progress(done: int, total: int) -> None:
            state.progress((done, total))

        # The Outputs tab shows each launch's buffers, where a program has several.
        return backend.run(session, progress, snapshots=True)

    def crashed(self, error: RunError) -> RunResult:
        return RunResult(ok=False, error=error)
