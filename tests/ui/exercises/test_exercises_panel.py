"""The Exercises panel through clicks: open, check, pass, and progress kept after a restart."""

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from clstudio.exercises import FAILING, FAST_ENOUGH, NOT_STARTED, PASSING, exercises_dir
from clstudio.exercises.grading import CheckReport
from clstudio.ui.exercises.exercises_panel import ExercisesPanel
from clstudio.ui.main_window import MainWindow
from ui.qt_items import tree_item

pytestmark = pytest.mark.opencl

PASSED = (PASSING, FAST_ENOUGH)


@pytest.fixture(autouse=True)
def small_exercises(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Two real exercises, their timed case shrunk so that a check takes a moment."""
    folder = tmp_path / "course"
    for name in ("vector_add", "saxpy"):
        shutil.copytree(exercises_dir() / name, folder / name)
        spec = folder / name / "exercise.json"
        data = json.loads(spec.read_text())
        data["performance"].update(sizes={"n": 65536}, repeats=3)
        spec.write_text(json.dumps(data))
    monkeypatch.setenv("CLSTUDIO_EXERCISES", str(folder))
    return folder


def show_panel(window: MainWindow) -> ExercisesPanel:
    window.exercises_dock.raise_()
    panel = window.exercises.panel
    assert panel.list.topLevelItemCount() == 2  # filled when the dock is first seen
    return panel


def click(qtbot: QtBot, button: QWidget) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def check(qtbot: QtBot, window: MainWindow, panel: ExercisesPanel) -> CheckReport:
    with qtbot.waitSignal(window.exercises.runner.checkFinished, timeout=60_000) as done:
        click(qtbot, panel.check_button)
    assert done.args is not None
    report = done.args[0]
    assert isinstance(report, CheckReport)
    return report


def paste(window: MainWindow, text: str) -> None:
    """Select everything in the editor and paste `text` over it, as a learner would."""
    QApplication.clipboard().setText(text)
    editor = window.editor_panel.editor
    editor.selectAll()
    editor.paste()


def test_open_check_pass_and_progress_kept_after_a_restart(
    qtbot: QtBot, make_window: Callable[..., MainWindow], small_exercises: Path
) -> None:
    window = make_window()
    panel = show_panel(window)
    row = tree_item(panel.list, 0)
    assert (row.text(0), row.text(1)) == ("1. Vector add with its guard", f"○ {NOT_STARTED}")
    assert "### Checked" in panel.statement.toMarkdown()  # what the check runs, from the file

    click(qtbot, panel.open_button)
    starter = (small_exercises / "vector_add" / "starter.cl").read_text()
    assert window.editor_panel.editor.source() == starter
    assert window.workbench.document.name == "vector_add.json"

    report = check(qtbot, window, panel)
    assert report.status == FAILING
    assert panel.status_of("vector_add") == FAILING
    assert tree_item(panel.list, 0).text(1) == "✗ failing"
    assert panel.tabs.currentWidget() is panel.results
    first = tree_item(panel.results.cases, 0)
    assert (first.text(0), first.text(1)) == ("n = 1", "FAIL")
    details = panel.results.details.text()  # the first failing case, told in full
    assert "<b>n = 1</b> (seed 1)" in details and "worst index: <b>c[0]</b>" in details
    assert "actual: <b>0</b>" in details and "expected: <b>0</b>" not in details
    assert "not timed" in panel.results.performance.text()

    solution = (small_exercises / "vector_add" / "solution.cl").read_text()
    paste(window, solution)
    report = check(qtbot, window, panel)
    assert report.passed and report.status in PASSED
    assert "5 of 5 cases pass" in panel.results.summary.text()
    assert "target" in panel.results.performance.text()
    assert tree_item(panel.results.cases, 4).text(1) == "pass"
    mine = window.exercises.store.session_path("vector_add").parent / "vector_add.cl"
    assert mine.read_text() == solution  # Check saved the learner's kernel first
    assert (small_exercises / "vector_add" / "starter.cl").read_text() == starter

    window.close()
    again = make_window()
    panel = show_panel(again)
    assert panel.status_of("vector_add") == report.status
    assert report.status in tree_item(panel.list, 0).text(1)
    assert panel.status_of("saxpy") == NOT_STARTED
    click(qtbot, panel.open_button)
    assert again.editor_panel.editor.source() == solution  # the learner's, not the starter


def test_show_solution_asks_first_and_never_touches_the_editor(
    qtbot: QtBot, make_window: Callable[..., MainWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    panel = show_panel(window)
    answers = [QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes]
    asked: list[str] = []

    def question(
        parent: QWidget, title: str, text: str, *args: object
    ) -> QMessageBox.StandardButton:
        asked.append(title)
        return answers.pop(0)

    monkeypatch.setattr(QMessageBox, "question", question)
    before = window.editor_panel.editor.source()
    click(qtbot, panel.solution_button)
    assert window.exercises.solution_dialog is None
    click(qtbot, panel.solution_button)
    dialog = window.exercises.solution_dialog
    assert dialog is not None
    assert asked == ["Show the solution?", "Show the solution?"]
    assert "if (i < n)" in dialog.text.toPlainText() and dialog.isVisible()
    assert window.editor_panel.editor.source() == before
    dialog.close()


def test_hints_come_one_at_a_time(qtbot: QtBot, make_window: Callable[..., MainWindow]) -> None:
    window = make_window()
    panel = show_panel(window)
    panel.select("saxpy")
    assert panel.hint_button.text() == "Hint (1 of 2)"
    click(qtbot, panel.hint_button)
    text = panel.statement.toPlainText()
    assert "both read and written" in text and "Keep the guard" not in text
    window.resize(1280, 800)
    click(qtbot, panel.hint_button)
    assert "Keep the guard" in panel.statement.toPlainText()
    assert not panel.hint_button.isEnabled()
    # The hint just asked for is in view, not below the statement out of sight.
    statement = panel.statement
    cursor = statement.document().find("Keep the guard")
    assert statement.viewport().rect().intersects(statement.cursorRect(cursor))
    panel.select("vector_add")
    assert panel.hint_button.text() == "Hint (1 of 2)"  # each exercise has its own count


def test_the_exercise_chosen_and_its_hints_come_back_after_a_restart(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    first = make_window()
    panel = show_panel(first)
    item = tree_item(panel.list, 1)
    assert item.text(0) == "2. SAXPY"
    rect = panel.list.visualItemRect(item)
    qtbot.mouseClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert panel.current_name() == "saxpy"
    click(qtbot, panel.hint_button)
    first.close()

    again = show_panel(make_window())
    assert again.current_name() == "saxpy"
    assert again.list.currentItem().text(0) == "2. SAXPY"  # type: ignore[union-attr]
    text = again.statement.toPlainText()
    assert "both read and written" in text and "Keep the guard" not in text
    assert again.hint_button.text() == "Hint (2 of 2)"


def test_check_needs_the_exercise_in_the_editor(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    panel = show_panel(window)
    click(qtbot, panel.check_button)
    assert "Open this exercise first" in panel.results.summary.text()
    assert panel.status_of("vector_add") == NOT_STARTED


def test_right_numbers_with_a_race_fail_the_check_with_the_race_at_its_line(
    qtbot: QtBot, make_window: Callable[..., MainWindow], small_exercises: Path
) -> None:
    window = make_window()
    panel = show_panel(window)
    click(qtbot, panel.open_button)
    solution = (small_exercises / "vector_add" / "solution.cl").read_text()
    # Every work-item reads c[0] while work-item 0 writes it; times 0, so right by luck.
    racy = solution.replace("c[i] = a[i] + b[i];", "c[i] = a[i] + b[i] + 0.0f * c[0];")
    assert racy != solution
    paste(window, racy)
    report = check(qtbot, window, panel)
    assert all(case.passed for case in report.cases)
    assert report.status == FAILING and panel.status_of("vector_add") == FAILING
    chosen = panel.results.cases.currentItem()
    assert chosen is not None
    assert (chosen.text(0), chosen.text(1)) == ("memory check (Oclgrind)", "FAIL")
    line = next(n for n, text in enumerate(racy.splitlines(), 1) if "c[0]" in text)
    assert f"line {line}: data-race" in panel.results.details.text()
    assert "not timed" in panel.results.performance.text()


def test_a_failing_check_shows_every_case_and_its_story_at_1280_by_800(
    qtbot: QtBot, make_window: Callable[..., MainWindow], small_exercises: Path
) -> None:
    window = make_window(size=(1280, 800))
    panel = show_panel(window)
    click(qtbot, panel.open_button)
    solution = (small_exercises / "vector_add" / "solution.cl").read_text()
    paste(window, solution.replace("c[i] = a[i] + b[i];", "c[i] = a[i] - b[i];"))
    report = check(qtbot, window, panel)
    assert report.status == FAILING
    cases = panel.results.cases
    rows = [cases.topLevelItem(i) for i in range(cases.topLevelItemCount())]
    assert len(rows) >= 5
    story = panel.results.findChild(QScrollArea, "exerciseCheckStory")
    assert story is not None

    def whole() -> bool:
        inside = cases.viewport().rect()
        listed = all(r is not None and inside.contains(cases.visualItemRect(r)) for r in rows)
        return listed and story.verticalScrollBar().maximum() == 0

    # The Results dock gives the Check tab the room it asks for, without a splitter dragged.
    qtbot.waitUntil(whole, timeout=5_000)
    assert "expected" in panel.results.details.text()
