"""Run > Check in the window: problems at their lines, while the rest of the window works."""

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from clstudio.devices.discovery import discover
from clstudio.engine import InProcessBackend
from clstudio.ui.backends import Backends
from clstudio.ui.editor.problems_view import MESSAGE
from clstudio.ui.main_window import MainWindow
from clstudio.worker.client import WorkerClient
from ui.qt_items import tree_item

pytestmark = pytest.mark.opencl

FAULTS = Path(__file__).parents[1] / "checkmode" / "faults"
CHECK_WAIT_MS = 60_000


def open_fault(qtbot: QtBot, window: MainWindow, name: str) -> None:
    assert window.files.load(FAULTS / name / "session.json")
    qtbot.waitUntil(
        lambda: window.status.build_label.text().startswith("Build: Built"), timeout=20_000
    )


def click_check(qtbot: QtBot, window: MainWindow) -> None:
    button = window.toolbar.widgetForAction(window.window_actions["check"])
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_check_from_the_toolbar_marks_both_lines_of_a_race_and_problems_jump_there(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window(discover=discover)
    open_fault(qtbot, window, "local_race")
    controller = window.check_mode.controller
    with qtbot.waitSignal(controller.finished, timeout=CHECK_WAIT_MS) as finished:
        click_check(qtbot, window)
        assert window.window_actions["check"].iconText() == "Stop Check"
        assert window.check_status.isVisible() and window.check_status.stop_button.isVisible()
        # The form and a normal run go on meanwhile.
        assert window.window_actions["run"].isEnabled()
        with qtbot.waitSignal(window.runner.finished, timeout=CHECK_WAIT_MS):
            assert window.workbench.request_run()
    assert finished.args[1].problems[0].kind == "data-race"
    assert window.window_actions["check"].iconText() == "Check"
    assert window.check_status.label.text() == "Check: 1 problem found: see Problems"

    problems = window.editor_panel.problems
    assert window.results_panel.currentWidget() is problems
    rows = [row for row in problems.rows() if row[2].startswith("Check:")]
    assert rows[0][:2] == ("Error", "4:5")
    assert "line 4 writes tmp[l] while line 5 reads it" in rows[0][2]
    assert rows[1][:2] == ("Note", "5:30")
    assert window.editor_panel.editor.gutter.marks() == {4: "error", 5: "note"}

    window.editor_panel.editor.go_to(1)
    item = tree_item(problems.tree, [r[2] for r in problems.rows()].index(rows[0][2]))
    rect = problems.tree.visualItemRect(item)
    qtbot.mouseClick(problems.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.editor_panel.editor.current_line() == 4
    assert item is not None
    assert item.text(MESSAGE) == rows[0][2]

    # An edit makes the check's marks stale: they go, the build's stay.
    window.editor_panel.editor.textCursor().insertText(" ")
    assert not any(row[2].startswith("Check:") for row in problems.rows())


def test_without_oclgrind_check_explains_how_to_get_it(
    qtbot: QtBot, make_window: Callable[..., MainWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = []
    monkeypatch.setattr(QMessageBox, "information", lambda p, title, text: shown.append(text))
    window = make_window()  # the fake devices: no Oclgrind platform among them
    window.window_actions["check"].trigger()
    assert not window.check_mode.is_checking()
    assert len(shown) == 1
    assert "make oclgrind" in shown[0]
    assert "apt install oclgrind" in shown[0]


def test_a_crashed_run_offers_check_this_kernel_which_finds_the_divergent_barrier(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    # The divergent barrier segfaults PoCL: the run needs the isolated worker.
    backends = Backends(InProcessBackend(), WorkerClient())
    window = make_window(discover=discover, backends=backends)
    open_fault(qtbot, window, "divergent_barrier")
    with qtbot.waitSignal(window.runner.finished, timeout=CHECK_WAIT_MS) as ran:
        window.window_actions["run"].trigger()
    assert ran.args[1].error.stage == "crash"
    banner = window.results_panel.timings.banner
    assert banner.check_button.isVisible()
    assert "Check mode (Run > Check)" in banner.text() and "data race" in banner.text()
    with qtbot.waitSignal(window.check_mode.controller.finished, timeout=CHECK_WAIT_MS) as done:
        qtbot.mouseClick(banner.check_button, Qt.MouseButton.LeftButton)
    (problem,) = done.args[1].problems
    assert (problem.kind, problem.line) == ("barrier-divergence", 5)
    assert window.editor_panel.editor.gutter.marks() == {5: "error"}


def test_stop_ends_a_long_check_and_the_next_check_works(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window(discover=discover)
    assert window.files.open_example(
        Path(__file__).parents[2] / "kernels" / "matmul_tiled.json", "t"
    )
    qtbot.waitUntil(
        lambda: window.status.build_label.text().startswith("Build: Built"), timeout=20_000
    )
    controller = window.check_mode.controller
    with qtbot.waitSignal(controller.finished, timeout=CHECK_WAIT_MS) as stopped:
        window.window_actions["check"].trigger()
        qtbot.waitUntil(lambda: "simulating" in window.check_status.label.text(), timeout=20_000)
        qtbot.mouseClick(window.check_status.stop_button, Qt.MouseButton.LeftButton)
    assert stopped.args[1].error.stage == "cancelled"
    assert window.check_status.label.text() == "Check: stopped"
    open_fault(qtbot, window, "out_of_bounds_write")
    with qtbot.waitSignal(controller.finished, timeout=CHECK_WAIT_MS) as checked:
        window.window_actions["check"].trigger()
    assert [p.kind for p in checked.args[1].problems] == ["out-of-bounds-write"]
