"""The engine's side of check mode where no worker is needed: no simulator, OpenCL 2.0."""

from dataclasses import replace

import pytest

from clstudio.checkmode import plan_check
from clstudio.devices import DeviceSelector
from clstudio.engine import Engine, check_session
from clstudio.session import Launch, Session

pytestmark = pytest.mark.opencl


def test_without_oclgrind_the_check_says_how_to_get_it() -> None:
    plan = plan_check(Session(source="__kernel void k() {}", launches=(Launch("k", (1,)),)))
    elsewhere = replace(plan.session, device=DeviceSelector(platform="No Such Simulator"))
    result = check_session(Engine(), replace(plan, session=elsewhere), lambda: ("", ""))
    assert not result.ok and not result.simulator_found
    assert result.error is not None and result.error.stage == "validate"
    assert "make oclgrind" in result.error.message
    assert "apt install oclgrind" in result.error.message


def test_a_kernel_oclgrind_said_anything_about_never_checks_ok() -> None:
    said = (
        "\nWork-item exceeded its stack of wombats\n\tKernel: k\n"
        "\tEntity: Global(0,0,0) Local(0,0,0) Group(0,0,0)\n"
        "\tAt line 1 (column 17) of input.cl:\n\t  __kernel void k() {}\n\n"
    )
    plan = plan_check(Session(source="__kernel void k() {}", launches=(Launch("k", (1,)),)))
    result = check_session(Engine(), plan, lambda: (said, ""))
    assert result.error is None and not result.ok
    (problem,) = result.problems
    assert (problem.kind, problem.line) == ("oclgrind-report", 1)
    assert "Work-item exceeded its stack of wombats" in problem.message
