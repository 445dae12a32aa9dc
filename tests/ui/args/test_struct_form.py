"""The form on a session of structs: a buffer's fields, a struct's values, typed by a user."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytestqt.qtbot import QtBot

from clstudio.devices.limits import DeviceLimits
from clstudio.session import Launch
from clstudio.session.args import BufferArg, Init, ScalarArg
from clstudio.session.format import Session
from clstudio.ui.args import ArgsPanel
from clstudio.ui.args.struct_editor import StructBufferEditor, StructValueEditor
from session.session_testing import arg_of
from ui.args.form_bench import FormBench, editor_of, row_of
from ui.window_steps import retype

pytestmark = pytest.mark.opencl


def test_a_buffer_of_structs_shows_each_field_and_the_struct_by_value_its_values(
    bench: FormBench, panel: ArgsPanel, gallery: Callable[[str], Session], limits: DeviceLimits
) -> None:
    session = gallery("particles")
    bench.open(session, limits)
    assert row_of(panel, "particles").type_label.text() == "__global Particle*"
    particles = editor_of(panel, "particles", StructBufferEditor)
    assert particles.type_label.text() == "struct Particle"
    assert "pos float4 @0, vel float4 @16, mass float @32, id int @36" in (
        particles.type_label.toolTip()
    )
    assert particles.bytes.text() == "= 192 KiB"  # 4096 structs of 48 bytes
    assert list(particles.fields) == ["pos", "vel", "mass", "id"]
    assert particles.fields["pos"].kind.currentData() == "random"
    assert particles.fields["id"].kind.currentData() == "arange"
    step = editor_of(panel, "step", StructValueEditor)
    assert step.fields["dt"].lanes[0].text() == "0.01"
    assert [lane.text() for lane in step.fields["gravity"].lanes] == ["0", "0", "-9.81", "0"]
    assert bench.session() == session
    assert bench.problems() == []


def test_typing_a_field_and_a_value_changes_the_session(
    bench: FormBench,
    qtbot: QtBot,
    panel: ArgsPanel,
    gallery: Callable[[str], Session],
    limits: DeviceLimits,
) -> None:
    bench.open(gallery("particles"), limits)
    particles = editor_of(panel, "particles", StructBufferEditor)
    mass = particles.fields["mass"]
    mass.kind.setCurrentIndex(mass.kind.findData("fill"))
    retype(qtbot, mass.fields["fill.value"], "2.5")
    step = editor_of(panel, "step", StructValueEditor)
    retype(qtbot, step.fields["dt"].lanes[0], "0.5")
    qtbot.waitUntil(
        lambda: (
            arg_of(bench.session(), "step", ScalarArg).value
            == {"dt": 0.5, "gravity": (0, 0, -9.81, 0)}
        )
    )
    buffer = arg_of(bench.session(), "particles", BufferArg)
    assert buffer.init.params["fields"]["mass"] == Init("fill", {"value": 2.5})
    assert buffer.dtype.struct is not None and buffer.dtype.struct.name == "Particle"
    retype(qtbot, particles.shape, "x")
    assert "shape" in row_of(panel, "particles").message_text()


def test_a_struct_the_session_does_not_describe_says_how_to(
    bench: FormBench, panel: ArgsPanel, gallery: Callable[[str], Session], limits: DeviceLimits
) -> None:
    session = gallery("particles")
    bench.open(Session(source=session.source, launches=(Launch(session.kernel, (8,)),)), limits)
    row = row_of(panel, "particles")
    assert row.editor is None
    assert "describe it in the session's structs" in row.note.text()
