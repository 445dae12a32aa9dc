"""The editor panel as the user meets it: type, pause, see the build where the eye is."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCharFormat
from PySide6.QtWidgets import QTabWidget
from pytestqt.qtbot import QtBot

from clstudio.common.results import BuildResult
from clstudio.ui.editor.build_controller import LIVE_DELAY_MS
from clstudio.ui.editor.editor_panel import EditorPanel
from clstudio.ui.main_window import MainWindow
from ui.editor.editor_testing import FakeBackend, fake_build, type_source
from ui.qt_items import tree_item
from ui.shown_widgets import shown

GOOD = "__kernel void scale(__global float *x, float k)\n{\n    x[0] *= k;\n}\n"
BROKEN = "__kernel void scale(__global float *x, float k)\n{\n    x[0] *= ERROR;\n}\n"


@pytest.fixture
def make_panel(qtbot: QtBot, backend: FakeBackend) -> Iterator[Callable[..., EditorPanel]]:
    panels: list[EditorPanel] = []

    def make(delay_ms: int = 20) -> EditorPanel:
        panel = shown(qtbot, EditorPanel(backend, delay_ms), 800, 500)
        panels.append(panel)
        return panel

    yield make
    backend.release_all()
    for panel in panels:
        panel.wait_for_build()


def squiggled(panel: EditorPanel) -> list[tuple[int, int, str]]:
    found = []
    for selection in panel.editor.extraSelections():
        if selection.format.underlineStyle() == QTextCharFormat.UnderlineStyle.SpellCheckUnderline:
            cursor = selection.cursor
            block = panel.editor.document().findBlock(cursor.selectionStart())
            column = cursor.selectionStart() - block.position()
            found.append((block.blockNumber() + 1, column + 1, cursor.selectedText()))
    return found


def replace_text(qtbot: QtBot, panel: EditorPanel, text: str) -> None:
    panel.editor.selectAll()
    type_source(qtbot, panel.editor, text)


def test_a_live_build_follows_the_pause_and_only_the_newest_result_shows(
    qtbot: QtBot, make_panel: Callable[..., EditorPanel], backend: FakeBackend
) -> None:
    backend.hold = True
    panel = make_panel(LIVE_DELAY_MS)
    shown: list[BuildResult] = []
    panel.buildFinished.connect(shown.append)

    qtbot.keyClicks(panel.editor, "__kernel void scale(__global float *x) { x[0] = ERROR; }")
    assert backend.started() == 0, "no build while typing"
    with qtbot.waitSignal(panel.buildStarted, timeout=10 * LIVE_DELAY_MS):
        pass
    assert panel.status_label.text() == "Building…"

    # The user goes on typing while that build runs, and fixes the error.
    replace_text(qtbot, panel, GOOD)
    with qtbot.waitSignal(panel.buildStarted, timeout=10 * LIVE_DELAY_MS):
        backend.release(0)  # the old text's answer arrives late: dropped
    assert shown == []
    assert panel.problems.count() == 0 and panel.editor.gutter.marks() == {}
    with qtbot.waitSignal(panel.buildFinished):
        backend.release(1)

    assert shown == [fake_build(GOOD)]
    assert [call[0] for call in backend.calls] == [
        "__kernel void scale(__global float *x) { x[0] = ERROR; }",
        GOOD,
    ]
    assert panel.status_label.text() == "Built in 12 ms: 1 kernel"
    assert panel.kernel_picker.currentText() == "scale (2 args)"


def test_an_error_is_squiggled_listed_and_a_click_jumps_there(
    qtbot: QtBot, make_panel: Callable[..., EditorPanel]
) -> None:
    panel = make_panel()
    with qtbot.waitSignal(panel.buildFinished):
        type_source(qtbot, panel.editor, BROKEN)
    # The editor indented line 3 by itself.
    assert panel.source() == BROKEN
    assert squiggled(panel) == [(3, 13, "ERROR")]
    assert panel.editor.gutter.marks() == {3: "error"}
    assert panel.problems.rows() == [("Error", "3:13", "use of undeclared identifier 'ERROR'")]
    assert panel.status_label.text() == "1 error"
    assert "3:13: error: use of undeclared identifier 'ERROR'" in panel.build_log.toPlainText()

    # As the window does: the Problems list goes into its bottom tabs.
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    tabs.addTab(panel.problems, "Problems")
    tabs.addTab(panel.build_log, "Build log")
    tabs.resize(700, 200)
    tabs.show()
    panel.editor.go_to(1)
    tree = panel.problems.tree
    with qtbot.waitSignal(panel.problemActivated) as activated:
        rect = tree.visualItemRect(tree_item(tree, 0))
        qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert activated.args == [3, 13]
    cursor = panel.editor.textCursor()
    assert (cursor.blockNumber(), cursor.positionInBlock()) == (2, 12)


def test_kernels_of_the_last_good_build_stay_usable_and_are_marked_stale(
    qtbot: QtBot, make_panel: Callable[..., EditorPanel]
) -> None:
    panel = make_panel()
    with qtbot.waitSignal(panel.buildFinished):
        panel.set_source(GOOD)
    assert panel.kernel_picker.currentText() == "scale (2 args)"

    with qtbot.waitSignal(panel.buildFinished):
        replace_text(qtbot, panel, BROKEN)
    assert panel.kernel_picker.currentText() == "scale (2 args) (stale)"
    assert panel.kernel_picker.isEnabled()
    assert panel.status_label.text() == "1 error; the kernel list is from the last good build"

    with qtbot.waitSignal(panel.buildFinished):
        replace_text(qtbot, panel, GOOD)
    assert panel.kernel_picker.currentText() == "scale (2 args)"
    assert not panel.kernel_picker.is_stale()


def test_a_renamed_kernel_is_chosen_in_place_of_the_old_name(
    qtbot: QtBot, make_panel: Callable[..., EditorPanel]
) -> None:
    panel = make_panel()
    panel.set_kernel("scale")
    with qtbot.waitSignal(panel.buildFinished):
        panel.set_source(GOOD)
    with qtbot.assertNotEmitted(panel.kernelChosen), qtbot.waitSignal(panel.buildFinished):
        panel.set_source(GOOD + "__kernel void other(__global int *y) {}\n")
    with qtbot.waitSignal(panel.kernelChosen) as chosen:
        replace_text(qtbot, panel, GOOD.replace("scale", "scale2"))
    assert chosen.args == ["scale2"]


def test_options_are_built_with_and_announced(
    qtbot: QtBot, make_panel: Callable[..., EditorPanel], backend: FakeBackend
) -> None:
    panel = make_panel()
    with qtbot.waitSignal(panel.buildFinished):
        panel.set_source(GOOD)
    with qtbot.waitSignal(panel.optionsChanged) as announced:
        next(a for a in panel.options_edit.menu.actions() if a.text() == "-cl-std=CL2.0").trigger()
    assert announced.args == ["-cl-std=CL2.0"]
    with qtbot.waitSignal(panel.buildFinished) as finished:
        pass
    assert finished.args[0].options == "-cl-std=CL2.0"
    assert backend.calls[-1] == (GOOD, "-cl-std=CL2.0", None)


def test_opening_a_session_is_no_edit_and_builds_once(
    qtbot: QtBot, make_panel: Callable[..., EditorPanel], backend: FakeBackend
) -> None:
    panel = make_panel()
    with qtbot.assertNotEmitted(panel.sourceEdited), qtbot.assertNotEmitted(panel.optionsChanged):
        panel.set_options("-D N=4")
        panel.set_kernel("scale")
        with qtbot.waitSignal(panel.buildFinished):
            panel.set_source(GOOD)
    assert backend.calls == [(GOOD, "-D N=4", None)]
    assert not panel.controller.is_pending()
    assert not panel.editor.document().isUndoAvailable()


def test_with_live_build_off_only_the_build_button_builds(
    qtbot: QtBot, make_panel: Callable[..., EditorPanel], backend: FakeBackend
) -> None:
    panel = make_panel()
    panel.live_check.click()
    assert not panel.is_live()
    with qtbot.waitSignal(panel.sourceEdited):
        type_source(qtbot, panel.editor, GOOD)
    assert not panel.controller.is_pending() and backend.calls == []
    assert panel.status_label.text().startswith("Edited; live build is off")
    with qtbot.waitSignal(panel.buildFinished):
        panel.build_button.click()
    assert backend.calls == [(GOOD, "", None)]


def test_a_crashed_build_shows_in_the_log_and_status(
    qtbot: QtBot, make_panel: Callable[..., EditorPanel]
) -> None:
    panel = make_panel()
    with qtbot.waitSignal(panel.buildCrashed):
        panel.set_source("RAISE")
    assert "RuntimeError: the driver fell over" in panel.build_log.toPlainText()
    assert panel.status_label.text() == "The build did not finish: see the Build log"


def test_the_status_line_shows_the_cursor_position(
    make_panel: Callable[..., EditorPanel],
) -> None:
    panel = make_panel()
    panel.editor.set_source(GOOD)
    panel.editor.go_to(3, 5)
    assert panel.position_label.text() == "Ln 3, Col 5"


def test_find_and_replace_open_from_the_panel(
    make_panel: Callable[..., EditorPanel],
) -> None:
    panel = make_panel()
    panel.editor.set_source(GOOD)
    panel.open_replace()
    assert panel.find_bar.isVisible() and panel.find_bar.is_replacing()
    panel.find_bar.find_field.setText("x[0]")
    panel.find_bar.replace_field.setText("x[1]")
    assert panel.find_bar.replace_all() == 1
    assert "x[1] *= k;" in panel.source()


def test_build_on_unchanged_text_says_it_is_up_to_date(
    qtbot: QtBot, make_panel: Callable[..., EditorPanel], backend: FakeBackend
) -> None:
    panel = make_panel()
    with qtbot.waitSignal(panel.buildFinished):
        panel.set_source(GOOD)
    assert panel.status_label.text().startswith("Built in")
    panel.build_button.click()
    assert panel.status_label.text() == "Up to date (built 0 s ago)"
    assert backend.calls == [(GOOD, "", None)]  # nothing built twice

    panel.live_check.click()  # so that only the button builds the edit
    type_source(qtbot, panel.editor, "x")
    with qtbot.waitSignal(panel.buildFinished):
        panel.build_button.click()
    assert panel.status_label.text().startswith("Built in")
    assert len(backend.calls) == 2


def test_at_1280_by_800_the_gallerys_long_comments_wrap_inside_the_editor(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window(size=(1280, 800))
    path = Path(__file__).resolve().parents[3] / "kernels" / "matmul_tiled.json"
    assert window.files.open_example(path, "matmul_tiled")
    editor = window.editor_panel.editor
    qtbot.waitUntil(lambda: editor.source().startswith("// Matrix multiply"))
    block = editor.document().findBlockByNumber(2)  # "// The work-group computes a TILE x ..."
    assert block.text().startswith("// The work-group computes")
    qtbot.waitUntil(lambda: (block.layout().lineCount() if block.layout() else 0) >= 2)
    assert editor.horizontalScrollBar().maximum() == 0  # nothing to scroll to sideways
