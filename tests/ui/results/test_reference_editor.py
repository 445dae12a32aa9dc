"""References written in the Outputs tab: checked as typed, then on the last run at once."""

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clstudio.common.results import RunResult
from clstudio.reporting import FinishedRun
from clstudio.session import Reference
from clstudio.session.format import Session
from clstudio.ui.results.outputs.outputs_panel import OutputsPanel
from clstudio.ui.results.outputs.reference_editor import read_reference
from ui.qt_items import current_text
from ui.results.shown_runs import GalleryRun, ShowGallery
from ui.window_steps import retype

pytestmark = pytest.mark.opencl


@pytest.fixture
def unchecked_run(
    gallery_run: GalleryRun,
) -> tuple[Session, RunResult]:
    """vector_add as if its session had no reference for c."""
    run = gallery_run("vector_add")
    return replace(run.session, references={}), replace(run.result, references={})


def test_an_expression_typed_for_an_unchecked_output_is_checked_on_the_last_run(
    qtbot: QtBot, panel: OutputsPanel, unchecked_run: tuple[Session, RunResult]
) -> None:
    panel.show_run(FinishedRun(*unchecked_run))
    entry = panel.current_entry()
    assert entry is not None and entry.name == "c"
    assert "No reference for 'c' yet: type one below" in panel.reference_label.text()
    assert panel.reference_editor.isVisible()
    assert not panel.reference_editor.remove_button.isEnabled()

    edits = []
    panel.referenceEdited.connect(lambda *args: edits.append(args))
    qtbot.keyClicks(panel.reference_editor.expression, "a + b")
    assert "Reference check passed" in panel.reference_label.text()
    assert "all 1048576 values match" in panel.reference_label.text()
    assert current_text(panel.buffer_list).startswith("c — result  ✓")
    assert panel.reference_editor.message.text() == ""
    assert edits[-1] == ("c", Reference("a + b", 1e-5, 1e-6))

    qtbot.keyClicks(panel.reference_editor.expression, " + 1")
    assert "Reference check FAILED" in panel.reference_label.text()
    assert current_text(panel.buffer_list).startswith("c — result  ✗")
    assert panel.worst_button.isEnabled()


def test_a_broken_expression_shows_why_under_the_field_and_changes_nothing(
    qtbot: QtBot, panel: OutputsPanel, unchecked_run: tuple[Session, RunResult]
) -> None:
    panel.show_run(FinishedRun(*unchecked_run))
    edits = []
    panel.referenceEdited.connect(lambda *args: edits.append(args))
    qtbot.keyClicks(panel.reference_editor.expression, "a + d")
    assert "The expression fails" in panel.reference_editor.message.text()
    assert "'d'" in panel.reference_editor.message.text()
    assert [args for args in edits if args[1] is not None and args[1].expr == "a + d"] == []

    retype(qtbot, panel.reference_editor.expression, "__import__('os')")
    assert "The expression fails" in panel.reference_editor.message.text()
    retype(qtbot, panel.reference_editor.expression, "a + b")
    retype(qtbot, panel.reference_editor.rtol, "tight")
    assert "rtol must be a number of 0 or more" in panel.reference_editor.message.text()
    assert edits[-1][1] == Reference("a + b", 1e-5, 1e-6)  # the last good one stands


def test_removing_a_reference_leaves_the_output_unchecked(
    qtbot: QtBot, panel: OutputsPanel, show_gallery: ShowGallery
) -> None:
    run = show_gallery(panel, "vector_add")
    assert panel.reference_editor.expression.text() == run.session.references["c"].expr
    assert "Reference check passed" in panel.reference_label.text()
    with qtbot.waitSignal(panel.referenceEdited) as removed:
        qtbot.mouseClick(panel.reference_editor.remove_button, Qt.MouseButton.LeftButton)
    assert removed.args == ["c", None]
    assert "No reference for 'c' yet" in panel.reference_label.text()
    assert panel.reference_editor.expression.text() == ""
    assert not panel.worst_button.isVisible()
    assert current_text(panel.buffer_list).startswith("c — result\n")


def test_inputs_have_no_reference_editor(panel: OutputsPanel, show_gallery: ShowGallery) -> None:
    show_gallery(panel, "vector_add")
    assert panel.select_buffer("a", "input")
    assert not panel.reference_editor.isVisible()


def test_read_reference_names_what_is_wrong() -> None:
    names = ("a", "b")
    assert str(read_reference("", "1e-5", "0", names)).startswith("Type an expression")
    assert str(read_reference("a", "-1", "0", names)).startswith("rtol must be")
    assert str(read_reference("a", "0", "nan", names)).startswith("atol must be")
    assert read_reference(" a*2 ", "0.01", "0", names) == Reference("a*2", 0.01, 0.0)
