"""The arguments form on gallery kernels built on PoCL: what it shows, and the session it makes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clstudio.common.results import KernelSignature, RunError
from clstudio.devices.limits import DeviceLimits
from clstudio.session.args import BufferArg, ImageArg, Init, LocalArg, SamplerArg, ScalarArg
from clstudio.session.format import Session, parse_session, session_to_dict
from clstudio.ui.args import ArgsPanel
from clstudio.ui.args.buffer_editor import BufferEditor
from clstudio.ui.args.image_editor import ImageEditor, SamplerEditor
from clstudio.ui.args.local_editor import LocalEditor
from clstudio.ui.args.scalar_editor import ScalarEditor
from clstudio.validation.validate import validate
from session.session_testing import arg_of
from ui.args.form_bench import FormBench, editor_of, row_of
from ui.window_steps import retype

pytestmark = pytest.mark.opencl


def test_the_form_shows_each_argument_in_order(
    bench: FormBench,
    panel: ArgsPanel,
    gallery: Callable[[str], Session],
    limits: DeviceLimits,
) -> None:
    session = gallery("saxpy")
    bench.open(session, limits)
    assert panel.title.text() == "Arguments of saxpy"
    assert [row.name_label.text() for row in panel.rows()] == ["a", "x", "y", "n"]
    assert [row.type_label.text() for row in panel.rows()] == [
        "float",
        "__global const float*",
        "__global float*",
        "uint",
    ]
    x = editor_of(panel, "x", BufferEditor)
    assert x.shape.text() == "1048576"
    assert x.bytes.text() == "= 4 MiB"
    assert x.element.currentText() == "float"
    assert x.access.currentText() == "in"
    assert x.contents.kind.currentData() == "random"
    assert editor_of(panel, "a", ScalarEditor).lanes[0].text() == "2.5"
    assert bench.session() == session
    assert bench.problems() == []


def test_typing_a_shape_changes_the_session_which_still_validates(
    bench: FormBench,
    qtbot: QtBot,
    panel: ArgsPanel,
    example: Callable[[str], tuple[KernelSignature, Session]],
    limits: DeviceLimits,
) -> None:
    signature, session = example("saxpy")
    bench.open(session, limits)
    shape = editor_of(panel, "x", BufferEditor).shape
    sessions = bench.edits()
    retype(qtbot, shape, "2048, 512")
    assert len(sessions) == 7  # one per keystroke that leaves a complete shape: not "2048,"
    assert arg_of(sessions[-1], "x", BufferArg).shape == (2048, 512)
    assert arg_of(bench.session(), "x", BufferArg).shape == (2048, 512)
    assert editor_of(panel, "x", BufferEditor).bytes.text() == "= 4 MiB"
    assert validate(bench.session(), signature, limits) == []
    retype(qtbot, shape, "1024")
    assert bench.session().args["x"] == BufferArg(
        arg_of(session, "x", BufferArg).dtype, (1024,), arg_of(session, "x", BufferArg).init, "in"
    )
    assert editor_of(panel, "x", BufferEditor).bytes.text() == "= 4 KiB"


def test_an_incomplete_shape_is_flagged_and_the_session_keeps_the_last_complete_one(
    bench: FormBench,
    qtbot: QtBot,
    panel: ArgsPanel,
    gallery: Callable[[str], Session],
    limits: DeviceLimits,
) -> None:
    session = gallery("saxpy")
    bench.open(session, limits)
    retype(qtbot, editor_of(panel, "y", BufferEditor).shape, "64,")
    assert row_of(panel, "y").message_text() == "shape: type sizes like 1024, or 64, 128"
    assert arg_of(bench.session(), "y", BufferArg).shape == (64,)  # the last complete shape typed
    assert [p.argument for p in bench.problems()] == ["y"]


def test_a_scalar_field_refuses_values_out_of_range_for_its_type(
    bench: FormBench,
    qtbot: QtBot,
    panel: ArgsPanel,
    limits: DeviceLimits,
) -> None:
    source = (
        "__kernel void k(__global uchar* d, uchar v, ulong big, float f, char c)"
        " { d[get_global_id(0)] = v + (uchar)big + (uchar)f + c; }"
    )
    bench.open(parse_session(_minimal(source, "k")), limits)
    v, big, f, c = (
        editor_of(panel, name, ScalarEditor).lanes[0] for name in ("v", "big", "f", "c")
    )
    retype(qtbot, v, "300")
    assert v.text() == "30"  # the last 0 would leave 0 to 255: refused
    assert bench.session().args["v"] == ScalarArg(30)
    retype(qtbot, big, "18446744073709551615")
    assert bench.session().args["big"] == ScalarArg(2**64 - 1)
    qtbot.keyClicks(big, "9")
    assert big.text() == "18446744073709551615"
    retype(qtbot, f, "1e39")
    assert f.text() == "1e3"
    retype(qtbot, c, "-129")
    assert c.text() == "-12"


def test_a_value_out_of_range_from_a_file_is_shown_and_flagged(
    bench: FormBench, panel: ArgsPanel, limits: DeviceLimits
) -> None:
    source = "__kernel void k(__global uchar* d, uchar v) { d[get_global_id(0)] = v; }"
    data = _minimal(source, "k")
    data["args"] = {"v": {"kind": "scalar", "value": 300}}
    bench.open(parse_session(data), limits)
    row = row_of(panel, "v")
    assert row.badge.text() == "type changed"
    assert row.note.text() == "value reset: 300 does not fit in uchar (0 to 255)"
    assert row.editor is not None
    assert editor_of(panel, "v", ScalarEditor).lanes[0].text() == "0"


def test_vector_scalars_get_one_field_per_lane(
    bench: FormBench,
    qtbot: QtBot,
    panel: ArgsPanel,
    limits: DeviceLimits,
) -> None:
    source = "__kernel void k(__global float4* d, float4 offset) { d[0] = offset; }"
    bench.open(parse_session(_minimal(source, "k")), limits)
    lanes = editor_of(panel, "offset", ScalarEditor).lanes
    assert [lane.placeholderText() for lane in lanes] == ["x", "y", "z", "w"]
    for lane, text in zip(lanes, ("1", "2", "3.5", "-4"), strict=True):
        retype(qtbot, lane, text)
    assert bench.session().args["offset"] == ScalarArg((1.0, 2.0, 3.5, -4.0))
    assert editor_of(panel, "d", BufferEditor).element.currentText() == "float4"


def test_a_local_argument_shows_its_bytes(
    bench: FormBench,
    qtbot: QtBot,
    panel: ArgsPanel,
    gallery: Callable[[str], Session],
    limits: DeviceLimits,
) -> None:
    session = gallery("reduction")
    bench.open(session, limits)
    scratch = row_of(panel, "scratch")
    assert scratch.type_label.text() == "__local float*"
    local = editor_of(panel, "scratch", LocalEditor)
    assert local.bytes.text() == "× float = 1 KiB per work-group (of 32 KiB)"
    retype(qtbot, local.count, "512")
    assert local.bytes.text() == "× float = 2 KiB per work-group (of 32 KiB)"
    assert arg_of(bench.session(), "scratch", LocalArg).count == 512
    retype(qtbot, local.count, "16384")
    assert "more than the 32 KiB of local memory" in panel.range_problems.text()


REBUILT = """
__kernel void saxpy(const float a, __global const double *x, __global float *y,
                    const uint count, const float bias)
{
    size_t i = get_global_id(0);
    if (i < count) y[i] = a * x[i] + y[i] + bias;
}
"""


def test_values_survive_a_rebuild_and_new_and_removed_arguments_show(
    bench: FormBench,
    qtbot: QtBot,
    panel: ArgsPanel,
    gallery: Callable[[str], Session],
    limits: DeviceLimits,
) -> None:
    session = gallery("saxpy")
    bench.open(session, limits)
    retype(qtbot, editor_of(panel, "y", BufferEditor).shape, "4096")
    retype(qtbot, editor_of(panel, "a", ScalarEditor).lanes[0], "3")
    bench.rebuild(REBUILT)

    assert [row.name for row in panel.rows()] == ["a", "x", "y", "count", "bias"]
    after = bench.session()
    assert after.args["a"] == ScalarArg(3.0)
    assert arg_of(after, "y", BufferArg).shape == (4096,)
    assert row_of(panel, "y").badge.isHidden()
    for name in ("count", "bias"):
        assert row_of(panel, name).badge.text() == "new"
        assert not row_of(panel, name).badge.isHidden()
    x = row_of(panel, "x")
    assert x.badge.text() == "type changed"
    assert x.note.text() == "element type now double (was float)"
    assert arg_of(after, "x", BufferArg).shape == (1048576,)
    assert arg_of(after, "x", BufferArg).init == arg_of(session, "x", BufferArg).init
    assert panel.removed.text() == "removed: n (uint)"
    assert "n" not in after.args
    assert after.references == session.references  # y, a and x are all still there


def test_auto_local_size_and_back(
    bench: FormBench,
    qtbot: QtBot,
    panel: ArgsPanel,
    gallery: Callable[[str], Session],
    limits: DeviceLimits,
) -> None:
    session = gallery("saxpy")
    bench.open(session, limits)
    ndrange = panel.ndrange
    assert ndrange.auto.isChecked()
    assert not ndrange.local_fields[0].isEnabled()
    assert panel.index_space.summary_text() == (
        "1048576 work-items; the OpenCL implementation picks the work-group size (auto)"
    )
    with qtbot.waitSignal(bench.workbench.documentChanged):
        qtbot.mouseClick(ndrange.auto, Qt.MouseButton.LeftButton)
    assert bench.session().local_size == (256,)
    assert panel.index_space.summary_text() == "1048576 work-items in 4096 groups of 256"
    with qtbot.waitSignal(bench.workbench.documentChanged):
        qtbot.mouseClick(ndrange.auto, Qt.MouseButton.LeftButton)
    assert bench.session().local_size is None


def test_the_global_size_fills_from_a_buffer(
    bench: FormBench,
    qtbot: QtBot,
    panel: ArgsPanel,
    gallery: Callable[[str], Session],
    limits: DeviceLimits,
) -> None:
    session = gallery("matmul_tiled")
    bench.open(session.with_ndrange((8, 8), session.local_size), limits)
    actions = panel.ndrange.fill_menu.actions()
    assert [a.text() for a in actions] == [
        "from a: 384 x 256 (shape 256, 384)",
        "from b: 320 x 384 (shape 384, 320)",
        "from c: 320 x 256 (shape 256, 320)",
    ]
    with qtbot.waitSignal(bench.workbench.documentChanged):
        actions[2].trigger()
    assert bench.session().global_size == (320, 256)
    assert [f.text() for f in panel.ndrange.global_fields[:2]] == ["320", "256"]
    assert bench.session().local_size == (16, 16)


def test_filling_from_a_one_dimensional_buffer_changes_the_dimensions(
    bench: FormBench,
    qtbot: QtBot,
    panel: ArgsPanel,
    gallery: Callable[[str], Session],
    limits: DeviceLimits,
) -> None:
    session = gallery("matmul_tiled")
    bench.open(session, limits)
    retype(qtbot, editor_of(panel, "c", BufferEditor).shape, "1000")
    action = panel.ndrange.fill_menu.actions()[2]
    assert action.text() == "from c: 1000"
    action.trigger()
    assert panel.ndrange.dims.currentText() == "1-D"
    assert bench.session().global_size == (1000,)
    assert bench.session().local_size == (8,)  # a suggestion that divides 1000


def test_a_bad_local_size_is_flagged_before_run(
    bench: FormBench,
    qtbot: QtBot,
    panel: ArgsPanel,
    gallery: Callable[[str], Session],
    limits: DeviceLimits,
) -> None:
    session = gallery("saxpy")
    bench.open(session, limits)
    retype(qtbot, panel.ndrange.global_fields[0], "1000")
    panel.ndrange.auto.click()
    retype(qtbot, panel.ndrange.local_fields[0], "64")
    assert bench.session().global_size == (1000,)
    assert bench.session().local_size == (64,)
    assert panel.index_space.summary_text() == (
        "1000 work-items in 16 groups of 64; the last group has 40"
    )
    problems = panel.range_problems.text()
    assert "the global size 1000 in dimension 0 is not a multiple of the local size 64" in problems
    assert panel.range_problems.isVisibleTo(panel)
    assert any("not a multiple" in p.message for p in bench.problems())


def test_a_group_over_the_device_limit_is_flagged(
    bench: FormBench,
    qtbot: QtBot,
    panel: ArgsPanel,
    gallery: Callable[[str], Session],
    limits: DeviceLimits,
) -> None:
    session = gallery("matmul_tiled")
    bench.open(session, limits)
    retype(qtbot, panel.ndrange.local_fields[0], "32")
    retype(qtbot, panel.ndrange.local_fields[1], "32")
    assert bench.session().local_size == (32, 32)
    assert (
        "a work-group of 32 x 32 = 1024 work-items is over the limit of 256"
        in panel.range_problems.text()
    )
    bench.set_limits(replace(limits, max_work_group_size=1024))
    assert panel.range_problems.isHidden()


def test_buffers_smaller_than_the_range_are_warned_about(
    bench: FormBench,
    qtbot: QtBot,
    panel: ArgsPanel,
    gallery: Callable[[str], Session],
    limits: DeviceLimits,
) -> None:
    session = gallery("saxpy")
    bench.open(session, limits)
    assert panel.range_warning.isHidden()
    retype(qtbot, editor_of(panel, "x", BufferEditor).shape, "1024")
    assert panel.range_warning.isHidden()  # y still covers the range
    retype(qtbot, editor_of(panel, "y", BufferEditor).shape, "512")
    assert panel.range_warning.text().startswith(
        "every buffer holds fewer elements than the 1048576 work-items (the largest, 'x', "
        "holds 1024)"
    )


def test_show_error_highlights_the_row_until_the_next_edit(
    bench: FormBench,
    qtbot: QtBot,
    panel: ArgsPanel,
    gallery: Callable[[str], Session],
    limits: DeviceLimits,
) -> None:
    session = gallery("saxpy")
    bench.open(session, limits)
    panel.show_error(RunError("run", "y: the kernel wrote 4 elements past the end", "y"))
    y = row_of(panel, "y")
    assert y.is_highlighted()
    assert y.property("error") is True
    assert y.message_text() == "y: the kernel wrote 4 elements past the end"
    assert not row_of(panel, "x").is_highlighted()
    retype(qtbot, editor_of(panel, "x", BufferEditor).shape, "2048")
    assert not y.is_highlighted()  # any edit: the error described the form as it was
    assert y.message_text() == ""


def test_an_error_without_an_argument_shows_under_the_range(
    bench: FormBench,
    qtbot: QtBot,
    panel: ArgsPanel,
    gallery: Callable[[str], Session],
    limits: DeviceLimits,
) -> None:
    session = gallery("saxpy")
    bench.open(session, limits)
    panel.show_error(RunError("timeout", "the kernel ran longer than 10 s and was stopped"))
    assert panel.range_problems.text() == "the kernel ran longer than 10 s and was stopped"
    retype(qtbot, editor_of(panel, "a", ScalarEditor).lanes[0], "1")
    assert panel.range_problems.isHidden()


def test_a_session_from_the_form_round_trips_through_the_file_format(
    bench: FormBench,
    qtbot: QtBot,
    panel: ArgsPanel,
    gallery: Callable[[str], Session],
    limits: DeviceLimits,
) -> None:
    session = gallery("matmul_tiled")
    bench.open(session, limits)
    a = editor_of(panel, "a", BufferEditor).contents
    a.kind.setCurrentIndex(a.kind.findData("fill"))
    retype(qtbot, a.fields["fill.value"], "2.5")
    b = editor_of(panel, "b", BufferEditor).contents
    b.kind.setCurrentIndex(b.kind.findData("normal"))
    retype(qtbot, b.fields["normal.std"], "0.25")
    retype(qtbot, editor_of(panel, "K", ScalarEditor).lanes[0], "128")
    panel.ndrange.auto.click()
    made = bench.session()
    assert arg_of(made, "a", BufferArg).init == Init("fill", {"value": 2.5})
    assert arg_of(made, "b", BufferArg).init == Init("normal", {"mean": 0.0, "std": 0.25})
    assert parse_session(session_to_dict(made), made.base_dir) == made


def test_a_different_element_type_is_flagged_in_its_row(
    bench: FormBench,
    panel: ArgsPanel,
    gallery: Callable[[str], Session],
    limits: DeviceLimits,
) -> None:
    session = gallery("saxpy")
    bench.open(session, limits)
    element = editor_of(panel, "x", BufferEditor).element
    element.setCurrentIndex(element.findData("float4"))
    assert arg_of(bench.session(), "x", BufferArg).dtype.opencl_name == "float4"
    assert "make them agree (element type float32)" in row_of(panel, "x").message_text()
    assert editor_of(panel, "x", BufferEditor).bytes.text() == "= 16 MiB"


def test_without_a_device_the_checks_that_need_none_still_run(
    bench: FormBench, qtbot: QtBot, panel: ArgsPanel, gallery: Callable[[str], Session]
) -> None:
    session = gallery("saxpy")
    bench.open(session.with_ndrange((8192,), (100,)), None)
    assert "not a multiple of the local size 100" in panel.range_problems.text()
    retype(qtbot, panel.ndrange.local_fields[0], "4096")
    assert panel.range_problems.isHidden()  # no device: no work-group limit to check


def test_an_empty_panel_says_what_will_appear(panel: ArgsPanel) -> None:
    assert panel.empty.title() == "No kernel yet"
    assert panel.empty.isVisibleTo(panel)


def _minimal(source: str, kernel: str) -> dict[str, Any]:
    return {
        "format": "clstudio-session",
        "version": 1,
        "kernel": kernel,
        "source": source,
        "global_size": [16],
    }


def test_a_gray_buffer_starts_from_a_sample_picture_and_needs_two_dimensions(
    bench: FormBench,
    qtbot: QtBot,
    panel: ArgsPanel,
    gallery: Callable[[str], Session],
    limits: DeviceLimits,
) -> None:
    session = gallery("box_blur")
    bench.open(session, limits)
    src = editor_of(panel, "src", BufferEditor)
    assert src.contents.kind.currentText() == "a sample picture"
    assert src.contents.picture.currentText() == "checkerboard"
    src.contents.picture.setCurrentIndex(src.contents.picture.findData("test_picture"))
    assert arg_of(bench.session(), "src", BufferArg).init == Init("image", {"name": "test_picture"})
    retype(qtbot, src.shape, "307200")
    assert row_of(panel, "src").message_text() == (
        "picture: a sample picture fills a 2-D buffer, shape [height, width]; "
        "this one has shape [307200]"
    )
    assert [p.argument for p in bench.problems()] == ["src"]
    retype(qtbot, src.shape, "480, 640")
    assert row_of(panel, "src").message_text() == ""
    assert bench.problems() == []


def test_images_show_their_size_pixels_and_contents(
    bench: FormBench,
    qtbot: QtBot,
    panel: ArgsPanel,
    gallery: Callable[[str], Session],
    limits: DeviceLimits,
) -> None:
    session = gallery("image_blur")
    bench.open(
        session,
        replace(limits, image_support=True, image2d_max_width=8192, image2d_max_height=8192),
    )
    assert [row.type_label.text() for row in panel.rows()] == [
        "read_only image2d_t",
        "write_only image2d_t",
    ]
    src = editor_of(panel, "src", ImageEditor)
    assert (src.width_field.text(), src.height_field.text()) == ("640", "480")
    assert src.bytes.text() == "= 1.17 MiB"
    assert src.contents.picture.currentData() == "test_picture"
    retype(qtbot, src.width_field, "320")
    src.order.setCurrentIndex(src.order.findData("R"))
    assert arg_of(bench.session(), "src", ImageArg).shape == (480, 320)
    assert arg_of(bench.session(), "src", ImageArg).order == "R"
    assert src.bytes.text() == "= 150 KiB"
    src.contents.picture.setCurrentIndex(src.contents.picture.findData("checkerboard"))
    assert arg_of(bench.session(), "src", ImageArg).init == Init("image", {"name": "checkerboard"})
    action = panel.ndrange.fill_menu.actions()[0]
    assert action.text() == "from src: 320 x 480 pixels"
    action.trigger()
    assert bench.session().global_size == (320, 480)
    made = bench.session()
    assert parse_session(session_to_dict(made), made.base_dir) == made


def test_an_image_over_the_device_limit_is_flagged_in_its_row(
    bench: FormBench,
    panel: ArgsPanel,
    gallery: Callable[[str], Session],
    limits: DeviceLimits,
) -> None:
    session = gallery("image_blur")
    small = replace(limits, image_support=True, image2d_max_width=512, image2d_max_height=512)
    bench.open(session, small)
    assert "allows at most 512 x 512" in row_of(panel, "src").message_text()


SAMPLED = """
__kernel void tile(read_only image2d_t src, write_only image2d_t dst, sampler_t smp,
                   read_write image2d_t both)
{
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    write_imagef(dst, pos, read_imagef(src, smp, pos));
}
"""


def test_samplers_refuse_repeat_in_pixels_and_odd_images_are_named(
    bench: FormBench,
    qtbot: QtBot,
    panel: ArgsPanel,
    limits: DeviceLimits,
) -> None:
    data = _minimal(SAMPLED, "tile")
    data["global_size"] = [64, 32]
    bench.open(parse_session(data), limits)
    assert editor_of(panel, "dst", ImageEditor).contents.kind.currentData() == "zeros"
    assert arg_of(bench.session(), "dst", ImageArg).shape == (32, 64)
    sampler = editor_of(panel, "smp", SamplerEditor)
    sampler.addressing.setCurrentIndex(sampler.addressing.findData("repeat"))
    assert row_of(panel, "smp").message_text() == (
        "repeat works only with normalized coordinates: tick them, or use clamp_to_edge"
    )
    sampler.normalized.click()
    assert row_of(panel, "smp").message_text() == ""
    assert bench.session().args["smp"] == SamplerArg(True, "repeat", "nearest")
    both = row_of(panel, "both")
    assert both.editor is None
    assert both.note.text() == "a read_write image: read from one image and write to another"
