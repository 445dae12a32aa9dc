"""Direct info queries: the driver's own bytes, and its refusals in words."""

import pyopencl as cl
import pytest

from clstudio.devices import is_simulator, raw_info

CL_PLATFORM_NAME = 0x0902
CL_DEVICE_MAX_COMPUTE_UNITS = 0x1002
CL_DEVICE_PRINTF_BUFFER_SIZE = 0x1049


@pytest.fixture
def device() -> cl.Device:
    return next(p for p in cl.get_platforms() if not is_simulator(p.name)).get_devices()[0]


@pytest.mark.opencl
def test_a_direct_query_returns_the_bytes_the_driver_writes(device: cl.Device) -> None:
    assert raw_info.available()
    units = raw_info.device_info(device, CL_DEVICE_MAX_COMPUTE_UNITS)
    assert len(units) == 4  # cl_uint
    assert int.from_bytes(units, "little") == device.max_compute_units
    name = raw_info.platform_info(device.platform, CL_PLATFORM_NAME)
    assert name.rstrip(b"\0").decode() == device.platform.name


@pytest.mark.opencl
def test_printf_buffer_size_is_a_size_t(device: cl.Device) -> None:
    if device.version.startswith("OpenCL 1.0") or device.version.startswith("OpenCL 1.1"):
        pytest.skip("the printf buffer size is an OpenCL 1.2 query")
    size = raw_info.device_info(device, CL_DEVICE_PRINTF_BUFFER_SIZE)
    assert len(size) == 8 and int.from_bytes(size, "little") > 0


@pytest.mark.opencl
def test_a_refused_query_says_why(device: cl.Device) -> None:
    with pytest.raises(raw_info.RawInfoError, match="clGetDeviceInfo failed: INVALID_VALUE"):
        raw_info.device_info(device, 0x7FFF)
