"""OpenCL platforms and devices: the inventory, the field catalogue, selectors, the choice of
a device, limits, and the drivers from PyPI that need setting up. Importing it loads no
pyopencl: discovery (clstudio.devices.discovery) and raw queries do, where a process really
asks a driver."""

from clstudio.devices.choice import DeviceState, DeviceStatus, choose_device, device_status
from clstudio.devices.field_catalogue import GROUP_ORDER, group_title
from clstudio.devices.inventory import (
    NO_PLATFORM_HELP,
    DeviceInfo,
    DeviceInventory,
    InfoField,
    PlatformInfo,
    device_type_name,
    format_inventory,
    inventory_to_json,
)
from clstudio.devices.limits import DeviceLimits, limits_of
from clstudio.devices.pip_runtimes import (
    INTEL_EXTRA,
    PipRuntime,
    added_platforms_last,
    installed_runtimes,
    missing_runtime_hint,
    worker_environment,
)
from clstudio.devices.selector import (
    SIMULATOR_PLATFORM,
    DeviceSelector,
    is_simulator,
    matches,
    parse_device_spec,
)
from clstudio.devices.versions import opencl_version, wanted_language

__all__ = [
    "GROUP_ORDER",
    "INTEL_EXTRA",
    "NO_PLATFORM_HELP",
    "SIMULATOR_PLATFORM",
    "DeviceInfo",
    "DeviceInventory",
    "DeviceLimits",
    "DeviceSelector",
    "DeviceState",
    "DeviceStatus",
    "InfoField",
    "PipRuntime",
    "PlatformInfo",
    "added_platforms_last",
    "choose_device",
    "device_status",
    "device_type_name",
    "format_inventory",
    "group_title",
    "installed_runtimes",
    "inventory_to_json",
    "is_simulator",
    "limits_of",
    "matches",
    "missing_runtime_hint",
    "opencl_version",
    "parse_device_spec",
    "wanted_language",
    "worker_environment",
]
