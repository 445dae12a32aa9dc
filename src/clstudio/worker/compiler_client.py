"""Each compile for the compiler view in a worker of its own, with PoCL's switches set.

PoCL reads POCL_CACHE_DIR and its switches once, when the driver loads, and keeps
compiled kernels in memory, so only a fresh worker with an empty cache prints the
remarks of this build and leaves the files of this build. The worker and its cache
(inside its scratch folder) go when the compile ends. Normal runs and builds never
pay for any of this: they use their own warm worker.
"""

from __future__ import annotations

import threading

from clstudio.compiler import CompileResult
from clstudio.session import Session
from clstudio.worker.client import WorkerClient
from clstudio.worker.native_output import COMPILER_ENVIRONMENT


class CompilerClient:
    """One compile at a time; `cancel` and `close` are safe from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._worker: WorkerClient | None = None
        self._closed = False

    def compile(self, session: Session) -> CompileResult:
        with self._lock:
            if self._closed:
                raise RuntimeError("this CompilerClient is closed")
            worker = self._worker = WorkerClient(environment=COMPILER_ENVIRONMENT)
        try:
            return worker.compile(session)
        finally:
            with self._lock:
                self._worker = None
            worker.close()

    def cancel(self) -> None:
        with self._lock:
            if self._worker is not None:
                self._worker.cancel()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            if self._worker is not None:
                self._worker.close()
