"""Compiles for the Compiler tab on a background thread, so the window goes on meanwhile.

Asked for, never part of a run or build: the backend (worker.compiler_client) starts a
worker of its own for each compile, with PoCL's switches. Stop cancels it.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, Signal

from clstudio.compiler import CompileResult, unfinished_compile
from clstudio.session import Session
from clstudio.ui.run.stoppable_job import StoppableJob, crash_error


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
        self._job: StoppableJob[CompileResult] = StoppableJob(
            backend.cancel, self.compileFinished.emit, self._crashed, self._on_job_progress, self
        )

    def is_running(self) -> bool:
        return self._job.is_running()

    def compile(self, session: Session) -> bool:
        """Start compiling `session`; False when a compile is still under way."""
        if self.is_running():
            return False
        self._session = session
        self._job.start(lambda progress: self._backend.compile(session))
        self.compileStarted.emit(session)
        return True

    def stop(self) -> None:
        self._job.stop()

    def wait(self, msecs: int = 30_000) -> bool:
        return self._job.wait(msecs)

    def _on_job_progress(self, done: int, total: int) -> None:
        """A compile launches once and reports no progress."""

    def _crashed(self, traceback_text: str) -> CompileResult:
        session = self._session
        error = crash_error(traceback_text)
        if session is None:
            return unfinished_compile("", "", None, "", error.stage, error.message)
        local = tuple(session.local_size) if session.local_size else None
        return unfinished_compile(
            session.kernel, session.build_options, local, session.source, error.stage, error.message
        )
