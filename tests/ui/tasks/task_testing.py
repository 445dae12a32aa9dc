"""What the task tests share: work held at a gate, a recorder of answers, a deaf backend."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from clstudio.ui.tasks import Lane, Rule, TaskLanes, TaskRunner, TaskState

GATE_TIMEOUT = 10
T = TypeVar("T")


class Recorder(Generic[T]):
    """What a runner handed back, and on which thread."""

    def __init__(self) -> None:
        self.answers: list[T] = []
        self.failures: list[str] = []
        self.began = 0
        self.threads: set[threading.Thread] = set()

    def done(self, answer: T) -> None:
        self.threads.add(threading.current_thread())
        self.answers.append(answer)

    def failed(self, text: str) -> None:
        self.threads.add(threading.current_thread())
        self.failures.append(text)

    def on_began(self) -> None:
        self.began += 1


class Gate:
    """Work that records that it ran, then waits until the test opens the gate."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.ran: list[str] = []

    def held(self, name: str) -> Callable[[TaskState[None]], str]:
        def work(_state: TaskState[None]) -> str:
            self.ran.append(name)
            if not self.open.wait(GATE_TIMEOUT):
                raise TimeoutError("the test never opened the gate")
            return name

        return work

    def hold(self, qtbot: QtBot, runner: TaskRunner[str, Any], name: str) -> None:
        """Submits `name`, the gate's first work, to `runner` and waits until it runs, held,
        and the GUI thread has heard that it began: its lane's one thread is busy until
        the test opens the gate."""
        runner.submit(self.held(name))
        # The work runs on its pool thread before the queued "began" reaches the GUI
        # thread; a submit in between would rightly make that news stale.
        qtbot.waitUntil(lambda: self.ran == [name] and not runner.is_waiting())


def recorded_runner(
    owner: QObject,
    lanes: TaskLanes,
    recorder: Recorder[T],
    lane: Lane,
    rule: Rule = Rule.ONE_AT_A_TIME,
    **hooks: Any,
) -> TaskRunner[T, Any]:
    """A runner in `lane` of `lanes` whose answers and failures `recorder` hears; `hooks`
    are its progressed, began or cancel."""
    return TaskRunner(owner, lane, rule, recorder.done, recorder.failed, lanes=lanes, **hooks)


def newest(owner: QObject, lanes: TaskLanes, recorder: Recorder[str]) -> TaskRunner[str, None]:
    return recorded_runner(
        owner, lanes, recorder, Lane.TOOLS, Rule.NEWEST_WINS, began=recorder.on_began
    )


class DeafBackend:
    """Hears a cancel only once its request is under way, as a worker does: the first
    cancel comes too early and is lost."""

    def __init__(self) -> None:
        self.cancels = 0
        self.stopped = threading.Event()

    def cancel(self) -> None:
        self.cancels += 1
        if self.cancels > 1:
            self.stopped.set()

    def run(self) -> str:
        return "stopped" if self.stopped.wait(GATE_TIMEOUT) else "never stopped"
