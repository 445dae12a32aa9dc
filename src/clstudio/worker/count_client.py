"""Each count in a worker of its own, started with Oclgrind's counting switches.

Oclgrind reads its switches when the worker creates its context, and quick mode
(a sample of work-groups) is one of them, so a worker serves one count and goes.
Normal runs never pay for the simulator: they use their own warm worker.
"""

from __future__ import annotations

import threading

from clstudio.counts import CountResult, plan_count
from clstudio.session import Session
from clstudio.worker.client import ProgressFn, WorkerClient


class CountClient:
    """One count at a time; `cancel` and `close` are safe from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._worker: WorkerClient | None = None
        self._closed = False

    def count(self, session: Session, progress: ProgressFn | None = None) -> CountResult:
        plan = plan_count(session)
        with self._lock:
            if self._closed:
                raise RuntimeError("this CountClient is closed")
            worker = self._worker = WorkerClient(environment=plan.environment)
        try:
            return worker.count(plan, progress)
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
