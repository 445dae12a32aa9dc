"""clGetPlatformInfo and clGetDeviceInfo called directly, for the queries pyopencl gets wrong.

pyopencl refuses any query it does not wrap (it raises INVALID_VALUE itself, without
asking the driver), asks for CL_DEVICE_PRINTF_BUFFER_SIZE with a 4-byte buffer where
the spec says size_t (PoCL rightly refuses it), and trusts the driver to fill all
8 bytes of a cl_bitfield (PoCL writes 4 bytes of CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES,
so pyopencl shows stack garbage in the high half). Here the driver says how many bytes
it writes, and we read exactly those.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
from pathlib import Path

import pyopencl as cl

from clstudio.common import N_


class RawInfoError(Exception):
    """The query could not be made or the driver refused it; the message says why."""


def available() -> bool:
    """Whether an OpenCL library was found to ask directly."""
    return _library() is not None


def platform_info(platform: cl.Platform, code: int) -> bytes:
    """The bytes the driver writes for one clGetPlatformInfo query."""
    return _query("clGetPlatformInfo", platform.int_ptr, code)


def device_info(device: cl.Device, code: int) -> bytes:
    """The bytes the driver writes for one clGetDeviceInfo query."""
    return _query("clGetDeviceInfo", device.int_ptr, code)


def _query(function: str, handle: int, code: int) -> bytes:
    library = _library()
    if library is None:
        # Marked only: the reason is data, translated where a field shows it.
        raise RawInfoError(N_("no OpenCL library found to ask directly"))
    get_info = getattr(library, function)
    get_info.argtypes = [
        ctypes.c_void_p,
        ctypes.c_uint32,
        ctypes.c_size_t,
        ctypes.c_void_p,
        ctypes.POINTER(ctypes.c_size_t),
    ]
    get_info.restype = ctypes.c_int32
    size = ctypes.c_size_t(0)
    _check(function, get_info(handle, code, 0, None, ctypes.byref(size)))
    buffer = ctypes.create_string_buffer(size.value)
    if size.value:
        _check(function, get_info(handle, code, size.value, buffer, None))
    return buffer.raw[: size.value]


def _check(function: str, status: int) -> None:
    if status != 0:
        raise RawInfoError(f"{function} failed: {_STATUS_NAMES.get(status, str(status))}")


_STATUS_NAMES = {
    getattr(cl.status_code, name): name for name in dir(cl.status_code) if name.isupper()
}


@functools.cache
def _library() -> ctypes.CDLL | None:
    # Prefer the ICD loader pyopencl itself loaded (its wheel bundles one); any loader
    # would do, since a call dispatches through the table inside the handle.
    path = _loaded_opencl() or ctypes.util.find_library("OpenCL")
    if path is None:
        return None
    try:
        return ctypes.CDLL(path)
    except OSError:
        return None


def _loaded_opencl() -> str | None:
    maps = Path("/proc/self/maps")
    if not maps.exists():
        return None
    for line in maps.read_text().splitlines():
        path = line.split(maxsplit=5)[-1]
        if "libOpenCL" in Path(path).name:
            return path
    return None
