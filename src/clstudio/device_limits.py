"""A device's limits from its discovered info, for checks made before a kernel runs.

The engine reads the same limits from the live device and lowers the work-group
limit to the compiled kernel's own (CL_KERNEL_WORK_GROUP_SIZE); before a run, the
device's limit is the best the arguments panel can check against.
"""

from __future__ import annotations

import re

from clstudio.devices import DeviceInfo
from clstudio.validate import DeviceLimits

_UNKNOWN = 2**63 - 1  # a field the driver refused: no limit to check against


def limits_of(device: DeviceInfo) -> DeviceLimits:
    """The DeviceLimits of a discovered device; refused fields check nothing."""
    match = re.match(r"OpenCL (\d+)\.(\d+)", device.version)
    version = (int(match[1]), int(match[2])) if match else (1, 2)
    sizes = device.value("CL_DEVICE_MAX_WORK_ITEM_SIZES")
    if not isinstance(sizes, list | tuple) or not sizes:
        sizes = (_UNKNOWN,) * 3
    non_uniform = version[0] == 2 or (
        version[0] > 2 and bool(device.value("CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT", False))
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
