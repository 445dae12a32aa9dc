"""Compiles for the Compiler tab off the GUI thread, so the window goes on meanwhile.

Asked for, never part of a run or build: the backend (worker.compiler_client) starts a
worker of its own for each compile, with PoCL's switches. Stop cancels it.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, Signal

from clstudio.compiler import CompileResult, unfinished_compile
from clstudio.session import Session
from clstudio.ui.run.run_controller import crash_error
from clstudio.ui.tasks import Lane, Rule, TaskRunner


class CompilerBackend(Protocol):
    def compile(self, session: Session) -> CompileResult: ...

    def cancel(self) -> None: ...


class CompilerController(QObject):
    """One compile at a time; the result goes to whoever shows it (the CompilerPanel)."""

    compileStarted = Signal(object)  # the Session being compiled
    compileFinished = Signal(object)  # CompileResult

    def __init__(self, backend: CompilerBackend, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._backend = backend
        self._session: Session | None = None
        self._job: TaskRunner[CompileResult, None] = TaskRunner(
            self,
            Lane.COMPILES,
            Rule.ONE_AT_A_TIME,
            self.compileFinished.emit,
            self._on_job_failed,
            cancel=backend.cancel,
        )

    def is_running(self) -> bool:
        return self._job.is_busy()

    def compile(self, session: Session) -> bool:
        """Start compiling `session`; False when a compile is still under way."""
        backend = self._backend
        if self._job.submit(lambda _state: backend.compile(session)) is None:
            return False
        self._session = session
        self.compileStarted.emit(session)
        return True

    def stop(self) -> None:
        self._job.stop()

    def wait(self, msecs: int = 30_000) -> bool:
        return self._job.wait(msecs)

    def _on_job_failed(self, traceback_text: str) -> None:
        session = self._session
        error = crash_error(traceback_text)
        if session is None:
            result = unfinished_compile("", "", None, "", error.stage, error.message)
        else:
            result = unfinished_compile(
                session.kernel,
                session.build_options,
                session.local_size,
                session.source,
                error.stage,
                error.message,
            )
        self.compileFinished.emit(result)
