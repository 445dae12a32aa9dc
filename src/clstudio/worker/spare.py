"""A warm spare worker: booted in the background, holding a context and the last program.

A crash, a timeout or Stop ends the worker's life; the next run used to wait for a
new one's spawn, imports, context and build (about a second here). The spare has
done all of it meanwhile, so that run costs about one warm run. It starts only
after the app's first run, so that it never competes with the window's first paint.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from clstudio.common import RunResult
from clstudio.session import Session
from clstudio.worker.life import WorkerDied, WorkerLife
from clstudio.worker.protocol import WarmRequest


class SpareWorker:
    """At most one spare, and the warm-up the next one is sent. Called under the client's locks."""

    def __init__(self) -> None:
        self._spare: WorkerLife | None = None
        self._warm: WarmRequest | None = None

    @property
    def pid(self) -> int | None:
        spare = self._spare
        return spare.pid if spare else None

    @property
    def waiting(self) -> bool:
        return self._spare is not None

    def remember(self, session: Session, result: RunResult | None) -> None:
        """The device of `session`, and its program when it built: a program that did not
        build may be what crashed the compiler, and would crash the spare too."""
        if result is not None and result.build is not None and result.build.ok:
            self._warm = WarmRequest(0, session.device, session.source, session.build_options)
        elif self._warm is None:
            self._warm = WarmRequest(0, session.device)

    def after_run(
        self,
        session: Session,
        result: RunResult | None,
        new_worker: Callable[[], WorkerLife],
        request_id: int,
    ) -> None:
        """Remember the run's program; after a run that gave a result, start a spare if
        none waits. Not after a fault: booting beside the run that recovers, on two
        shared cores, the spare made that run the slowest of all."""
        self.remember(session, result)
        if result is not None:
            self.start(new_worker, request_id)

    def take(self) -> WorkerLife | None:
        """The spare, if it is alive, for the caller to use; it is no longer the spare."""
        spare, self._spare = self._spare, None
        if spare is not None and not spare.alive():
            spare.close()
            return None
        return spare

    def start(self, new_worker: Callable[[], WorkerLife], request_id: int) -> None:
        """A new spare, booting in the background; its warm-up waits in its pipe."""
        if self._warm is None or self._spare is not None:
            return
        spare = new_worker()
        try:
            spare.send(replace(self._warm, id=request_id))
        except WorkerDied:
            spare.close()
            return
        self._spare = spare

    def close(self) -> None:
        """End the spare's life: its process and its scratch folder."""
        spare, self._spare = self._spare, None
        if spare is not None:
            spare.close()
