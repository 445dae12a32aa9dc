"""The Exercises dock read whole at 1280 x 800 and 1920 x 1080, in English and Chinese: the
list shows its first rows whole, the statement wraps instead of scrolling sideways, and a
check's verdict (the chosen case and the timing) can be read without scrolling."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clstudio.common.translation import LANGUAGE_VARIABLE
from clstudio.exercises import COURSE_ORDER, exercises_dir
from clstudio.ui.exercises.exercises_panel import LIST_ROWS_AT_FIRST, ExercisesPanel
from clstudio.ui.language import install_translators, remove_translators
from clstudio.ui.main_window import MainWindow
from ui.layouts import settle_layouts
from ui.qt_items import tree_item

pytestmark = pytest.mark.opencl


@pytest.fixture(autouse=True)
def every_exercise(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole course, vector_add's timed case shrunk so that its check takes a moment."""
    folder = tmp_path / "course"
    shutil.copytree(exercises_dir(), folder)
    spec = folder / "vector_add" / "exercise.json"
    data = json.loads(spec.read_text())
    data["performance"].update(sizes={"n": 65536}, repeats=3)
    spec.write_text(json.dumps(data))
    monkeypatch.setenv("CLSTUDIO_EXERCISES", str(folder))


@pytest.fixture(params=["en", "zh_CN"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    if request.param == "en":
        yield "en"
        return
    translators = install_translators(qapp, "zh_CN")
    assert translators, "no catalogue for zh_CN: run `make` (it compiles them)"
    yield "zh_CN"
    remove_translators(qapp, translators)
    os.environ[LANGUAGE_VARIABLE] = "en"  # as tests/conftest.py has it


def whole_rows(panel: ExercisesPanel) -> int:
    """The rows of the list the user sees from top to bottom, none cut at its foot."""
    view = panel.list.viewport().rect()
    items = (tree_item(panel.list, row) for row in range(panel.list.topLevelItemCount()))
    return sum(view.contains(panel.list.visualItemRect(item)) for item in items)


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=["1280x800", "1920x1080"])
def test_list_statement_and_verdict_are_read_whole(
    qtbot: QtBot, make_window: Callable[..., MainWindow], language: str, size: tuple[int, int]
) -> None:
    window = make_window()
    window.resize(*size)
    window.exercises_dock.raise_()
    panel = window.exercises.panel
    qtbot.waitUntil(lambda: panel.list.topLevelItemCount() == len(COURSE_ORDER))
    settle_layouts()
    qtbot.waitUntil(lambda: whole_rows(panel) >= LIST_ROWS_AT_FIRST)

    row = tree_item(panel.list, 2)  # "3. Sum reduction in __local memory": a long title
    qtbot.mouseClick(
        panel.list.viewport(),
        Qt.MouseButton.LeftButton,
        pos=panel.list.visualItemRect(row).center(),
    )
    panel.select("gemm_tiled")  # its statement holds a kernel's signature in a code block
    settle_layouts()
    assert "__kernel void gemm(" in panel.statement.toPlainText()
    assert panel.statement.horizontalScrollBar().maximum() == 0  # wrapped, not sideways

    panel.select("vector_add")
    qtbot.mouseClick(panel.open_button, Qt.MouseButton.LeftButton)
    solution = (exercises_dir() / "vector_add" / "solution.cl").read_text()
    window.editor_panel.editor.setPlainText(solution)
    with qtbot.waitSignal(window.exercises.runner.checkFinished, timeout=120_000):
        qtbot.mouseClick(panel.check_button, Qt.MouseButton.LeftButton)
    results = panel.results
    assert panel.tabs.currentWidget() is results
    performance = results.performance.text()
    assert ("target" in performance) if language == "en" else ("目标" in performance)
    # The chosen case's story and the timing, the verdict's details, whole in view.
    qtbot.waitUntil(lambda: results.story_hidden_height() == 0, timeout=10_000)
    assert results.cases.currentItem() is tree_item(results.cases, 0)
    assert whole_rows(panel) >= 3  # the list yields rows, down to three
