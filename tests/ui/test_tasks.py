"""Background tasks: the newest request wins, Stop insists, a crash reaches the caller,
and shutdown leaves no thread behind."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Generic, TypeVar

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication
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


@pytest.fixture
def lanes(qapp: QApplication) -> Iterator[TaskLanes]:
    """Lanes of the test's own, shut down and gone before the leak checks."""
    made = TaskLanes()
    yield made
    assert made.shutdown(), "work still running after the test"
    qapp.processEvents()
    made.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture
def owner() -> Iterator[QObject]:
    made = QObject()
    yield made
    made.deleteLater()


def newest(owner: QObject, lanes: TaskLanes, recorder: Recorder[str]) -> TaskRunner[str, None]:
    return TaskRunner(
        owner,
        Lane.TOOLS,
        Rule.NEWEST_WINS,
        recorder.done,
        recorder.failed,
        began=recorder.on_began,
        lanes=lanes,
    )


def test_the_answer_arrives_on_the_gui_thread(
    qtbot: QtBot, lanes: TaskLanes, owner: QObject
) -> None:
    recorder: Recorder[int] = Recorder()
    runner: TaskRunner[int, None] = TaskRunner(
        owner, Lane.RUNS, Rule.ONE_AT_A_TIME, recorder.done, recorder.failed, lanes=lanes
    )
    runner.submit(lambda _state: 6 * 7)
    assert runner.is_busy() and lanes.is_busy()
    qtbot.waitUntil(lambda: recorder.answers == [42])
    assert recorder.threads == {threading.main_thread()}
    assert not runner.is_busy() and not lanes.is_busy()


def test_only_the_newest_request_is_answered_and_waiting_ones_are_skipped(
    qtbot: QtBot, lanes: TaskLanes, owner: QObject
) -> None:
    recorder: Recorder[str] = Recorder()
    runner = newest(owner, lanes, recorder)
    gate = Gate()
    runner.submit(gate.held("first"))
    qtbot.waitUntil(lambda: gate.ran == ["first"])
    runner.submit(gate.held("second"))
    third = runner.submit(gate.held("third"))
    assert runner.is_waiting(), "the third waits for the first"
    assert third == runner.generation

    gate.open.set()
    qtbot.waitUntil(lambda: not runner.is_busy())
    assert gate.ran == ["first", "third"], "the second was replaced before it began"
    assert recorder.answers == ["third"], "the first's answer came too late"
    assert recorder.began == 2, "the first began while newest; the second never did"
    assert not runner.is_waiting()


def test_work_replaced_while_queued_in_its_lane_never_begins(
    qtbot: QtBot, lanes: TaskLanes, owner: QObject
) -> None:
    recorder: Recorder[str] = Recorder()
    gate = Gate()
    other: Recorder[str] = Recorder()
    blocker = newest(owner, lanes, other)
    blocker.submit(gate.held("another caller's"))  # holds the lane's one thread
    qtbot.waitUntil(lambda: gate.ran == ["another caller's"])
    runner = newest(owner, lanes, recorder)
    runner.submit(gate.held("queued"))
    runner.submit(gate.held("newest"))
    gate.open.set()
    qtbot.waitUntil(lambda: recorder.answers == ["newest"])
    assert gate.ran == ["another caller's", "newest"]


def test_supersede_drops_the_answer_on_its_way(
    qtbot: QtBot, lanes: TaskLanes, owner: QObject
) -> None:
    recorder: Recorder[str] = Recorder()
    runner = newest(owner, lanes, recorder)
    gate = Gate()
    runner.submit(gate.held("old"))
    qtbot.waitUntil(lambda: gate.ran == ["old"])
    runner.supersede()  # the caller showed newer values itself
    assert not runner.is_waiting()
    gate.open.set()
    qtbot.waitUntil(lambda: not runner.is_busy())
    assert recorder.answers == [] and recorder.failures == []


def test_one_at_a_time_refuses_a_second_request_until_the_first_is_answered(
    qtbot: QtBot, lanes: TaskLanes, owner: QObject
) -> None:
    recorder: Recorder[str] = Recorder()
    runner: TaskRunner[str, None] = TaskRunner(
        owner, Lane.MEASUREMENTS, Rule.ONE_AT_A_TIME, recorder.done, recorder.failed, lanes=lanes
    )
    gate = Gate()
    assert runner.submit(gate.held("first")) == 1
    assert runner.submit(gate.held("second")) is None
    gate.open.set()
    qtbot.waitUntil(lambda: recorder.answers == ["first"])
    assert runner.submit(gate.held("third")) == 2
    qtbot.waitUntil(lambda: recorder.answers == ["first", "third"])
    assert gate.ran == ["first", "third"]


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


