"""Step mode in the engine: the eleven lesson steps one at a time, and where they fail."""

import re
from typing import Any

import numpy as np
import pytest

from clstudio.common import HOST_STEP_COUNT, LANGUAGE_VARIABLE, gettext
from clstudio.common.results import StepOutcome
from clstudio.engine.run import Engine
from clstudio.engine.stepping import HostStepper, StepKeeper
from clstudio.hostcode import HOST_STEPS, host_program
from clstudio.session.format import Session, parse_session
from session.session_data import scale_data

pytestmark = pytest.mark.opencl

SCALE = """
__kernel void scale(__global float *x, const float by) {
    x[get_global_id(0)] *= by;
}
"""


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine()


def session(source: str = SCALE, **keys: Any) -> Session:
    return parse_session(scale_data(source, **keys))


def step_all(stepper: HostStepper) -> list[StepOutcome]:
    outcomes = []
    while stepper.next_number is not None:
        outcomes.append(stepper.advance())
    return outcomes


def test_each_step_says_what_it_made_and_the_last_carries_the_run(engine: Engine) -> None:
    outcomes = step_all(engine.stepper(session()))
    assert [o.number for o in outcomes] == list(range(1, HOST_STEP_COUNT + 1))
    assert all(o.ok and o.seconds >= 0 for o in outcomes)
    produced = [o.produced for o in outcomes]
    assert "Portable Computing Language" in produced[0]
    assert produced[2].startswith("a context on 1 device")
    assert produced[4].startswith("a program with 1 kernel")
    assert produced[5] == "kernel 'scale' with 2 arguments"
    assert produced[6] == "1 buffer, 3.91 KiB in all, copied to the device"
    assert produced[7] == "2 arguments set"
    assert produced[8] == "1 launch queued: 1000 work-items in groups of the driver's choosing"
    assert outcomes[9].device_seconds is not None and outcomes[9].device_seconds > 0
    assert produced[10] == "1 output read back, 3.91 KiB; references matching: 1 of 1"
    run = outcomes[10].run
    assert run is not None and run.ok
    np.testing.assert_array_equal(run.outputs["x"], np.arange(1000, dtype=np.float32) * 2)
    assert outcomes[10].last


def test_in_chinese_the_steps_say_what_they_made_but_the_exported_program_stays_english(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(LANGUAGE_VARIABLE, "zh_CN")  # the next test speaks English again
    outcomes = step_all(engine.stepper(session()))
    produced = [o.produced for o in outcomes]
    assert produced[7] == "已设置 2 个参数"
    assert produced[10] == "读回了 1 个输出，共 3.91 KiB；与参考结果一致的：1/1"
    launch = HOST_STEPS[8]
    assert gettext(launch.title) == "启动内核"
    assert gettext(launch.why).startswith("启动时指定运行多少个工作项（全局大小）")
    run = outcomes[10].run
    assert run is not None and run.build is not None
    signature = run.build.kernel("scale")
    assert signature is not None
    program = host_program(session(), signature, "python").text
    assert "# Step 9: Launch the kernel" in program
    assert not re.search("[\u4e00-\u9fff]", program)  # no Chinese in code to hand in


def test_a_build_failure_ends_at_step_5_with_its_diagnostics(engine: Engine) -> None:
    stepper = engine.stepper(session(source="__kernel void scale(__global float *x) {\n oops;\n}"))
    outcomes = step_all(stepper)
    failed = outcomes[-1]
    assert (failed.number, failed.ok) == (5, False)
    assert failed.error is not None
    assert failed.error.stage == "build" and failed.error.line == 2
    assert failed.build is not None and failed.build.errors[0].line == 2
    assert stepper.next_number is None


def test_the_launch_fails_as_the_driver_says_and_the_rule_is_named(engine: Engine) -> None:
    outcomes = step_all(engine.stepper(session(local_size=[3])))
    failed = outcomes[-1]
    assert (failed.number, failed.ok) == (9, False)
    assert failed.error is not None
    message = failed.error.message
    assert "CL_INVALID_WORK_GROUP_SIZE" in message
    assert "not a multiple of the local size 3 (1000 = 333 x 3 + 1)" in message


def test_a_missing_device_fails_at_step_2(engine: Engine) -> None:
    outcomes = step_all(engine.stepper(session(device={"platform": "No such", "device": "x"})))
    assert [o.ok for o in outcomes] == [True, False]
    missing = outcomes[1].error
    assert missing is not None and "no OpenCL device matches" in missing.message


def test_advancing_past_the_end_is_a_bug_of_the_caller(engine: Engine) -> None:
    stepper = engine.stepper(session())
    step_all(stepper)
    with pytest.raises(RuntimeError):
        stepper.advance()


def test_the_keeper_goes_on_starts_afresh_and_stops_between_steps(engine: Engine) -> None:
    keeper = StepKeeper(engine.stepper)
    heard: list[StepOutcome] = []
    assert [o.number for o in keeper.step(session(), 1, 2, lambda: False, heard.append)] == [1, 2]
    assert [o.number for o in keeper.step(session(), 3, 1, lambda: False, heard.append)] == [3]
    assert [o.number for o in heard] == [1, 2, 3]
    (gone,) = keeper.step(session(local_size=[8]), 4, 1, lambda: False, heard.append)
    assert gone.error is not None
    assert not gone.ok and "press Reset" in gone.error.message  # another session's steps
    asked = iter([False, True])
    outcomes = keeper.step(session(), 1, HOST_STEP_COUNT, lambda: next(asked), heard.append)
    assert [(o.number, o.ok) for o in outcomes] == [(1, True), (2, False)]
    stopped = outcomes[-1].error
    assert stopped is not None
    assert stopped.stage == "cancelled"
    assert stopped.message == "stopped by the user before step 2"
