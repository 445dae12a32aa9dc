"""The image formats OpenCL 1.2 defines: channel orders, channel types, and what each means.

A session names a format as OpenCL does, without the `CL_` prefix (`"order": "RGBA"`,
`"channel_type": "UNSIGNED_INT8"`). On the host an image is an array of the channel
type's numpy type, (height, width) for a one-channel order and (height, width, c) for
c channels, the channels in the order's memory order (B, G, R, A for BGRA). The
kernel reads and writes it with the function the channel type asks for: normalised
and float types with read_imagef/write_imagef, signed integers with read_imagei and
unsigned ones with read_imageui; any other pairing is undefined in OpenCL.
"""

from __future__ import annotations

from typing import Literal, get_args

import numpy as np

from clstudio.common import gettext

ChannelOrder = Literal["R", "A", "RG", "RA", "RGBA", "BGRA", "ARGB", "INTENSITY", "LUMINANCE"]
CHANNEL_ORDERS: tuple[ChannelOrder, ...] = get_args(ChannelOrder)
ChannelType = Literal[
    "UNORM_INT8",
    "UNORM_INT16",
    "SNORM_INT8",
    "SNORM_INT16",
    "SIGNED_INT8",
    "SIGNED_INT16",
    "SIGNED_INT32",
    "UNSIGNED_INT8",
    "UNSIGNED_INT16",
    "UNSIGNED_INT32",
    "HALF_FLOAT",
    "FLOAT",
]
CHANNEL_TYPES: tuple[ChannelType, ...] = get_args(ChannelType)
ImageFunctions = Literal["f", "i", "ui"]

# The spellings of the first sessions, when only these two formats existed: saved so
# still, so that a file which uses nothing new opens in an older CL Studio.
FIRST_CHANNEL_TYPES: dict[str, ChannelType] = {"uint8": "UNORM_INT8", "float32": "FLOAT"}
FIRST_SPELLINGS: dict[ChannelType, str] = {v: k for k, v in FIRST_CHANNEL_TYPES.items()}

# Each channel's letter, in memory order (INTENSITY and LUMINANCE store one value).
CHANNEL_NAMES: dict[ChannelOrder, tuple[str, ...]] = {
    "R": ("R",),
    "A": ("A",),
    "RG": ("R", "G"),
    "RA": ("R", "A"),
    "RGBA": ("R", "G", "B", "A"),
    "BGRA": ("B", "G", "R", "A"),
    "ARGB": ("A", "R", "G", "B"),
    "INTENSITY": ("I",),
    "LUMINANCE": ("L",),
}
HOST_TYPES: dict[ChannelType, str] = {
    "UNORM_INT8": "uint8",
    "UNORM_INT16": "uint16",
    "SNORM_INT8": "int8",
    "SNORM_INT16": "int16",
    "SIGNED_INT8": "int8",
    "SIGNED_INT16": "int16",
    "SIGNED_INT32": "int32",
    "UNSIGNED_INT8": "uint8",
    "UNSIGNED_INT16": "uint16",
    "UNSIGNED_INT32": "uint32",
    "HALF_FLOAT": "float16",
    "FLOAT": "float32",
}
# OpenCL 1.2, table 5.6: orders that take only some channel types.
_ONLY_WITH: dict[ChannelOrder, tuple[ChannelType, ...]] = {
    "INTENSITY": ("UNORM_INT8", "UNORM_INT16", "SNORM_INT8", "SNORM_INT16", "HALF_FLOAT", "FLOAT"),
    "LUMINANCE": ("UNORM_INT8", "UNORM_INT16", "SNORM_INT8", "SNORM_INT16", "HALF_FLOAT", "FLOAT"),
    "BGRA": ("UNORM_INT8", "SNORM_INT8", "SIGNED_INT8", "UNSIGNED_INT8"),
    "ARGB": ("UNORM_INT8", "SNORM_INT8", "SIGNED_INT8", "UNSIGNED_INT8"),
}


def channel_count(order: ChannelOrder) -> int:
    return len(CHANNEL_NAMES[order])


def host_dtype(channel_type: ChannelType) -> np.dtype:
    """The numpy type of one channel on the host."""
    return np.dtype(HOST_TYPES[channel_type])


def image_functions(channel_type: ChannelType) -> ImageFunctions:
    """The suffix of the read_image/write_image pair the kernel must use: f, i or ui."""
    if channel_type.startswith("SIGNED_INT"):
        return "i"
    if channel_type.startswith("UNSIGNED_INT"):
        return "ui"
    return "f"


def is_normalised(channel_type: ChannelType) -> bool:
    """UNORM and SNORM types: the kernel sees 0 to 1 (or -1 to 1), the host integers."""
    return channel_type.startswith(("UNORM", "SNORM"))


def format_name(order: ChannelOrder, channel_type: ChannelType) -> str:
    """The format as OpenCL's headers name it: `CL_R, CL_UNSIGNED_INT8`."""
    return f"CL_{order}, CL_{channel_type}"


def format_problem(order: ChannelOrder, channel_type: ChannelType) -> str | None:
    """Why OpenCL 1.2 defines no such format (INTENSITY of integers, BGRA of floats); None
    when it does. Whether a device supports it is the device's to say."""
    allowed = _ONLY_WITH.get(order)
    if allowed is None or channel_type in allowed:
        return None
    problem = gettext(
        "OpenCL defines channel order {order} only for channel types {allowed}, not {type}"
    )
    return problem.format(order=order, allowed=", ".join(allowed), type=channel_type)


def read_channel_type(text: str) -> ChannelType | None:
    """A channel type as a session writes it (its OpenCL name, or a first spelling); None
    when it names none."""
    if text in FIRST_CHANNEL_TYPES:
        return FIRST_CHANNEL_TYPES[text]
    for channel_type in CHANNEL_TYPES:
        if channel_type == text:
            return channel_type
    return None
