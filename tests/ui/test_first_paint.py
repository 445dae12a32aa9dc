"""Discovery and the first build wait for the window's first paint, so that their workers
never compete with it."""

import gc
import threading
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from clstudio.collector_pause import end_pause, pause_collection
from clstudio.common import BuildResult
from clstudio.devices import DeviceSelector
from clstudio.engine import InProcessBackend
from clstudio.ui import first_paint
from clstudio.ui.backends import Backends
from clstudio.ui.editor.recovery import RecoveryStore
from clstudio.ui.first_paint import FirstPaint
from clstudio.ui.main_window import MainWindow
from clstudio.ui.settings import AppSettings


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


class RecordingBuilder:
    def __init__(self) -> None:
        self.sources: list[str] = []

    def build(self, source: str, options: str, selector: DeviceSelector | None) -> BuildResult:
        self.sources.append(source)
        return BuildResult(True, "", (), (), 0.0)


def test_a_build_asked_for_before_the_first_paint_starts_after_it(qtbot: QtBot) -> None:
    """The first session's build boots a worker: that must not compete with the paint."""
    widget = QWidget()
    qtbot.addWidget(widget)
    backend = RecordingBuilder()
    builder = FirstPaint(widget).builder(backend)
    thread = threading.Thread(target=lambda: builder.build("kernel", "", None))
    thread.start()
    qtbot.wait(50)
    assert backend.sources == []
    widget.show()
    qtbot.waitUntil(lambda: not thread.is_alive())
    thread.join()
    assert backend.sources == ["kernel"]


def test_the_window_builds_its_first_source_only_once_it_has_painted(
    qtbot: QtBot, settings: AppSettings, tmp_path: Path
) -> None:
    tools = InProcessBackend()
    built: list[str] = []
    building = tools.build

    def build(source: str, options: str, selector: DeviceSelector | None) -> BuildResult:
        built.append(source)
        return building(source, options, selector)

    tools.build = build  # type: ignore[method-assign]
    window = MainWindow(settings, backends=Backends(tools, tools), recovery=RecoveryStore(tmp_path))
    qtbot.addWidget(window)
    qtbot.wait(100)  # the window has asked for the build of the session it shows
    assert built == []
    window.show()
    qtbot.waitUntil(lambda: bool(built))
    assert built[0] == window.editor_panel.editor.toPlainText()


def test_the_window_ends_the_starts_pause_of_the_collector_at_its_first_paint(
    qtbot: QtBot, settings: AppSettings, tmp_path: Path
) -> None:
    tools = InProcessBackend()
    frozen = gc.get_freeze_count()
    pause_collection()  # as clstudio.__main__ does
    try:
        window = MainWindow(
            settings, backends=Backends(tools, tools), recovery=RecoveryStore(tmp_path)
        )
        qtbot.addWidget(window)
        qtbot.wait(50)
        assert gc.get_freeze_count() == frozen
        window.show()
        qtbot.waitUntil(lambda: gc.get_freeze_count() > frozen)  # what the start made
        # Automatic collection stays off: the lanes' GuiThreadCollector collects on the GUI
        # thread, and collecting on a lane's thread would free Qt objects there.
        assert not gc.isenabled()
    finally:
        end_pause(collect_automatically=False)
        gc.unfreeze()


def test_then_calls_once_at_the_paint_or_at_most_the_longest_wait_later(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown, hidden = QWidget(), QWidget()
    qtbot.addWidget(shown)
    qtbot.addWidget(hidden)
    calls: list[str] = []
    monkeypatch.setattr(first_paint, "LONGEST_WAIT_S", 0.3)
    FirstPaint(shown).then(lambda: calls.append("shown"))
    FirstPaint(hidden).then(lambda: calls.append("never shown"))
    qtbot.wait(50)
    assert calls == []
    shown.show()
    qtbot.waitUntil(lambda: calls == ["shown"])
    qtbot.waitUntil(lambda: "never shown" in calls)  # a window that never paints
    hidden.show()  # a paint after the wait calls nothing again
    qtbot.wait(100)
    assert calls == ["shown", "never shown"]
