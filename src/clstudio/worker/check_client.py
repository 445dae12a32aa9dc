"""Checks in a worker of their own, started with Oclgrind's switches in its environment.

Oclgrind reads its switches when the worker creates its context, so a worker
serves only checks with the same switches (quick mode or not). It also counts
its errors for the life of the process and goes quiet past OCLGRIND_MAX_ERRORS,
so a worker is retired once its checks have seen half that many reports.
"""

from __future__ import annotations

from dataclasses import replace

from clstudio.backend import Progress
from clstudio.checkmode import (
    MAX_ERRORS,
    CheckResult,
    opencl_2_feature,
    opencl_2_message,
    plan_check,
)
from clstudio.common import RunError
from clstudio.session import UNINITIALISED, BufferArg, ImageArg, Session
from clstudio.worker.worker_slot import NewClient, WorkerSlot, local_client, place_of

_RESTARTED = ("timeout", "crash", "cancelled")  # the client already began a fresh worker


class CheckClient(WorkerSlot):
    """One check at a time; `cancel` and `close` are safe from any thread."""

    def __init__(self, new_client: NewClient = local_client) -> None:
        super().__init__(new_client)
        self._environment: tuple[tuple[str, str], ...] = ()
        self._place: object = None  # where the kept worker runs (worker_slot.place_of)
        self._reports = 0  # seen by the current worker's Oclgrind

    def check(self, session: Session, progress: Progress | None = None) -> CheckResult:
        plan = plan_check(session)
        with self._lock:
            self._refuse_when_closed()
            place = place_of(self.new_client)
            if self._worker is not None and (
                self._environment != plan.environment
                or self._place != place
                or _has_no_host_data(session)
            ):
                self._retire()
            if self._worker is None:
                self._worker = self.new_client(plan.environment)
                self._environment = plan.environment
                self._place = place
            worker = self._worker
        result = worker.check(plan, progress)
        with self._lock:
            restarted = result.error is not None and result.error.stage in _RESTARTED
            self._reports = 0 if restarted else self._reports + result.reports
            if result.suppressed or self._reports >= MAX_ERRORS // 2:
                self._retire()
        feature = opencl_2_feature(session.source)
        if result.error is not None and result.error.stage == "crash" and feature:
            # With -cl-std=CL2.0 the simulator dies creating such a kernel.
            result = replace(result, error=RunError("build", opencl_2_message(feature)))
        return result

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._retire()

    def _retire(self) -> None:
        if self._worker is not None:
            self._worker.close()
        self._worker = None
        self._reports = 0


def _has_no_host_data(session: Session) -> bool:
    """A buffer with no host data needs a simulator of its own: Oclgrind counts the memory
    an earlier check's buffers left behind as written, and would miss its reads."""
    return any(
        isinstance(spec, BufferArg | ImageArg) and spec.init.kind == UNINITIALISED
        for spec in session.args.values()
    )
