"""Each compile for the compiler view in a worker of its own, with PoCL's switches set.

PoCL reads POCL_CACHE_DIR and its switches once, when the driver loads, and keeps
compiled kernels in memory, so only a fresh worker with an empty cache prints the
remarks of this build and leaves the files of this build. The worker and its cache
(inside its scratch folder) go when the compile ends. Normal runs and builds never
pay for any of this: they use their own warm worker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from clstudio.session import Session
from clstudio.worker.native_output import COMPILER_ENVIRONMENT
from clstudio.worker.worker_slot import OneShotWorkers

if TYPE_CHECKING:  # the compiler's modules load with the first compile (WorkerClient.compile)
    from clstudio.compiler import CompileResult


class CompilerClient(OneShotWorkers):
    """One compile at a time; `cancel` and `close` are safe from any thread."""

    def prepare(self) -> None:
        """Boot the next compile's worker now (see OneShotWorkers)."""
        self._prepare(COMPILER_ENVIRONMENT)

    def compile(self, session: Session) -> CompileResult:
        return self._serve(COMPILER_ENVIRONMENT, lambda worker: worker.compile(session))
