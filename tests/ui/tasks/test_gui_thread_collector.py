"""Cycles are freed on the GUI thread, never on a lane's thread that happens to allocate."""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from clstudio.ui.tasks import Lane, TaskLanes, TaskRunner, TaskState
from ui.tasks.task_testing import Recorder, recorded_runner


class Cycle:
    """Refers to itself, so only the cycle collector frees it; says on which thread."""

    def __init__(self, freed_on: list[str]) -> None:
        self.me = self
        self.freed_on = freed_on

    def __del__(self) -> None:
        self.freed_on.append(threading.current_thread().name)


def test_a_cycle_left_by_the_window_is_freed_on_the_gui_thread(
    qtbot: QtBot, lanes: TaskLanes, owner: QObject
) -> None:
    recorder: Recorder[list[list[int]]] = Recorder()
    runner: TaskRunner[list[list[int]], None] = recorded_runner(
        owner, lanes, recorder, Lane.SUMMARIES
    )
    freed_on: list[str] = []
    Cycle(freed_on)

    def allocate_like_a_build(state: TaskState[None]) -> list[list[int]]:
        # Far past every generation's threshold: Python alone would collect here. Kept
        # alive in the answer, so the count stays over the threshold for the GUI thread.
        return [[index] for index in range(200_000)]

    runner.submit(allocate_like_a_build)
    qtbot.waitUntil(lambda: bool(recorder.answers), timeout=10_000)
    assert len(recorder.answers[0]) == 200_000
    qtbot.waitUntil(lambda: bool(freed_on), timeout=10_000)
    assert freed_on == [threading.main_thread().name]
