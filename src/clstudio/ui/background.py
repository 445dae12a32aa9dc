"""Work for the window on a pool thread, of which only the newest request is answered.

A driver can take seconds to list its devices, a build or a run longer, and counting
16 M values a quarter of a second: the window waits for none of them. One piece of
work runs at a time. Every request gets a generation number, as in ndv's viewer
(STYLE.md §3): work still waiting for its turn when a newer request comes is skipped,
and the answer to a replaced request is dropped. An exception in the work is not lost
on the pool thread: its traceback goes to the caller, which shows it.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

T = TypeVar("T")
FINISH_MS = 5_000  # for a pool thread between its last answer and its end


@dataclass(frozen=True)
class _Answer(Generic[T]):
    value: T


class _Relay(QObject):
    """Lives in the GUI thread, so signals emitted from the pool arrive queued there."""

    began = Signal(int)  # the generation whose work began
    ended = Signal(int, object)  # the generation; an _Answer, a traceback, or None if skipped
    posted = Signal(object)  # a call the work asked the GUI thread to make


class _Task(QRunnable, Generic[T]):
    def __init__(
        self,
        work: Callable[[], T],
        generation: int,
        relay: _Relay,
        replaced: Callable[[int], bool] | None,
    ) -> None:
        super().__init__()
        self._work = work
        self._generation = generation
        self._relay = relay
        self._replaced = replaced  # None for work asked for while nothing ran: it always runs

    def run(self) -> None:
        if self._replaced is not None and self._replaced(self._generation):
            self._relay.ended.emit(self._generation, None)
            return
        self._relay.began.emit(self._generation)
        ending: _Answer[T] | str
        try:
            ending = _Answer(self._work())
        except Exception:
            ending = traceback.format_exc()
        self._relay.ended.emit(self._generation, ending)


class BackgroundRunner(QObject, Generic[T]):
    """Runs work one piece at a time on a pool thread of its own.

    `done` receives the newest request's answer and `failed` the traceback of an
    exception it raised, both on the GUI thread; `began`, when given, hears that the
    newest request's work has left the queue. Deleting the runner's parent waits for
    the work that is running; once the last answer is delivered, no thread runs.
    """

    def __init__(
        self,
        done: Callable[[T], None],
        failed: Callable[[str], None],
        parent: QObject | None = None,
        began: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(parent)
        # Created before the relay: children die in creation order, and the pool's
        # destructor waits for running work, which still needs the relay.
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.began.connect(self._on_relay_began)
        self._relay.ended.connect(self._on_relay_ended)
        self._relay.posted.connect(self._on_relay_posted)
        self._done = done
        self._failed = failed
        self._began = began
        self._generation = 0
        self._begun = 0  # the newest generation whose work has begun
        self._unanswered: set[int] = set()

    @property
    def generation(self) -> int:
        """The newest request's number: every submit and supersede makes a new one."""
        return self._generation

    def submit(self, work: Callable[[], T]) -> int:
        """Run `work` after the work under way; work waiting for that is skipped now."""
        replaced = self._replaced if self._unanswered else None
        self._generation += 1
        self._unanswered.add(self._generation)
        self._pool.start(_Task(work, self._generation, self._relay, replaced))
        return self._generation

    def supersede(self) -> None:
        """Drop every answer on its way: what it answers has changed since it was asked."""
        self._generation += 1

    def is_busy(self) -> bool:
        """Whether some work submitted has not come back yet, the newest or not."""
        return bool(self._unanswered)

    def is_waiting(self) -> bool:
        """Whether the newest request's work is queued and has not begun."""
        return self._generation in self._unanswered and self._begun != self._generation

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until no work runs or waits: for shutdown and tests, never on a user's edit."""
        return self._pool.waitForDone(msecs)

    def post(self, call: Callable[[], None]) -> None:
        """For the work: make `call` on the GUI thread, before the answer (progress, say)."""
        self._relay.posted.emit(call)

    def _replaced(self, generation: int) -> bool:
        return generation != self._generation  # read from the pool thread: an int, atomic

    def _on_relay_began(self, generation: int) -> None:
        if generation == self._generation:
            self._begun = generation
            if self._began is not None:
                self._began()

    def _on_relay_ended(self, generation: int, ending: object) -> None:
        self._unanswered.discard(generation)
        if not self._unanswered:
            # The thread has sent its last answer but may still be letting go of the
            # work (freeing what it held): once the caller hears, nothing of it runs.
            self._pool.waitForDone(FINISH_MS)
        if generation != self._generation:
            return  # a newer request replaced this one; its answer is on its way
        if isinstance(ending, _Answer):
            self._done(ending.value)
        elif isinstance(ending, str):
            self._failed(ending)

    def _on_relay_posted(self, call: Callable[[], None]) -> None:
        call()
