"""The loop the peaks and the local-size sweep share: one request at a time, progress told
before each, and a stop between requests, asked by the user or given by a request."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Generic, TypeVar

Item = TypeVar("Item")


class InTurn(Generic[Item]):
    """Iterate over it to measure `items` in turn. Afterwards `stopped` is "" when every
    item had its turn, else why not: `stopped_after(done, total)` when the user stopped
    the loop, or the reason a request gave to `stop`."""

    def __init__(
        self,
        items: Sequence[Item],
        progress: Callable[[int, int, Item | None], None] | None,
        cancelled: Callable[[], bool],
        stopped_after: Callable[[int, int], str],
    ) -> None:
        self._items = items
        self._progress = progress
        self._cancelled = cancelled
        self._stopped_after = stopped_after
        self._done = 0
        self.stopped = ""

    def __iter__(self) -> Iterator[Item]:
        total = len(self._items)
        for done, item in enumerate(self._items):
            self._done = done
            if self._cancelled():
                self.stop()
                return
            if self._progress is not None:
                self._progress(done, total, item)
            yield item
        if self._progress is not None:
            self._progress(total, total, None)

    def stop(self, reason: str | None = None) -> None:
        """Stop at the item measured now (the caller then breaks out of its loop), for
        `reason`, or (None) because the user stopped it."""
        self.stopped = (
            reason if reason is not None else self._stopped_after(self._done, len(self._items))
        )
