"""A client's own worker, started with the environment its requests need.

Some drivers read their switches once, when they load (PoCL's cache and remarks,
Oclgrind's checking and counting), so a client that sets them needs a worker of its
own: a fresh one for each request (OneShotWorkers: compiles, counts), or one kept while
the switches stay the same (CheckClient). Normal runs never pay for this: they use their
own warm worker.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from clstudio.worker.client import WorkerClient

Answer = TypeVar("Answer")


class WorkerSlot:
    """One request at a time in the slot's worker; `cancel` and `close` are safe from any
    thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._worker: WorkerClient | None = None
        self._closed = False

    def close(self) -> None:
        with self._lock:
            self._closed = True
            if self._worker is not None:
                self._worker.close()

    def _refuse_when_closed(self) -> None:
        """Called under the lock before a request takes the worker."""
        if self._closed:
            raise RuntimeError(f"this {type(self).__name__} is closed")

    def cancel(self) -> None:
        with self._lock:
            if self._worker is not None:
                self._worker.cancel()


class OneShotWorkers(WorkerSlot):
    """Each request in a fresh worker, closed once it answers. The clients of the compiler
    view, of measured counts and of measured traffic build on it."""

    def _serve(
        self, environment: tuple[tuple[str, str], ...], ask: Callable[[WorkerClient], Answer]
    ) -> Answer:
        """`ask` of a worker started with `environment`."""
        with self._lock:
            self._refuse_when_closed()
            worker = self._worker = WorkerClient(environment=environment)
        try:
            return ask(worker)
        finally:
            with self._lock:
                self._worker = None
            worker.close()
