"""A compile for the Compiler tab, a job of its own (ui/jobs.py), so the window goes on meanwhile.

Asked for, never part of a run or build: the backend (worker.compiler_client) starts a
worker of its own for each compile, with PoCL's switches. Stop cancels it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from clstudio.common import RunError
from clstudio.compiler import CompileResult, unfinished_compile
from clstudio.session import Session
from clstudio.ui.jobs import Job, JobController
from clstudio.ui.tasks import TaskState


class CompilerBackend(Protocol):
    def compile(self, session: Session) -> CompileResult: ...

    def prepare(self) -> None: ...

    def cancel(self) -> None: ...


CompilerController = JobController[CompilerBackend, CompileResult, None]


@dataclass(frozen=True)
class CompileJob(Job[CompilerBackend, CompileResult, None]):
    session: Session

    def run(self, backend: CompilerBackend, state: TaskState[None]) -> CompileResult:
        return backend.compile(self.session)

    def crashed(self, error: RunError) -> CompileResult:
        session = self.session
        return unfinished_compile(
            session.kernel,
            session.build_options,
            session.local_size,
            session.source,
            error.stage,
            error.message,
        )
