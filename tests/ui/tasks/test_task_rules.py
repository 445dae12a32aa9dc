"""Background tasks: the newest request wins, one at a time refuses, progress and
failures reach the GUI thread."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from clstudio.ui.tasks import Lane, Rule, TaskLanes, TaskRunner, TaskState
from ui.tasks.task_testing import GATE_TIMEOUT, Gate, Recorder, newest, recorded_runner


def test_the_answer_arrives_on_the_gui_thread(
    qtbot: QtBot, lanes: TaskLanes, owner: QObject
) -> None:
    recorder: Recorder[int] = Recorder()
    runner: TaskRunner[int, None] = recorded_runner(owner, lanes, recorder, Lane.RUNS)
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
    gate.hold(qtbot, runner, "first")
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
    gate.hold(qtbot, blocker, "another caller's")  # holds the lane's one thread
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
    gate.hold(qtbot, runner, "old")
    runner.supersede()  # the caller showed newer values itself
    assert not runner.is_waiting()
    gate.open.set()
    qtbot.waitUntil(lambda: not runner.is_busy())
    assert recorder.answers == [] and recorder.failures == []


def test_one_at_a_time_refuses_a_second_request_until_the_first_is_answered(
    qtbot: QtBot, lanes: TaskLanes, owner: QObject
) -> None:
    recorder: Recorder[str] = Recorder()
    runner: TaskRunner[str, None] = recorded_runner(owner, lanes, recorder, Lane.MEASUREMENTS)
    gate = Gate()
    assert runner.submit(gate.held("first")) == 1
    assert runner.submit(gate.held("second")) is None
    gate.open.set()
    qtbot.waitUntil(lambda: recorder.answers == ["first"])
    assert runner.submit(gate.held("third")) == 2
    qtbot.waitUntil(lambda: recorder.answers == ["first", "third"])
    assert gate.ran == ["first", "third"]


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

    runner: TaskRunner[str, tuple[int, str]] = recorded_runner(
        owner, lanes, recorder, Lane.SUMMARIES, Rule.NEWEST_WINS, progressed=progressed
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
    runner: TaskRunner[str, str] = recorded_runner(
        owner, lanes, recorder, Lane.SUMMARIES, Rule.NEWEST_WINS, progressed=steps.append
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
