"""Background work: the newest request wins, a crash reaches the caller, nothing outlives it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QEvent, QObject, QThreadPool
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clstudio.ui.background import BackgroundRunner

GATE_TIMEOUT = 10


class Recorder:
    """What the runner handed back, and on which thread."""

    def __init__(self) -> None:
        self.answers: list[object] = []
        self.failures: list[str] = []
        self.began = 0
        self.threads: set[threading.Thread] = set()

    def done(self, answer: object) -> None:
        self.threads.add(threading.current_thread())
        self.answers.append(answer)

    def failed(self, text: str) -> None:
        self.threads.add(threading.current_thread())
        self.failures.append(text)

    def on_began(self) -> None:
        self.began += 1


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def make_runner(recorder: Recorder) -> Iterator[Callable[[], BackgroundRunner[object]]]:
    """Runners whose work is all finished before the leak checks run."""
    made: list[BackgroundRunner[object]] = []

    def make() -> BackgroundRunner[object]:
        runner: BackgroundRunner[object] = BackgroundRunner(
            recorder.done, recorder.failed, began=recorder.on_began
        )
        made.append(runner)
        return runner

    yield make
    for runner in made:
        runner.wait()
        runner.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def held(gate: threading.Event, ran: list[str], name: str) -> Callable[[], str]:
    """Work that records that it ran, then waits for the test to open the gate."""

    def work() -> str:
        ran.append(name)
        if not gate.wait(GATE_TIMEOUT):
            raise TimeoutError("the test never opened the gate")
        return name

    return work


def test_the_answer_arrives_on_the_gui_thread(
    qtbot: QtBot, make_runner: Callable[[], BackgroundRunner[object]], recorder: Recorder
) -> None:
    runner = make_runner()
    runner.submit(lambda: 6 * 7)
    assert runner.is_busy()
    qtbot.waitUntil(lambda: recorder.answers == [42])
    assert recorder.threads == {threading.main_thread()}
    assert recorder.began == 1
    assert not runner.is_busy()


def test_only_the_newest_request_is_answered_and_queued_ones_are_skipped(
    qtbot: QtBot, make_runner: Callable[[], BackgroundRunner[object]], recorder: Recorder
) -> None:
    runner = make_runner()
    gate = threading.Event()
    ran: list[str] = []
    runner.submit(held(gate, ran, "first"))
    qtbot.waitUntil(lambda: ran == ["first"])
    runner.submit(held(gate, ran, "second"))
    newest = runner.submit(held(gate, ran, "third"))
    assert runner.is_waiting(), "the third waits for the first"
    assert newest == runner.generation

    gate.set()
    qtbot.waitUntil(lambda: not runner.is_busy())
    assert ran == ["first", "third"], "the second was replaced before it began"
    assert recorder.answers == ["third"], "the first's answer came too late"
    assert not runner.is_waiting()


def test_work_asked_for_while_nothing_runs_always_begins(
    qtbot: QtBot, make_runner: Callable[[], BackgroundRunner[object]], recorder: Recorder
) -> None:
    runner = make_runner()
    gate = threading.Event()
    ran: list[str] = []
    runner.submit(held(gate, ran, "first"))
    runner.submit(held(gate, ran, "second"))  # maybe before the first has begun
    gate.set()
    qtbot.waitUntil(lambda: not runner.is_busy())
    assert ran == ["first", "second"]
    assert recorder.answers == ["second"]


def test_supersede_drops_the_answer_on_its_way(
    qtbot: QtBot, make_runner: Callable[[], BackgroundRunner[object]], recorder: Recorder
) -> None:
    runner = make_runner()
    gate = threading.Event()
    ran: list[str] = []
    runner.submit(held(gate, ran, "old"))
    qtbot.waitUntil(lambda: ran == ["old"])
    runner.supersede()  # the caller showed newer values itself
    gate.set()
    qtbot.waitUntil(lambda: not runner.is_busy())
    assert recorder.answers == [] and recorder.failures == []


def test_an_exception_in_the_work_reaches_the_caller_with_its_traceback(
    qtbot: QtBot, make_runner: Callable[[], BackgroundRunner[object]], recorder: Recorder
) -> None:
    runner = make_runner()

    def broken() -> int:
        raise ValueError("a bug in CL Studio")

    runner.submit(broken)
    qtbot.waitUntil(lambda: recorder.failures != [])
    [text] = recorder.failures
    assert text.startswith("Traceback (most recent call last):")
    assert "in broken" in text
    assert text.rstrip().endswith("ValueError: a bug in CL Studio")
    assert recorder.answers == []
    assert recorder.threads == {threading.main_thread()}
    assert not runner.is_busy()


def test_the_work_can_report_progress_before_its_answer(
    qtbot: QtBot, make_runner: Callable[[], BackgroundRunner[object]], recorder: Recorder
) -> None:
    runner = make_runner()
    progress: list[tuple[int, threading.Thread]] = []

    def counting() -> str:
        for step in range(3):
            runner.post(lambda step=step: progress.append((step, threading.current_thread())))
        return "done"

    runner.submit(counting)
    qtbot.waitUntil(lambda: recorder.answers == ["done"])
    assert progress == [(step, threading.main_thread()) for step in range(3)]


class ForgetsSlowly:
    """Work whose clean-up after its answer takes a while, as freeing a large array can."""

    def __call__(self) -> str:
        return "answer"

    def __del__(self) -> None:
        time.sleep(0.2)


def test_no_thread_runs_once_the_last_answer_is_delivered(qtbot: QtBot, recorder: Recorder) -> None:
    runner: BackgroundRunner[str] = BackgroundRunner(recorder.done, recorder.failed)
    pool = runner.findChild(QThreadPool)
    runner.submit(ForgetsSlowly())
    qtbot.waitUntil(lambda: recorder.answers == ["answer"])
    assert pool is not None
    assert pool.activeThreadCount() == 0


def test_deleting_the_owner_waits_for_the_running_work_and_drops_its_answer(
    qtbot: QtBot, recorder: Recorder
) -> None:
    owner = QObject()
    runner: BackgroundRunner[str] = BackgroundRunner(recorder.done, recorder.failed, owner)
    gate = threading.Event()
    ran: list[str] = []

    def work() -> str:
        ran.append("began")
        gate.wait(GATE_TIMEOUT)
        ran.append("finished")
        return "late"

    runner.submit(work)
    qtbot.waitUntil(lambda: ran == ["began"])
    opener = threading.Timer(0.1, gate.set)  # opens the gate while the owner is being deleted
    opener.start()
    owner.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert ran == ["began", "finished"], "the deletion waited for the work"
    opener.join()
    QApplication.processEvents()
    assert recorder.answers == [], "no answer reaches a runner that is gone"
