"""The arguments form's state, without Qt: fitted values, problems by argument, the range
warning and the global sizes the buffers suggest."""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from clstudio.common.dtypes import parse_element_type
from clstudio.common.results import KernelArgInfo, KernelSignature
from clstudio.devices.limits import DeviceLimits
from clstudio.session import Launch
from clstudio.session.args import ArgSpec, BufferArg, ImageArg, LocalArg, ScalarArg
from clstudio.session.format import Session
from clstudio.session.reference_fields import Reference
from clstudio.validation.form_state import NO_DEVICE, fit_program, form_state, with_argument
from clstudio.validation.validate import validate
from session.session_testing import arg_of

F32 = parse_element_type("float")
F64 = parse_element_type("double")
SOURCE = "__kernel void k(__global float* x) { x[get_global_id(0)] = 1; }"
NO_ARGS = KernelSignature("k", ())


def pointer(name: str, const: bool = False) -> KernelArgInfo:
    return KernelArgInfo(name, "float*", "global", "none", const)


def session(
    args: Mapping[str, ArgSpec],
    global_size: tuple[int, ...] = (1024,),
    source: str = SOURCE,
    local_size: tuple[int, ...] | None = None,
    **keys: Any,
) -> Session:
    launch = Launch("k", global_size, local_size)
    return Session(source=source, launches=(launch,), args=dict(args), **keys)


def test_fill_choices_flip_rows_and_columns_and_skip_other_arguments() -> None:
    args: dict[str, ArgSpec] = {
        "img": BufferArg(F32, (512, 256)),
        "c": BufferArg(F32, (1024,)),
        "n": ScalarArg(4),
        "t": LocalArg(F32, 64),
        "cube": BufferArg(F32, (2, 2, 2, 2)),
        "pic": ImageArg((384, 512)),
    }
    choices = form_state({"k": NO_ARGS}, session(args), None).fill_choices
    assert [c.label for c in choices] == [
        "from img: 256 x 512 (shape 512, 256)",
        "from c: 1024",
        "from pic: 512 x 384 pixels",
    ]
    assert choices[0].global_size == (256, 512)


def warning(
    args: Mapping[str, ArgSpec], global_size: tuple[int, ...] = (1024,), source: str = SOURCE
) -> str | None:
    return form_state({"k": NO_ARGS}, session(args, global_size, source), None).range_warning


def test_range_warning_only_when_every_buffer_is_smaller() -> None:
    small = {"x": BufferArg(F32, (512,)), "y": BufferArg(F32, (256,))}
    assert (warning(small) or "").startswith(
        "every buffer holds fewer elements than the 1024 work-items (the largest, 'x', holds 512)"
    )
    one = warning({"x": BufferArg(F32, (10,))}, (16,))
    assert one is not None
    assert one.startswith("buffer 'x' holds 10 elements, fewer than the 16 work-items")
    histogram = {"data": BufferArg(F32, (4096,)), "hist": BufferArg(F32, (256,))}
    assert warning(histogram) is None
    assert warning(small, source="__kernel void k() { get_group_id(0); }") is None
    assert warning({"n": ScalarArg(1)}) is None


def test_problems_go_to_their_argument_or_under_the_range() -> None:
    signature = KernelSignature("k", (pointer("x"),))
    wrong = session({"x": BufferArg(F64, (1000,))}, (1000,), local_size=(64,))
    state = form_state({"k": signature}, wrong, None)
    assert [e.argument for e in state.errors] == ["x", None]
    assert "element type" in state.problems["x"][0]
    assert len(state.general) == 1 and "not a multiple of the local size 64" in state.general[0]
    assert state.index_space.groups == (16,)
    # A session of one launch is a program whose messages name no launch, as always.
    assert state.errors == tuple(validate(wrong, signature, NO_DEVICE))
    assert state.launch_problems == {1: (*state.problems["x"], *state.general)}


def test_a_renamed_parameter_keeps_its_row_and_its_neighbours_values() -> None:
    before = session({"x": BufferArg(F32, (8,)), "n": ScalarArg(8), "y": BufferArg(F32, (8,))})
    renamed = KernelSignature(
        "k", (pointer("x"), KernelArgInfo("count", "int", "private", "none", False), pointer("y"))
    )
    fit = fit_program({"k": renamed}, before)
    assert [info.name for info in fit.signature.args] == ["x", "count", "y"]
    assert list(fit.session.args) == ["x", "count", "y"]
    assert [removed.name for removed in fit.removed] == ["n"]
    assert fit.session.args["y"] == before.args["y"]


def test_without_a_device_no_group_limit_is_checked() -> None:
    signature = KernelSignature("k", (pointer("x"),))
    big_group = session({"x": BufferArg(F32, (4096,))}, (4096,), local_size=(4096,))
    assert form_state({"k": signature}, big_group, None).errors == ()
    small = DeviceLimits("tiny", (1, 2), 1 << 30, 1 << 30, 1 << 15, 1 << 16, 8, 256, (256,))
    general = form_state({"k": signature}, big_group, small).general
    assert any("over the device limit of 256" in problem for problem in general)


def test_references_wait_while_the_arguments_do_not_fit_them() -> None:
    signature = KernelSignature("k", (pointer("a", const=True), pointer("c")))
    start = session(
        {"a": BufferArg(F32, (8,), access="in"), "c": BufferArg(F32, (8,), access="out")},
        (8,),
        references={"c": Reference("a * 2")},
    )
    fit = fit_program({"k": signature}, start)
    assert fit.session.references == start.references
    waiting = dict(start.references)
    output = arg_of(start, "c", BufferArg)
    as_input = with_argument(fit.session, "c", replace(output, access="in"), waiting)
    assert as_input.references == {}  # an input is never read back: nothing to check
    back = with_argument(as_input, "c", start.args["c"], waiting)
    assert back.references == start.references
