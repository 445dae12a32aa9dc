"""OpenCL platforms and devices: discovery, the field catalogue, raw queries, selectors, limits."""

from clstudio.devices.discovery import (
    GROUP_ORDER,
    NO_PLATFORM_HELP,
    DeviceInfo,
    DeviceInventory,
    InfoField,
    PlatformInfo,
    device_type_name,
    discover,
    format_inventory,
    inventory_to_json,
)
from clstudio.devices.limits import DeviceLimits, limits_of
from clstudio.devices.selector import DeviceSelector, matches, parse_device_spec
from clstudio.devices.versions import opencl_version

__all__ = [
    "GROUP_ORDER",
    "NO_PLATFORM_HELP",
    "DeviceInfo",
    "DeviceInventory",
    "DeviceLimits",
    "DeviceSelector",
    "InfoField",
    "PlatformInfo",
    "device_type_name",
    "discover",
    "format_inventory",
    "inventory_to_json",
    "limits_of",
    "matches",
    "opencl_version",
    "parse_device_spec",
]