def test_stop_sets_the_flag_and_asks_the_backend_again_until_the_work_ends(
    qtbot: QtBot, lanes: TaskLanes, owner: QObject
) -> None:
    recorder: Recorder[tuple[bool, str]] = Recorder()
    backend = DeafBackend()
    runner: TaskRunner[tuple[bool, str], None] = TaskRunner(
        owner,
        Lane.RUNS,
        Rule.ONE_AT_A_TIME,
        recorder.done,
        recorder.failed,
        cancel=backend.cancel,
        lanes=lanes,
    )
    begun = threading.Event()

    def work(state: TaskState[None]) -> tuple[bool, str]:
        begun.set()
        answer = backend.run()
        return state.cancelled(), answer

    runner.submit(work)
    assert begun.wait(GATE_TIMEOUT)
    runner.stop()
    qtbot.waitUntil(lambda: recorder.answers != [], timeout=GATE_TIMEOUT * 1000)
    assert recorder.answers == [(True, "stopped")], "the work saw the flag; its answer came"
    assert backend.cancels >= 2
    assert not runner.cancel_again(), "no cancel once the work has ended"


def test_stopping_work_still_queued_cancels_nothing_of_the_work_before_it(
    qtbot: QtBot, lanes: TaskLanes, owner: QObject
) -> None:
    recorder: Recorder[bool] = Recorder()
    cancels: list[str] = []
    gate = threading.Event()

    def runner(name: str) -> TaskRunner[bool, None]:
        return TaskRunner(
            owner,
            Lane.RUNS,
            Rule.ONE_AT_A_TIME,
            recorder.done,
            recorder.failed,
            cancel=lambda: cancels.append(name),
            lanes=lanes,
        )

    running, queued = runner("running"), runner("queued")
    running.submit(lambda state: gate.wait(GATE_TIMEOUT) and state.cancelled())
    queued.submit(lambda state: state.cancelled())
    queued.stop()
    assert cancels == [], "the backend holds the running work's request, not the queued one's"
    gate.set()
    qtbot.waitUntil(lambda: len(recorder.answers) == 2)
    assert recorder.answers == [False, True], "the queued work began, saw the flag and ended"
    assert "running" not in cancels


def test_shutdown_asks_the_backend_again_until_the_work_ends(
    qtbot: QtBot, lanes: TaskLanes, owner: QObject
) -> None:
    recorder: Recorder[str] = Recorder()
    backend = DeafBackend()
    runner: TaskRunner[str, None] = TaskRunner(
        owner,
        Lane.CHECKS,
        Rule.ONE_AT_A_TIME,
        recorder.done,
        recorder.failed,
        cancel=backend.cancel,
        lanes=lanes,
    )
    begun = threading.Event()

    def work(_state: TaskState[None]) -> str:
        begun.set()
        return backend.run()

    runner.submit(work)
    assert begun.wait(GATE_TIMEOUT)
    assert lanes.shutdown()
    assert backend.stopped.is_set() and backend.cancels >= 2


def test_an_exception_in_the_work_reaches_the_caller_with_its_traceback(
    qtbot: QtBot, lanes: TaskLanes, owner: QObject
) -> None:
    recorder: Recorder[str] = Recorder()
    runner = newest(owner, lanes, recorder)

    def broken(_state: TaskState[None]) -> str:
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


def test_progress_of_its_own_type_reaches_the_gui_thread_before_the_answer(
    qtbot: QtBot, lanes: TaskLanes, owner: QObject
) -> None:
    steps: list[tuple[int, str, threading.Thread]] = []
    recorder: Recorder[str] = Recorder()

    def progressed(step: tuple[int, str]) -> None:
        steps.append((*step, threading.current_thread()))

    runner: TaskRunner[str, tuple[int, str]] = TaskRunner(
        owner,
        Lane.SUMMARIES,
        Rule.NEWEST_WINS,
        recorder.done,
        recorder.failed,
        progressed=progressed,
        lanes=lanes,
    )
    posted: list[threading.Thread] = []

    def counting(state: TaskState[tuple[int, str]]) -> str:
        for number in range(3):
            state.progress((number, f"step {number}"))
        state.post(lambda: posted.append(threading.current_thread()))
        return "done"

    runner.submit(counting)
    qtbot.waitUntil(lambda: recorder.answers == ["done"])
    main = threading.main_thread()
    assert steps == [(number, f"step {number}", main) for number in range(3)]
    assert posted == [main]


def test_a_replaced_request_reports_no_progress(
    qtbot: QtBot, lanes: TaskLanes, owner: QObject
) -> None:
    steps: list[str] = []
    recorder: Recorder[str] = Recorder()
    runner: TaskRunner[str, str] = TaskRunner(
        owner,
        Lane.SUMMARIES,
        Rule.NEWEST_WINS,
        recorder.done,
        recorder.failed,
        progressed=steps.append,
        lanes=lanes,
    )
    reached = threading.Event()
    go_on = threading.Event()

    def old(state: TaskState[str]) -> str:
        reached.set()
        go_on.wait(GATE_TIMEOUT)
        state.progress("old")
        return "old"

    runner.submit(old)
    assert reached.wait(GATE_TIMEOUT)
    runner.supersede()
    go_on.set()
    qtbot.waitUntil(lambda: not runner.is_busy())
    assert steps == [] and recorder.answers == []


