"""A worker of its own for each request, started with the environment that request needs.

Some drivers read their switches once, when they load (PoCL's cache and remarks,
Oclgrind's counting), so a worker with those switches serves one request and goes.
Normal runs never pay for this: they use their own warm worker.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from clstudio.worker.client import WorkerClient

Answer = TypeVar("Answer")


class OneShotWorkers:
    """One request at a time, each in a fresh worker; `cancel` and `close` are safe from
    any thread. The clients of the compiler view and of measured counts build on it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._worker: WorkerClient | None = None
        self._closed = False

    def _serve(
        self, environment: tuple[tuple[str, str], ...], ask: Callable[[WorkerClient], Answer]
    ) -> Answer:
        """`ask` of a worker started with `environment`, which is closed once it answers."""
        with self._lock:
            if self._closed:
                raise RuntimeError(f"this {type(self).__name__} is closed")
            worker = self._worker = WorkerClient(environment=environment)
        try:
            return ask(worker)
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
