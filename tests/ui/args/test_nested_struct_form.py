"""The form on structs that hold arrays and other structs: a row per nested field of a
buffer's contents, a row per scalar or vector of a struct passed by value, typed by a user."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from clstudio.devices.limits import DeviceLimits
from clstudio.session import BufferArg, Init, ScalarArg
from clstudio.session.format import parse_session
from clstudio.ui.args import ArgsPanel
from clstudio.ui.args.struct_editor import StructBufferEditor, StructValueEditor
from nested_struct_kernels import layout_session
from session.session_testing import arg_of
from ui.args.form_bench import FormBench, editor_of
from ui.window_steps import retype

pytestmark = pytest.mark.opencl


def test_nested_fields_and_array_elements_each_have_a_row_the_user_types_in(
    bench: FormBench, qtbot: QtBot, panel: ArgsPanel, limits: DeviceLimits
) -> None:
    session = parse_session(layout_session())
    bench.open(session, limits)
    items = editor_of(panel, "items", StructBufferEditor)
    assert list(items.fields) == ["a", "in.tag", "in.d", "m", "idx", "v", "s"]
    assert "in Inner[2] @8, m float[4] @40, idx int2[3] @56" in items.type_label.toolTip()
    assert items.fields["in.d"].kind.currentData() == "arange"
    assert items.fields["in.tag"].kind.currentData() == "fill"
    assert items.bytes.text() == "= 896 bytes"  # 8 structs of 112 bytes
    one = editor_of(panel, "one", StructValueEditor)
    assert list(one.fields)[:6] == ["a", "in[0].tag", "in[0].d", "in[1].tag", "in[1].d", "m[0]"]
    assert one.fields["in[0].tag"].lanes[0].text() == "3"
    assert [lane.text() for lane in one.fields["idx[2]"].lanes] == ["0", "5"]
    assert [lane.text() for lane in one.fields["v"].lanes] == ["1", "2", "3"]
    assert bench.session() == session

    retype(qtbot, one.fields["in[1].d"].lanes[0], "0.5")
    retype(qtbot, one.fields["m[3]"].lanes[0], "7")
    qtbot.waitUntil(
        lambda: arg_of(bench.session(), "one", ScalarArg) != arg_of(session, "one", ScalarArg)
    )
    value = arg_of(bench.session(), "one", ScalarArg).value
    assert value == {
        "in": ({"tag": 3}, {"d": 0.5}),
        "m": (0, 2, 0, 7),
        "idx": ((0, 0), (0, 0), (0, 5)),
        "v": (1, 2, 3),
    }
    mass = items.fields["in.tag"]
    retype(qtbot, mass.fields["fill.value"], "9")
    qtbot.waitUntil(
        lambda: (
            arg_of(bench.session(), "items", BufferArg).init.params["fields"]["in"]
            == Init("fields", {"fields": {"d": Init("arange"), "tag": Init("fill", {"value": 9})}})
        )
    )
    retype(qtbot, one.fields["in[0].tag"].lanes[0], "300")
    assert one.fields["in[0].tag"].lanes[0].text() == "30"  # a char stops at 127
