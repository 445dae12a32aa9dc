"""Opening another session clears every figure that described the last one's run and check."""

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clstudio.devices.discovery import discover
from clstudio.ui.main_window import MainWindow

pytestmark = pytest.mark.opencl

KERNELS = Path(__file__).resolve().parents[2] / "kernels"
FAULTS = Path(__file__).parents[1] / "checkmode" / "faults"


def run_and_check(qtbot: QtBot, window: MainWindow) -> None:
    """Run the session, check it on Oclgrind, and see the toolbar and status bar say so."""
    qtbot.waitUntil(
        lambda: window.status.build_label.text().startswith("Build: Built"), timeout=20_000
    )
    with qtbot.waitSignal(window.check_mode.controller.finished, timeout=60_000):
        button = window.toolbar.widgetForAction(window.window_actions["check"])
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(window.runner.finished, timeout=30_000):
        assert window.workbench.request_run()
    assert window.run_bar.progress.format() != "idle"
    assert window.status.run_label.text() != "Last run: none yet"
    assert window.check_status.label.text().startswith("Check: 1 problem found")


def assert_nothing_of_the_old_session(window: MainWindow) -> None:
    assert window.run_bar.progress.format() == "idle"
    assert window.status.run_label.text() == "Last run: none yet"
    assert not window.check_status.isVisible()
    assert "problem" not in window.check_status.label.text()


def test_open_and_new_clear_the_last_run_and_check_from_toolbar_and_status_bar(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window(discover=discover)
    assert window.files.load(FAULTS / "local_race" / "session.json")
    run_and_check(qtbot, window)
    assert window.files.load(KERNELS / "vector_add.json")
    assert_nothing_of_the_old_session(window)

    assert window.files.load(FAULTS / "local_race" / "session.json")
    run_and_check(qtbot, window)
    window.files.new_document()
    assert_nothing_of_the_old_session(window)
