"""Background tasks: Stop insists, shutdown stops every lane and leaves no thread behind."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clstudio.ui.tasks import Lane, TaskLanes, TaskRunner, TaskState
from ui.tasks.task_testing import GATE_TIMEOUT, DeafBackend, Gate, Recorder, newest, recorded_runner


def test_stop_sets_the_flag_and_asks_the_backend_again_until_the_work_ends(
    qtbot: QtBot, lanes: TaskLanes, owner: QObject
) -> None:
    recorder: Recorder[tuple[bool, str]] = Recorder()
    backend = DeafBackend()
    runner: TaskRunner[tuple[bool, str], None] = recorded_runner(
        owner, lanes, recorder, Lane.RUNS, cancel=backend.cancel
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
        return recorded_runner(
            owner, lanes, recorder, Lane.RUNS, cancel=lambda: cancels.append(name)
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
    runner: TaskRunner[str, None] = recorded_runner(
        owner, lanes, recorder, Lane.CHECKS, cancel=backend.cancel
    )
    begun = threading.Event()

    def work(_state: TaskState[None]) -> str:
        begun.set()
        return backend.run()

    runner.submit(work)
    assert begun.wait(GATE_TIMEOUT)
    assert lanes.shutdown()
    assert backend.stopped.is_set() and backend.cancels >= 2


def test_shutdown_stops_every_lane_skips_what_waits_and_waits_for_the_rest(
    qtbot: QtBot, lanes: TaskLanes, owner: QObject
) -> None:
    recorder: Recorder[str] = Recorder()
    gates = {lane: Gate() for lane in (Lane.RUNS, Lane.MEASUREMENTS)}
    runners: list[TaskRunner[str, None]] = [
        recorded_runner(owner, lanes, recorder, lane, cancel=gate.open.set)
        for lane, gate in gates.items()
    ]
    for runner, (lane, gate) in zip(runners, gates.items(), strict=True):
        runner.submit(gate.held(lane.value))
    queued: TaskRunner[str, None] = recorded_runner(owner, lanes, recorder, Lane.RUNS)
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
    def threads() -> set[str]:
        return set(os.listdir("/proc/self/task"))  # the process's threads, Qt's included

    before = threads()
    lanes = TaskLanes()
    owner = QObject()
    recorder: Recorder[int] = Recorder()
    for lane in Lane:
        runner: TaskRunner[int, None] = recorded_runner(owner, lanes, recorder, lane)
        runner.submit(lambda _state: 1)
    started = threads() - before  # the lanes' pool threads
    assert started
    assert lanes.shutdown()
    # Every pool thread has been told to end and has left Qt; the system takes a moment more.
    # (By identity, not by count: a thread of an earlier test may end meanwhile.)
    qtbot.waitUntil(lambda: not started & threads())
    qapp.processEvents()
    lanes.deleteLater()
    owner.deleteLater()


def test_deleting_the_owner_drops_the_answer(qtbot: QtBot, lanes: TaskLanes) -> None:
    owner = QObject()
    recorder: Recorder[str] = Recorder()
    runner = newest(owner, lanes, recorder)
    gate = Gate()
    gate.hold(qtbot, runner, "late")
    owner.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gate.open.set()
    qtbot.waitUntil(lambda: not lanes.is_busy())
    assert recorder.answers == [], "no answer reaches a caller that is gone"
    assert runner.submit(gate.held("refused")) is None
