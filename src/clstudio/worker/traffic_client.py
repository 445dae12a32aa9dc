"""Each traffic measurement in a worker of its own, so that Stop ends it without the runs.

The instrumented build runs on the session's device like a normal run, but it keeps
a 48 MiB log and a program of its own; a worker per measurement drops both after.
"""

from __future__ import annotations

import threading

from clstudio.common import RunError
from clstudio.session import Session
from clstudio.traffic import TrafficRefusal, TrafficResult, plan_traffic
from clstudio.worker.client import ProgressFn, WorkerClient


class TrafficClient:
    """One measurement at a time; `cancel` and `close` are safe from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._worker: WorkerClient | None = None
        self._closed = False

    def measure(self, session: Session, progress: ProgressFn | None = None) -> TrafficResult:
        """A refusal (what the instrumentation cannot follow) comes back as ok=False."""
        try:
            plan = plan_traffic(session)
        except TrafficRefusal as refusal:
            return TrafficResult(False, session.kernel, RunError("validate", str(refusal)))
        with self._lock:
            if self._closed:
                raise RuntimeError("this TrafficClient is closed")
            worker = self._worker = WorkerClient()
        try:
            return worker.traffic(plan, progress)
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
