"""Named sizes in the window: one field at the top of the form drives every place that
names it, and a new kernel's count and buffers are offered one size."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from clstudio.session.args import BufferArg, ScalarArg
from clstudio.session.format import load_session
from clstudio.ui.args import ArgsPanel
from clstudio.ui.args.buffer_editor import BufferEditor
from clstudio.ui.args.scalar_editor import ScalarEditor
from clstudio.ui.main_window import MainWindow
from session.session_testing import arg_of
from ui.args.form_bench import editor_of
from ui.window_steps import open_file, open_gallery, retype

pytestmark = pytest.mark.opencl

KERNELS = Path(__file__).resolve().parents[3] / "kernels"
COUNTED = """\
__kernel void scale(__global const float *x, __global float *y, const uint n) {
    size_t i = get_global_id(0);
    if (i < n) y[i] = 2.0f * x[i];
}
"""


def test_the_size_field_drives_the_shapes_the_count_and_the_range(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel = open_gallery(qtbot, window, "vector_add")
    size = panel.sizes.fields["N"]
    assert panel.sizes.title.isVisible() and size.text() == "1048576"
    for name in ("a", "b", "c"):
        assert editor_of(panel, name, BufferEditor).shape_link.text() == "= N"
    assert editor_of(panel, "n", ScalarEditor).link.text() == "= N"
    assert panel.ndrange.global_link.text() == "= N"

    retype(qtbot, size, "1000003")
    session = window.workbench.document.session
    assert {arg_of(session, name, BufferArg).shape for name in ("a", "b", "c")} == {(1000003,)}
    assert arg_of(session, "n", ScalarArg).value == 1000003
    assert session.global_size == (1000003,)
    assert editor_of(panel, "a", BufferEditor).shape.text() == "1000003"
    assert editor_of(panel, "n", ScalarEditor).lanes[0].text() == "1000003"
    assert panel.ndrange.global_fields[0].text() == "1000003"
    assert window.isWindowModified()


def test_typing_over_a_linked_shape_unlinks_that_place_alone(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    panel = open_gallery(qtbot, window, "vector_add")
    c = editor_of(panel, "c", BufferEditor)
    retype(qtbot, c.shape, "64")
    assert not c.shape_link.isVisible()
    assert editor_of(panel, "a", BufferEditor).shape_link.isVisible()

    retype(qtbot, panel.sizes.fields["N"], "128")
    session = window.workbench.document.session
    assert arg_of(session, "a", BufferArg).shape == (128,) and arg_of(
        session, "c", BufferArg
    ).shape == (64,)
    assert c.shape.text() == "64"
    window.files.save_to(tmp_path / "mine.json")
    saved = load_session(tmp_path / "mine.json")
    assert saved.size_links[("args", "a", "shape", 0)] == "N"
    assert ("args", "c", "shape", 0) not in saved.size_links


def test_a_size_that_no_longer_fits_is_refused_with_the_place(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel = open_gallery(qtbot, window, "vector_add")
    retype(qtbot, panel.sizes.fields["N"], "0")
    assert "the size N takes a whole number from 1" in panel.sizes.problem.text()
    assert window.workbench.document.session.sizes == {"N": 1048576}


def test_a_new_kernels_count_and_buffers_are_offered_one_size(
    qtbot: QtBot, window: MainWindow, type_kernel: Callable[..., ArgsPanel]
) -> None:
    window.files.new_document()
    panel = type_kernel(window, COUNTED, "n")
    offer = panel.sizes.suggest
    assert offer.isVisible() and offer.text() == "Make N a named size"
    assert "n, x, y and the global size" in offer.toolTip()

    qtbot.mouseClick(offer, Qt.MouseButton.LeftButton)
    assert not offer.isVisible()
    assert panel.sizes.fields["N"].text() == "1024"
    assert editor_of(panel, "n", ScalarEditor).lanes[0].text() == "1024"
    assert editor_of(panel, "y", BufferEditor).shape_link.text() == "= N"

    retype(qtbot, panel.sizes.fields["N"], "300")
    session = window.workbench.document.session
    assert session.sizes == {"N": 300}
    assert arg_of(session, "x", BufferArg).shape == arg_of(session, "y", BufferArg).shape == (300,)
    assert arg_of(session, "n", ScalarArg).value == 300 and session.global_size == (300,)


def test_reopening_a_session_of_an_odd_size_shows_the_auto_local_size_it_showed(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    panel = open_gallery(qtbot, window, "vector_add")
    local = panel.ndrange.local_fields[0]
    assert panel.ndrange.auto.isChecked() and local.text() == "256" and not local.isEnabled()
    retype(qtbot, panel.sizes.fields["N"], "1000003")
    assert local.text() == "256"
    target = tmp_path / "odd.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(target), ""))
    assert window.files.save_as()

    window.files.new_document()
    open_file(qtbot, window, target)
    local = window.arguments_panel.ndrange.local_fields[0]
    assert local.text() == "256" and not local.isEnabled()
    # Switching auto off starts from a size that divides 1000003, and says nothing wrong.
    qtbot.mouseClick(window.arguments_panel.ndrange.auto, Qt.MouseButton.LeftButton)
    assert window.workbench.document.session.local_size is not None
    assert 1000003 % window.workbench.document.session.local_size[0] == 0
