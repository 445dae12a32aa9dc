"""A device's limits from its discovered info, for checks made before a kernel runs.

The engine reads the same limits from the live device and lowers the work-group
limit to the compiled kernel's own (CL_KERNEL_WORK_GROUP_SIZE); before a run, the
device's limit is the best the arguments panel can check against.
"""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.devices.inventory import DeviceInfo
from clstudio.devices.selector import is_simulator
from clstudio.devices.versions import opencl_version

__all__ = ["DeviceLimits", "limits_of"]

_UNKNOWN = 2**63 - 1  # a field the driver refused: no limit to check against


@dataclass(frozen=True)
class DeviceLimits:
    """The device limits a session must respect, read once from the device."""

    name: str
    opencl_version: tuple[int, int]
    max_alloc: int
    global_mem: int
    local_mem: int
    max_constant_buffer: int
    max_constant_args: int
    max_work_group_size: int  # already lowered to the kernel's own limit when known
    max_work_item_sizes: tuple[int, ...]
    non_uniform_work_groups: bool = False
    image_support: bool = False  # CL_DEVICE_IMAGE_SUPPORT
    image2d_max_width: int = 0
    image2d_max_height: int = 0
    # (access, channel order, channel type) of every 2-D image format the device supports
    # (clGetSupportedImageFormats); None where not known, and then nothing is checked.
    image_formats: frozenset[tuple[str, str, str]] | None = None
    kernel_local_mem: int = 0  # the compiled kernel's own __local arrays (CL_KERNEL_LOCAL_MEM_SIZE)


def limits_of(device: DeviceInfo) -> DeviceLimits:
    """The DeviceLimits of a discovered device; refused fields check nothing."""
    version = opencl_version(device.version)
    sizes = device.value("CL_DEVICE_MAX_WORK_ITEM_SIZES")
    if not isinstance(sizes, list | tuple) or not sizes:
        sizes = (_UNKNOWN,) * 3
    # Oclgrind says 1.2 but simulates them in a -cl-std=CL2.0 build (language_version).
    non_uniform = (
        version[0] == 2
        or is_simulator(device.platform_name)
        or (
            version[0] > 2 and bool(device.value("CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT", False))
        )
    )
    return DeviceLimits(
        name=device.name,
        opencl_version=version,
        max_alloc=_int(device, "CL_DEVICE_MAX_MEM_ALLOC_SIZE"),
        global_mem=_int(device, "CL_DEVICE_GLOBAL_MEM_SIZE"),
        local_mem=_int(device, "CL_DEVICE_LOCAL_MEM_SIZE"),
        max_constant_buffer=_int(device, "CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE"),
        max_constant_args=_int(device, "CL_DEVICE_MAX_CONSTANT_ARGS"),
        max_work_group_size=_int(device, "CL_DEVICE_MAX_WORK_GROUP_SIZE"),
        max_work_item_sizes=tuple(int(size) for size in sizes),
        non_uniform_work_groups=non_uniform,
        image_support=bool(device.value("CL_DEVICE_IMAGE_SUPPORT", True)),
        image2d_max_width=_int(device, "CL_DEVICE_IMAGE2D_MAX_WIDTH"),
        image2d_max_height=_int(device, "CL_DEVICE_IMAGE2D_MAX_HEIGHT"),
    )


def _int(device: DeviceInfo, name: str) -> int:
    value = device.value(name)
    return int(value) if isinstance(value, int) else _UNKNOWN
