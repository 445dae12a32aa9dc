"""The pieces of the form on their own: contents, buffers, the NDRange and the index space."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from clstudio.common.dtypes import parse_element_type
from clstudio.common.results import KernelArgInfo
from clstudio.session.args import BufferArg, Init
from clstudio.ui.args import IndexSpaceView, NDRangeEditor
from clstudio.ui.args.buffer_editor import BufferEditor
from clstudio.ui.args.index_space_view import shown_groups
from clstudio.ui.args.init_editor import InitEditor, parse_values
from clstudio.ui.args.ndrange_editor import Range
from clstudio.validation.index_space import FillChoice, IndexSpace
from ui.window_steps import retype

UCHAR = parse_element_type("uchar")
FLOAT = parse_element_type("float")


def buffer_editor(qtbot: QtBot, spec: BufferArg, base_dir: Path | None = None) -> BufferEditor:
    editor = BufferEditor(KernelArgInfo("d", "uchar*", "global", "none", False))
    qtbot.addWidget(editor)
    editor.set_spec(spec, base_dir)
    return editor


def spec_of(editor: BufferEditor) -> BufferArg:
    """The argument the editor makes now, which the test expects to be complete."""
    spec = editor.spec()
    assert isinstance(spec, BufferArg), editor.problem()
    return spec


def picture_item(contents: InitEditor) -> QStandardItem:
    """The contents menu's "a sample picture" entry."""
    model = contents.kind.model()
    assert isinstance(model, QStandardItemModel)
    item = model.item(contents.kind.findData("image"))
    assert item is not None
    return item


def test_each_contents_kind_shows_its_own_fields(qtbot: QtBot) -> None:
    editor = buffer_editor(qtbot, BufferArg(UCHAR, (4,), Init("random", {"low": 0, "high": 256})))
    contents = editor.contents
    assert [contents.fields[f"random.{n}"].text() for n in ("low", "high")] == ["0", "256"]
    assert spec_of(editor).init == Init("random", {"low": 0, "high": 256})
    contents.kind.setCurrentIndex(contents.kind.findData("ones"))
    assert contents._stack.isHidden()
    assert spec_of(editor).init == Init("ones")
    contents.kind.setCurrentIndex(contents.kind.findData("fill"))
    fill = contents.fields["fill.value"]
    retype(qtbot, fill, "256")
    assert fill.text() == "25"  # a uchar holds at most 255
    assert spec_of(editor).init == Init("fill", {"value": 25})


def test_random_bounds_must_be_ordered(qtbot: QtBot) -> None:
    editor = buffer_editor(qtbot, BufferArg(FLOAT, (4,), Init("random", {"low": 0, "high": 1})))
    retype(qtbot, editor.contents.fields["random.low"], "2")
    assert editor.spec() is None
    assert editor.problem() == "random: low (2.0) must be less than high (1.0)"


def test_a_values_list_must_hold_every_element(qtbot: QtBot) -> None:
    editor = buffer_editor(qtbot, BufferArg(UCHAR, (2, 2)))
    edited: list[BufferArg | None] = []
    editor.specEdited.connect(edited.append)
    contents = editor.contents
    contents.kind.setCurrentIndex(contents.kind.findData("values"))
    retype(qtbot, contents.values, "1, 2, 3")
    assert editor.problem() == "values: 3 given, but the buffer holds 4"
    assert edited[-1] is None
    qtbot.keyClicks(contents.values, ", 4")
    last = edited[-1]
    assert last is not None and last.init == Init("values", {"values": [1, 2, 3, 4]})
    assert parse_values("[[1, 2], [3, 4]]") == [[1, 2], [3, 4]]
    assert parse_values("[[1, 2], [3]]") is None
    assert parse_values("1, x") is None


def test_a_npy_file_is_chosen_relative_to_the_session(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    np.save(tmp_path / "data.npy", np.arange(4, dtype=np.uint8))
    editor = buffer_editor(qtbot, BufferArg(UCHAR, (4,)), base_dir=tmp_path)
    contents = editor.contents
    contents.kind.setCurrentIndex(contents.kind.findData("file"))
    assert editor.problem() == "file: give the path of a .npy file"
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a: (str(tmp_path / "data.npy"), ""))
    contents.browse.click()
    assert contents.path.text() == "data.npy"
    assert spec_of(editor).init == Init("file", {"path": "data.npy"})
    retype(qtbot, contents.path, "missing.npy")
    assert editor.problem() == "file: missing.npy not found"


