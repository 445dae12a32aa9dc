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
from clstudio.worker.protocol import DRIVERS_AT_BOOT

Answer = TypeVar("Answer")
Environment = tuple[tuple[str, str], ...]  # variables a worker is started with
# Makes a slot's worker: on this machine by default, on another (clstudio.remote) when given.
NewClient = Callable[[Environment], WorkerClient]


def place_of(new_client: NewClient) -> object:
    """Where `new_client` starts its next worker: a routed factory (the window's
    clstudio.remote.RoutedWorkers) names the machine; a plain one starts them here (None).
    A worker kept or booted ahead serves only requests for its own place."""
    place = getattr(new_client, "place", None)
    return place() if callable(place) else None


def local_client(environment: Environment) -> WorkerClient:
    """A worker process on this machine, started with `environment`."""
    return WorkerClient(environment=environment)


class WorkerSlot:
    """One request at a time in the slot's worker; `cancel` and `close` are safe from any
    thread."""

    def __init__(self, new_client: NewClient = local_client) -> None:
        self.new_client = new_client  # the window routes it to the machine in use
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
    view, of measured counts and of measured traffic build on it.

    With `ready_next` (the window's clients), `prepare` boots the next request's worker
    ahead, and each request boots the one after it: a fresh worker still serves each
    request, but the user's click no longer waits for its spawn and imports.

    A worker that has answered ends on a thread of its own: its exit (the driver's
    teardown, its scratch folder removed) took 0.1-0.2 s of each answer's wait. `close`
    waits for those ends.
    """

    def __init__(self, ready_next: bool = False, new_client: NewClient = local_client) -> None:
        super().__init__(new_client)
        self._ready_next = ready_next
        self._ready: tuple[tuple[Environment, object], WorkerClient] | None = None
        self._ending: list[threading.Event] = []  # set when a worker that answered has ended

    def close(self) -> None:
        super().close()
        with self._lock:
            ready, self._ready = self._ready, None
            ending, self._ending = self._ending, []
        if ready is not None:
            ready[1].close()
        for ended in ending:
            ended.wait()

    def _end(self, worker: WorkerClient) -> None:
        """Close a worker that has answered, without the caller waiting for its exit."""
        ended = threading.Event()

        def end() -> None:
            try:
                worker.close()
            finally:
                ended.set()

        # The daemon flag given, and Events rather than join(): either would otherwise
        # call threading.current_thread(), which on a Qt pool's thread (the window's jobs)
        # registers a dummy thread that stays.
        ending = threading.Thread(target=end, name="one-shot worker ending", daemon=False)
        with self._lock:
            if not self._closed:  # else `close` has gathered the ends it waits for
                self._ending = [e for e in self._ending if not e.is_set()]
                self._ending.append(ended)
                ending.start()
                return
        end()

    def _new_worker(self, environment: Environment) -> WorkerClient:
        """A worker for one request, which loads its drivers as it boots (often ahead of
        the request: see DRIVERS_AT_BOOT)."""
        return self.new_client((*environment, DRIVERS_AT_BOOT))

    def _prepare(self, environment: Environment) -> None:
        """Boot a worker for the next request in the background, unless one waits."""
        with self._lock:
            if self._closed or not self._ready_next or self._ready is not None:
                return
            key = (environment, place_of(self.new_client))
            worker = self._new_worker(environment)
            worker.start()
            self._ready = (key, worker)

    def _serve(self, environment: Environment, ask: Callable[[WorkerClient], Answer]) -> Answer:
        """`ask` of a worker started with `environment`."""
        with self._lock:
            self._refuse_when_closed()
            ready, self._ready = self._ready, None
            if ready is not None and ready[0] == (environment, place_of(self.new_client)):
                worker = ready[1]
            else:
                worker = self._new_worker(environment)
            self._worker = worker
        if ready is not None and ready[1] is not worker:
            ready[1].close()  # booted for switches this request does not use
        try:
            return ask(worker)
        finally:
            with self._lock:
                self._worker = None
            self._end(worker)
            self._prepare(environment)
