"""Planning a traffic measurement: one launch, the session's first or a chosen kernel's."""

from clstudio.common import parse_element_type
from clstudio.session import ArgSpec, BufferArg, Launch, LaunchGroup, Reference, ScalarArg, Session
from clstudio.traffic import kernel_first_launch, plan_traffic

SOURCE = """
__kernel void scale(__global const float *in, __global float *out, const float by) {
    out[get_global_id(0)] = in[get_global_id(0)] * by;
}
__kernel void shift(__global float *data) { data[get_global_id(0)] += 1.0f; }
"""
FLOAT = parse_element_type("float32")
ARGS: dict[str, ArgSpec] = {
    "x": BufferArg(FLOAT, (1024,)),
    "y": BufferArg(FLOAT, (1024,)),
    "by": ScalarArg(2.0),
    "data": BufferArg(FLOAT, (1024,)),
}
PROGRAM = Session(
    source=SOURCE,
    launches=(
        Launch("scale", (1024,), (64,), {"in": "x", "out": "y"}),
        LaunchGroup((Launch("shift", (512,), None, {"data": "y"}),), iterations=3),
    ),
    args=ARGS,
    references={"y": Reference("x * 2 + 3")},
)


def test_a_program_is_measured_at_its_first_launch_alone_by_the_kernels_own_names() -> None:
    plan = plan_traffic(PROGRAM)
    assert plan.session.launches == (Launch("scale", (1024,), (64,)),)
    assert plan.session.args == {"in": ARGS["x"], "out": ARGS["y"], "by": ARGS["by"]}
    assert plan.session.references == {}  # they speak of the whole program's end
    assert (plan.local_size, plan.groups) == ((64,), 16)


def test_a_chosen_kernel_is_measured_at_its_first_launch() -> None:
    plan = plan_traffic(kernel_first_launch(PROGRAM, "shift"))
    assert plan.session.launches == (Launch("shift", (512,), (256,)),)
    assert plan.session.args == {"data": ARGS["y"]}
    assert plan.groups == 2


def test_a_launch_that_is_the_whole_program_keeps_its_references() -> None:
    alone = Session(
        source=SOURCE,
        launches=(Launch("shift", (1024,)),),
        args=ARGS,
        references=PROGRAM.references,
    )
    assert kernel_first_launch(alone, "shift") == alone
    assert plan_traffic(alone).session.references == PROGRAM.references