def test_a_2d_buffer_of_scalars_takes_a_sample_picture(qtbot: QtBot) -> None:
    editor = buffer_editor(qtbot, BufferArg(UCHAR, (48, 64)))
    editor.show()
    contents = editor.contents
    assert contents.kind.itemText(contents.kind.findData("image")) == "a sample picture"
    assert picture_item(contents).isEnabled()
    contents.kind.setCurrentIndex(contents.kind.findData("image"))
    assert contents.picture.isVisible()
    assert spec_of(editor).init == Init("image", {"name": "test_picture"})
    contents.picture.setCurrentIndex(contents.picture.findData("checkerboard"))
    assert editor.spec() == BufferArg(UCHAR, (48, 64), Init("image", {"name": "checkerboard"}))

    retype(qtbot, editor.shape, "3072")
    assert editor.spec() is None
    assert editor.problem() == (
        "picture: a sample picture fills a 2-D buffer, shape [height, width]; "
        "this one has shape [3072]"
    )
    assert not picture_item(contents).isEnabled()
    assert "shape [height, width]" in picture_item(contents).toolTip()

    retype(qtbot, editor.shape, "48, 64")
    assert picture_item(contents).isEnabled() and picture_item(contents).toolTip() == ""
    assert spec_of(editor).init == Init("image", {"name": "checkerboard"})

    editor.element.setCurrentIndex(editor.element.findData("uchar4"))
    assert editor.problem() == (
        "picture: a sample picture fills a buffer of scalars with gray values; "
        "uchar4 is a vector type"
    )
    assert not picture_item(contents).isEnabled()
    editor.element.setCurrentIndex(editor.element.findData("float"))
    assert editor.spec() == BufferArg(FLOAT, (48, 64), Init("image", {"name": "checkerboard"}))


def test_a_sample_picture_is_greyed_out_for_a_1d_buffer(qtbot: QtBot) -> None:
    editor = buffer_editor(qtbot, BufferArg(UCHAR, (4,)))
    contents = editor.contents
    assert not picture_item(contents).isEnabled()
    assert picture_item(contents).toolTip() == (
        "a sample picture fills a 2-D buffer, shape [height, width]; this one has shape [4]"
    )


def test_access_auto_follows_the_kernels_const(qtbot: QtBot) -> None:
    editor = buffer_editor(qtbot, BufferArg(UCHAR, (4,)))
    assert editor.access.currentText() == "auto: inout"
    editor.access.setCurrentIndex(editor.access.findData("out"))
    assert spec_of(editor).access == "out"


def test_ndrange_dimensions_grow_and_shrink(qtbot: QtBot) -> None:
    editor = NDRangeEditor()
    qtbot.addWidget(editor)
    editor.set_range((64, 32), (8, 4))
    ranges: list[Range] = []
    editor.rangeEdited.connect(ranges.append)
    editor.dims.setCurrentIndex(2)
    assert ranges.pop() == ((64, 32, 1), (8, 4, 1))
    assert not editor.global_fields[2].isHidden()
    editor.dims.setCurrentIndex(0)
    assert ranges.pop() == ((64,), (8,))
    assert editor.global_fields[1].isHidden()


def test_ndrange_reports_incomplete_fields(qtbot: QtBot) -> None:
    editor = NDRangeEditor()
    qtbot.addWidget(editor)
    editor.set_range((64,), None)
    ranges: list[Range] = []
    editor.rangeEdited.connect(ranges.append)
    retype(qtbot, editor.global_fields[0], "0")
    assert ranges[-1] is None  # sizes start at 1
    assert editor.global_fields[0].property("invalid") is True
    assert editor.problem() == (
        "the global size in dimension 0 takes a whole number from 1 to 17179869184"
    )


def test_fill_menu_lists_the_buffers(qtbot: QtBot) -> None:
    editor = NDRangeEditor()
    qtbot.addWidget(editor)
    assert not editor.fill.isEnabled()
    editor.set_buffers([FillChoice("img", (512, 512), (512, 512))])
    assert [a.text() for a in editor.fill_menu.actions()] == [
        "from img: 512 x 512 (shape 512, 512)"
    ]
    assert editor.fill.isEnabled()


def test_index_space_view_summarises_and_elides_groups(qtbot: QtBot) -> None:
    view = IndexSpaceView()
    qtbot.addWidget(view)
    view.set_space(IndexSpace((1000,), (64,)))
    assert view.summary_text() == "1000 work-items in 16 groups of 64; the last group has 40"
    view.set_space(IndexSpace((4096, 4096), (16, 16)))
    assert view.summary_text().startswith("4096 x 4096 = 16777216 work-items in 256 x 256")
    assert shown_groups(3, 16) == [0, 1, 2]
    assert shown_groups(256, 6) == [0, 1, 2, 3, None, 255]
    view.show()
    assert view.picture.height() > 0
