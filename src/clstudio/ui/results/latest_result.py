"""Work for a view on a pool thread, of which only the newest answer is delivered.

numpy lets go of the GIL in its reductions, so counting or summarising a 16 M
value array off the GUI thread keeps the window responsive. A view that is given
new values before the old ones are done must not draw the old answer (STYLE §3).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal


class _Signals(QObject):
    done = Signal(object, int)  # the answer, and the generation it was asked for


class _Task(QRunnable):
    def __init__(self, work: Callable[[], object], generation: int) -> None:
        super().__init__()
        self.signals = _Signals()
        self._work, self._generation = work, generation

    def run(self) -> None:
        self.signals.done.emit(self._work(), self._generation)


class LatestResult(QObject):
    """submit() runs work on the global pool; `ready` carries the newest request's answer."""

    ready = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._generation = 0
        self._tasks: dict[QObject, _Task] = {}

    def submit(self, work: Callable[[], object]) -> None:
        self._generation += 1
        task = _Task(work, self._generation)
        task.setAutoDelete(False)  # kept in self._tasks until its signal arrives
        task.signals.done.connect(self._on_task_done)
        self._tasks[task.signals] = task
        QThreadPool.globalInstance().start(task)

    def supersede(self) -> None:
        """Drop every answer still on its way: the view showed newer values itself."""
        self._generation += 1

    def _on_task_done(self, answer: object, generation: int) -> None:
        self._tasks.pop(self.sender(), None)
        if generation == self._generation:
            self.ready.emit(answer)