def test_shutdown_stops_every_lane_skips_what_waits_and_waits_for_the_rest(
    qtbot: QtBot, lanes: TaskLanes, owner: QObject
) -> None:
    recorder: Recorder[str] = Recorder()
    gates = {lane: Gate() for lane in (Lane.RUNS, Lane.MEASUREMENTS)}
    runners: list[TaskRunner[str, None]] = [
        TaskRunner(
            owner,
            lane,
            Rule.ONE_AT_A_TIME,
            recorder.done,
            recorder.failed,
            cancel=gate.open.set,
            lanes=lanes,
        )
        for lane, gate in gates.items()
    ]
    for runner, (lane, gate) in zip(runners, gates.items(), strict=True):
        runner.submit(gate.held(lane.value))
    queued: TaskRunner[str, None] = TaskRunner(
        owner, Lane.RUNS, Rule.ONE_AT_A_TIME, recorder.done, recorder.failed, lanes=lanes
    )
    queued.submit(gates[Lane.RUNS].held("queued behind the run"))
    qtbot.waitUntil(lambda: all(gate.ran for gate in gates.values()))

    assert lanes.shutdown()
    assert [gate.ran for gate in gates.values()] == [["runs"], ["measurements"]]
    QApplication.processEvents()
    assert recorder.answers == [], "nothing is delivered once the window is closing"
    assert not lanes.is_busy()
    assert all(runner.submit(gates[Lane.RUNS].held("late")) is None for runner in runners)

    after = newest(owner, lanes, recorder)
    after.submit(lambda _state: "a new runner works")
    qtbot.waitUntil(lambda: recorder.answers == ["a new runner works"])


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux's /proc")
def test_no_thread_is_left_after_shutdown(qtbot: QtBot, qapp: QApplication) -> None:
    def threads() -> int:
        return len(os.listdir("/proc/self/task"))  # the process's threads, Qt's included

    before = threads()
    lanes = TaskLanes()
    owner = QObject()
    recorder: Recorder[int] = Recorder()
    for lane in Lane:
        runner: TaskRunner[int, None] = TaskRunner(
            owner, lane, Rule.ONE_AT_A_TIME, recorder.done, recorder.failed, lanes=lanes
        )
        runner.submit(lambda _state: 1)
    assert threads() > before
    assert lanes.shutdown()
    # Every pool thread has been told to end and has left Qt; the system takes a moment more.
    qtbot.waitUntil(lambda: threads() == before)
    qapp.processEvents()
    lanes.deleteLater()
    owner.deleteLater()


def test_deleting_the_owner_drops_the_answer(qtbot: QtBot, lanes: TaskLanes) -> None:
    owner = QObject()
    recorder: Recorder[str] = Recorder()
    runner = newest(owner, lanes, recorder)
    gate = Gate()
    runner.submit(gate.held("late"))
    qtbot.waitUntil(lambda: gate.ran == ["late"])
    owner.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gate.open.set()
    qtbot.waitUntil(lambda: not lanes.is_busy())
    assert recorder.answers == [], "no answer reaches a caller that is gone"
    assert runner.submit(gate.held("refused")) is None


class ForgetsSlowly:
    """Work whose clean-up after its answer takes a while, as freeing a large array can."""

    def __init__(self) -> None:
        self.freed = threading.Event()

    def __call__(self, _state: TaskState[None]) -> str:
        return "answer"

    def __del__(self) -> None:
        self.freed.wait(0.2)  # slow, and sure to be over before the answer is heard
        self.freed.set()


def test_the_work_is_let_go_before_its_answer_is_heard(
    qtbot: QtBot, lanes: TaskLanes, owner: QObject
) -> None:
    heard: list[bool] = []
    work = ForgetsSlowly()
    freed = work.freed
    runner: TaskRunner[str, None] = TaskRunner(
        owner,
        Lane.SUMMARIES,
        Rule.NEWEST_WINS,
        lambda _answer: heard.append(freed.is_set()),
        pytest.fail,
        lanes=lanes,
    )
    runner.submit(work)
    del work
    qtbot.waitUntil(lambda: heard != [])
    assert heard == [True]


def test_wait_blocks_until_the_waiting_work_has_run_too(
    qtbot: QtBot, lanes: TaskLanes, owner: QObject
) -> None:
    recorder: Recorder[str] = Recorder()
    runner = newest(owner, lanes, recorder)
    gate = Gate()
    runner.submit(gate.held("first"))
    runner.submit(gate.held("second"))
    gate.open.set()
    assert runner.wait()
    assert gate.ran[-1] == "second", "the newest ran during the wait"
    qtbot.waitUntil(lambda: not runner.is_busy())
    assert recorder.answers == ["second"]
