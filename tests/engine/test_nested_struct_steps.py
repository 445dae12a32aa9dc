"""Step mode through a program whose launches each pass their own struct by value."""

import pytest

from clstudio.engine.run import Engine
from clstudio.session.format import parse_session
from nested_struct_kernels import by_value_program

pytestmark = pytest.mark.opencl


def test_each_launch_s_arguments_step_sets_its_own_struct_and_the_run_matches() -> None:
    stepper = Engine().stepper(parse_session(by_value_program()))
    outcomes = []
    while stepper.next_number is not None:
        outcomes.append(stepper.advance())
    assert all(o.ok for o in outcomes), [o.error for o in outcomes if not o.ok]
    arguments = [o for o in outcomes if o.number == 8]
    assert [(o.part, o.parts) for o in arguments] == [(1, 2), (2, 2)]
    run = outcomes[-1].run
    assert run is not None and run.ok and run.references["mem"].ok
    details = [s.detail for s in run.steps if s.api == "clSetKernelArg"]
    assert 'launch 1 of 2, kernel `struct_cl`: s = {"a": 100, "b": [1, 2]} (struct my_struct)' in (
        details
    )
    assert 'launch 2 of 2, kernel `struct_cl`: s = {"a": 40, "b": [0, 0]} (struct my_struct)' in (
        details
    )
