"""The Devices menu's records: more devices on this machine, and a remote machine's."""

from __future__ import annotations

from collections.abc import Callable

from clstudio.ui.actions.action import Action, Item
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP


def records(add_device: Callable[[], object], add_remote: Callable[[], object]) -> tuple[Item, ...]:
    return (
        Action(
            id="add_remote_machine",
            text=QT_TRANSLATE_NOOP("WindowActions", "Add a &Remote Machine…"),
            tip=QT_TRANSLATE_NOOP(
                "WindowActions",
                "Use the devices of a machine you reach with ssh, such as a GPU server",
            ),
            callback=add_remote,
            menu="devices",
        ),
        Action(
            id="add_device",
            text=QT_TRANSLATE_NOOP("WindowActions", "Add a &Device…"),
            tip=QT_TRANSLATE_NOOP(
                "WindowActions", "Ways to get more OpenCL devices: from pip, or your GPU driver"
            ),
            callback=add_device,
            menu="devices",
        ),
    )
