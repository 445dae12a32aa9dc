"""A kernel fault a GPU reports late (CL_OUT_OF_RESOURCES at the wait, NVIDIA's illegal
address as -9999): the run ends with a message that offers check mode, and the next run
makes a fresh context. PoCL never reports these, so the error is raised at the engine's
boundary with the driver, the queue's wait after the launch."""

from __future__ import annotations

import pyopencl as cl
import pytest

from clstudio.engine.cl_errors import is_late_fault
from clstudio.engine.device_program import DeviceProgram
from clstudio.engine.run import Engine
from clstudio.session.format import Session, parse_session

pytestmark = pytest.mark.opencl

DOUBLE = """
__kernel void twice(__global float *x) { x[get_global_id(0)] *= 2.0f; }
"""


def _session() -> Session:
    return parse_session(
        {
            "format": "clstudio-session",
            "version": 1,
            "source": DOUBLE,
            "kernel": "twice",
            "global_size": [64],
            "args": {"x": {"kind": "buffer", "dtype": "float32", "shape": [64], "init": "ones"}},
            "references": {"x": {"expr": "x * 2"}},
        }
    )


def _driver_error(code: int, name: str) -> cl.Error:
    record = cl._cl._ErrorRecord(msg=f"clFinish failed: {name}", code=code, routine="clFinish")
    return cl._cl.RuntimeError(record)


@pytest.mark.parametrize(
    ("code", "name"), [(-5, "OUT_OF_RESOURCES"), (-9999, "<unknown error -9999>")]
)
def test_a_late_fault_offers_check_mode_and_the_next_run_gets_a_fresh_context(
    monkeypatch: pytest.MonkeyPatch, code: int, name: str
) -> None:
    engine = Engine()
    assert engine.run(_session()).ok
    with monkeypatch.context() as patched:

        def faulted(*args: object, **kwargs: object) -> None:
            raise _driver_error(code, name)

        patched.setattr(DeviceProgram, "time", faulted)
        failed = engine.run(_session())
    assert not failed.ok and failed.error is not None
    assert failed.error.stage == "run"
    assert "Check mode" in failed.error.message
    assert "outside a buffer" in failed.error.message
    again = engine.run(_session())
    assert again.ok, again.error
    context = next(step for step in again.steps if step.api == "clCreateContext")
    assert "kept warm" not in context.detail


def test_other_driver_errors_keep_the_warm_context(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = Engine()
    assert engine.run(_session()).ok
    with monkeypatch.context() as patched:

        def refused(*args: object, **kwargs: object) -> None:
            raise _driver_error(-30, "INVALID_VALUE")

        patched.setattr(DeviceProgram, "time", refused)
        failed = engine.run(_session())
    assert failed.error is not None and "Check mode" not in failed.error.message
    again = engine.run(_session())
    context = next(step for step in again.steps if step.api == "clCreateContext")
    assert "kept warm" in context.detail


def test_late_faults_are_told_by_code_or_by_name() -> None:
    assert is_late_fault(_driver_error(-5, "OUT_OF_RESOURCES"))
    assert is_late_fault(_driver_error(-36, "INVALID_COMMAND_QUEUE"))
    assert not is_late_fault(_driver_error(-54, "INVALID_WORK_GROUP_SIZE"))
    assert not is_late_fault(ValueError("no"))


def test_a_run_tells_the_device_timer_and_that_pocl_has_no_watchdog() -> None:
    result = Engine().run(_session())
    assert result.timer_resolution_ns > 0
    assert not result.watchdog
