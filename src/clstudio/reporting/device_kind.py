"""What a run's figures mean for the kind of device that made them.

A learner who tiles a matrix multiply into __local memory expects it to win, and on a
CPU device it loses: the lesson of a time depends on the device, so the Roofline and
Timings tabs say which kind of device measured it and what follows."""

from __future__ import annotations

from clstudio.common import gettext


def device_kind_note(device_type: str) -> str:
    """One or two sentences on the figures of a `device_type` ("CPU", "GPU"…) device;
    empty when the kind is unknown."""
    if device_type == "CPU":
        return gettext(
            "Measured on a CPU device: its __local memory is ordinary memory that the "
            "caches already serve, so copying tiles into it is extra work and every "
            "barrier makes the whole work-group wait. That is why a tiled matrix multiply "
            "is often slower here than the naive one, or barely faster; on a GPU, where "
            "__local memory is fast on-chip memory, the same tiling wins."
        )
    if device_type == "GPU":
        return gettext(
            "Measured on a GPU: __local memory is fast on-chip memory shared by a "
            "work-group, so tiles that reuse data there save trips to global memory."
        )
    if device_type:
        return gettext(
            "Measured on a device of type {type}: how __local memory and barriers cost "
            "depends on its hardware."
        ).format(type=device_type)
    return ""


def device_kind_line(device_type: str) -> str:
    """device_kind_note in a phrase that follows a run's summary on its line (Timings has
    little room); empty when the kind is unknown."""
    if device_type == "CPU":
        return gettext(
            "a CPU device: __local is cached memory and barriers cost, so tiling rarely "
            "pays (it does on a GPU)"
        )
    if device_type == "GPU":
        return gettext("a GPU: __local is fast on-chip memory, so tiling pays")
    if device_type:
        return gettext("a device of type {type}").format(type=device_type)
    return ""
