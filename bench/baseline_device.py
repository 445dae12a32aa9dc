"""The device a baseline runs on: the one the measured side's selector picks, by name.

`cl.create_some_context(interactive=False)` takes the first platform the loader
lists, which on some machines is Oclgrind; a baseline on the simulator compares
nothing. The engine's own selection (pip drivers last, the simulator only when
named) is used instead, so a baseline and the measured run share their device.
"""

from __future__ import annotations

import pyopencl as cl

from clstudio.devices import DeviceSelector
from clstudio.engine.context import OpenCLContexts


def baseline_device(selector: DeviceSelector | None) -> cl.Device:
    """The device `selector` picks in CL Studio; LookupError when none matches."""
    return OpenCLContexts().find_device(selector).device


def device_label(device: cl.Device) -> str:
    """ "<device> on <platform>", for the report."""
    return f"{device.name.strip()} on {device.platform.name.strip()}"
