"""Which device a session asks for: substrings of a platform name and of a device's name or type."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["SIMULATOR_PLATFORM", "DeviceSelector", "is_simulator", "matches", "parse_device_spec"]

SIMULATOR_PLATFORM = "Oclgrind"


@dataclass(frozen=True)
class DeviceSelector:
    """Case-insensitive substrings of a platform name and of a device's name or type."""

    platform: str = ""
    device: str = ""


def is_simulator(platform_name: str) -> bool:
    return SIMULATOR_PLATFORM.casefold() in platform_name.casefold()


def matches(
    selector: DeviceSelector | None, platform_name: str, device_name: str, device_type: str
) -> bool:
    """Case-insensitive substrings; the device part may name the type, since PoCL's CPU
    is called "pthread-<cpu model>" and sessions say {"device": "cpu"}.

    The Oclgrind simulator (check mode's device) matches only a selector that names its
    platform: it lists itself first, and runs kernels a hundred times slower.
    """
    if is_simulator(platform_name) and not (selector and is_simulator(selector.platform)):
        return False
    if selector is None:
        return True
    wanted_device = selector.device.casefold()
    return selector.platform.casefold() in platform_name.casefold() and (
        wanted_device in device_name.casefold() or wanted_device in device_type.casefold()
    )


def parse_device_spec(spec: str) -> DeviceSelector:
    """`--device` on the command line: `DEVICE` or `PLATFORM:DEVICE`, substrings each.

    `cpu`, `pocl:cpu` and `Intel:` (any device of Intel's platform) all work.
    """
    platform, colon, device = spec.partition(":")
    return (
        DeviceSelector(platform.strip(), device.strip())
        if colon
        else DeviceSelector("", spec.strip())
    )
