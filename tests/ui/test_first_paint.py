"""Discovery waits for the window's first paint, so that its worker never competes with it."""

import threading

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from clstudio.ui.first_paint import FirstPaint


def test_work_after_the_first_paint_waits_for_it(qtbot: QtBot) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    calls: list[str] = []

    def discover() -> str:
        calls.append("discovered")
        return "inventory"

    waiting = FirstPaint(widget).after(discover)
    answers: list[str] = []
    thread = threading.Thread(target=lambda: answers.append(waiting()))
    thread.start()
    qtbot.wait(50)  # events flow, but nothing has painted yet
    assert calls == []
    widget.show()
    qtbot.waitUntil(lambda: not thread.is_alive())
    thread.join()
    assert calls == ["discovered"] and answers == ["inventory"]
