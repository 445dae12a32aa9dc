"""Which device builds and runs use, and how the status bar explains having none.

A pure policy, so that it is tested without Qt: the session's choice wins; a session that
names no device takes the one used last, else the first device found (never Oclgrind).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from clstudio.devices.inventory import DeviceInfo, DeviceInventory
from clstudio.devices.selector import DeviceSelector

__all__ = ["DeviceState", "DeviceStatus", "choose_device", "device_status"]


def choose_device(
    inventory: DeviceInventory,
    session: DeviceSelector | None,
    last_used: DeviceSelector | None,
) -> DeviceInfo | None:
    """The device for a session: the one it asks for, or none when nothing matches; for a
    session that asks for none, the last one used, else the first one found."""
    active = inventory.select(session or last_used) if inventory.devices() else None
    if active is None and session is None:
        active = inventory.select(None)
    return active


class DeviceState(Enum):
    USING = "using"  # a device is in use
    LOOKING = "looking"  # discovery is under way and nothing is in use yet
    UNMATCHED = "unmatched"  # the session asks for a device this machine lacks
    NONE = "none"  # no device found


@dataclass(frozen=True)
class DeviceStatus:
    """What the status bar says about the device: its state, the device in use, and the
    session's wish (as "platform / device") when nothing matches it."""

    state: DeviceState
    device: DeviceInfo | None = None
    wanted: str = ""


def device_status(
    active: DeviceInfo | None,
    inventory: DeviceInventory,
    session: DeviceSelector | None,
    looking: bool,
) -> DeviceStatus:
    """Describe the device in use, or why there is none."""
    if active is not None:
        return DeviceStatus(DeviceState.USING, active)
    if looking:
        return DeviceStatus(DeviceState.LOOKING)
    if session is not None and inventory.devices():
        wanted = " / ".join(part for part in (session.platform, session.device) if part)
        return DeviceStatus(DeviceState.UNMATCHED, wanted=wanted)
    return DeviceStatus(DeviceState.NONE)
