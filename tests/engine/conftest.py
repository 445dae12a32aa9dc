"""The first OpenCL device that is no simulator, and a context on it, for building kernels."""

import pyopencl as cl
import pytest

from clstudio.devices import is_simulator


@pytest.fixture(scope="module")
def device() -> cl.Device:
    try:
        platforms = [p for p in cl.get_platforms() if not is_simulator(p.name)]
        devices = [d for p in platforms for d in p.get_devices()]
    except cl.Error as exc:
        pytest.skip(f"no OpenCL platform: {exc}")
    if not devices:
        pytest.skip("no OpenCL device")
    return devices[0]


@pytest.fixture(scope="module")
def context(device: cl.Device) -> cl.Context:
    return cl.Context(devices=[device])
