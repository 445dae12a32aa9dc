"""The Problems list and the Build log tab."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clstudio.common.results import BuildResult, Diagnostic
from clstudio.ui.editor.build_log import BuildLogView
from clstudio.ui.editor.problems_view import ProblemsView
from ui.qt_items import tree_item
from ui.shown_widgets import shown

DIAGNOSTICS = (
    Diagnostic(4, 12, "error", "use of undeclared identifier 'b'"),
    Diagnostic(7, 0, "warning", "unused variable 'x'"),
    Diagnostic(0, 0, "error", "invalid build options: -cl-nonsense"),
)


def test_problems_list_severity_place_and_message(qtbot: QtBot) -> None:
    view = ProblemsView()
    qtbot.addWidget(view)
    assert view.empty.isVisible() or not view.isVisible()
    with qtbot.waitSignal(view.countChanged) as counted:
        view.set_diagnostics(DIAGNOSTICS)
    assert counted.args == [3]
    assert view.rows() == [
        ("Error", "4:12", "use of undeclared identifier 'b'"),
        ("Warning", "7", "unused variable 'x'"),
        ("Error", "—", "invalid build options: -cl-nonsense"),
    ]
    assert not tree_item(view.tree, 0).icon(0).isNull()


def test_clicking_a_problem_asks_to_go_to_its_place(qtbot: QtBot) -> None:
    view = shown(qtbot, ProblemsView(), 600, 200)
    view.set_diagnostics(DIAGNOSTICS)
    tree = view.tree
    rect = tree.visualItemRect(tree_item(tree, 0))
    with qtbot.waitSignal(view.problemActivated) as activated:
        qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert activated.args == [4, 12]

    rect = tree.visualItemRect(tree_item(tree, 2))
    with qtbot.assertNotEmitted(view.problemActivated):
        qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_no_problems_shows_the_empty_state(qtbot: QtBot) -> None:
    view = ProblemsView()
    qtbot.addWidget(view)
    view.show()
    view.set_diagnostics(DIAGNOSTICS)
    assert view.tree.isVisible()
    view.set_diagnostics(())
    assert view.empty.isVisible() and view.empty.title() == "No problems"
    assert view.count() == 0


def test_the_build_log_shows_context_and_the_whole_log(qtbot: QtBot) -> None:
    log = BuildLogView()
    qtbot.addWidget(log)
    text = "error: <source>:4:12: use of undeclared identifier 'b'\n1 error generated.\n"
    log.set_result(
        BuildResult(False, text, DIAGNOSTICS[:1], (), 0.2, "-cl-std=CL2.0", "pthread-CPU"),
        "mine.cl",
    )
    shown = log.toPlainText()
    assert "Device:  pthread-CPU" in shown
    assert "Options: -cl-std=CL2.0" in shown
    assert "Result:  1 error" in shown
    assert shown.endswith(text)
    assert log.isReadOnly()


def test_a_silent_successful_build_says_so(qtbot: QtBot) -> None:
    log = BuildLogView()
    qtbot.addWidget(log)
    log.set_result(BuildResult(True, "", (), (), 0.05, "", "pthread-CPU"), "mine.cl")
    assert "Options: (none)" in log.toPlainText()
    assert log.toPlainText().endswith("The compiler wrote no messages.\n")


def test_a_crashed_build_shows_its_traceback(qtbot: QtBot) -> None:
    log = BuildLogView()
    qtbot.addWidget(log)
    log.set_crash("Traceback (most recent call last):\nRuntimeError: boom\n")
    assert "RuntimeError: boom" in log.toPlainText()
    assert log.toPlainText().startswith("The build did not finish")


def test_a_long_message_wraps_and_is_read_whole(qtbot: QtBot) -> None:
    long = (
        "line 19 reads through a NULL pointer: the argument 'a' is NULL in this session, "
        "and the kernel reads it without testing it first; give it a buffer or test it "
        "against 0 before reading"
    )
    view = shown(qtbot, ProblemsView(), 500, 300)
    view.set_diagnostics((Diagnostic(19, 5, "warning", long), *DIAGNOSTICS[1:2]))
    tree = view.tree
    wrapped, short = (tree.visualItemRect(tree_item(tree, row)) for row in (0, 1))
    message = tree.columnWidth(2)
    assert tree.fontMetrics().horizontalAdvance(long) > message  # wider than its column
    lines = wrapped.height() / short.height()
    assert lines >= tree.fontMetrics().horizontalAdvance(long) / message  # every line shown
    assert tree.horizontalScrollBar().maximum() == 0
