"""Run on devices past the time limit: the simulator's row says it was slow, not stuck."""

from dataclasses import replace
from pathlib import Path

import pytest

from clstudio.devices import DeviceSelector
from clstudio.devices.discovery import discover
from clstudio.measurements.device_runs import run_on_devices
from clstudio.session import load_session
from clstudio.worker.client import WorkerClient

pytestmark = pytest.mark.opencl

KERNELS = Path(__file__).resolve().parents[2] / "kernels"


def test_oclgrind_past_the_time_limit_is_named_and_told_to_try_a_smaller_size() -> None:
    simulator = [d for d in discover().devices() if "oclgrind" in d.platform_name.lower()]
    if not simulator:
        pytest.skip("Oclgrind is not installed")
    saxpy = replace(load_session(KERNELS / "saxpy.json"), timeout_s=0.5)  # N = 1 M
    with WorkerClient() as worker:
        (result,) = run_on_devices(worker, saxpy, [DeviceSelector("Oclgrind")])
    assert result.error is not None and result.error.stage == "timeout"
    assert result.device == "Oclgrind"
    message = result.error.message
    assert message.startswith("Oclgrind is a simulator: it runs a kernel far slower")
    assert "Try it with a smaller size" in message and "endless loop" not in message
