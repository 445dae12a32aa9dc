"""Device images and samplers for a run: creation, uploads and read-backs.

An image argument's host array is (height, width) for a one-channel order, or
(height, width, channels) (session/image_formats.py). numpy's row-major order puts x
fastest and the channels in memory order, as OpenCL images want, so the array copies
as it is with an origin and a region of (width, height). Images get no guard bands:
the implementation owns their memory layout, so there is no byte range "just past the
end" to watch. (A write_imagef outside the image is undefined behaviour in OpenCL.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pyopencl as cl

from clstudio.common import format_bytes
from clstudio.engine.buffers import read_back_array
from clstudio.session import CHANNEL_TYPES, ChannelOrder, ChannelType, ImageArg, SamplerArg

CHANNEL_ORDER_VALUES: dict[ChannelOrder, int] = {
    "R": cl.channel_order.R,
    "A": cl.channel_order.A,
    "RG": cl.channel_order.RG,
    "RA": cl.channel_order.RA,
    "RGBA": cl.channel_order.RGBA,
    "BGRA": cl.channel_order.BGRA,
    "ARGB": 0x10B7,  # CL_ARGB in cl.h: pyopencl names no ARGB
    "INTENSITY": cl.channel_order.INTENSITY,
    "LUMINANCE": cl.channel_order.LUMINANCE,
}
CHANNEL_TYPE_VALUES: dict[ChannelType, int] = {
    name: getattr(cl.channel_type, name) for name in CHANNEL_TYPES
}
_FLAGS = {"read_only": cl.mem_flags.READ_ONLY, "write_only": cl.mem_flags.WRITE_ONLY}
_ADDRESSING = {
    "none": cl.addressing_mode.NONE,
    "clamp_to_edge": cl.addressing_mode.CLAMP_TO_EDGE,
    "clamp": cl.addressing_mode.CLAMP,
    "repeat": cl.addressing_mode.REPEAT,
    "mirrored_repeat": cl.addressing_mode.MIRRORED_REPEAT,
}
_FILTERS = {"nearest": cl.filter_mode.NEAREST, "linear": cl.filter_mode.LINEAR}


@dataclass
class DeviceImage:
    """One image argument on the device, with the host array it starts from.

    It answers like a DeviceBuffer (name, written, upload, download, read_guards and
    the C functions that copy it), so the engine moves buffers and images alike.
    """

    name: str
    spec: ImageArg
    access: str  # "read_only" or "write_only", as the kernel declares it
    host: np.ndarray
    buffer: cl.Image  # what the kernel sees; named as DeviceBuffer's field
    write_api: ClassVar[str] = "clEnqueueWriteImage"
    read_api: ClassVar[str] = "clEnqueueReadImage"
    upload_phase: ClassVar[str] = "upload"

    @property
    def written(self) -> bool:
        return self.access == "write_only"

    @property
    def detail(self) -> str:
        """What the steps panel says about the image: `'src': 640 x 480 RGBA uint8, ...`."""
        spec = self.spec
        pixels = f"{spec.width} x {spec.height} {spec.order} {spec.channel_type}"
        return f"'{self.name}': {pixels}, {format_bytes(spec.nbytes)}, {self.access}"

    @property
    def _region(self) -> tuple[int, int]:
        return (self.spec.width, self.spec.height)

    def upload(self, queue: cl.CommandQueue) -> cl.Event:
        return cl.enqueue_copy(
            queue, self.buffer, self.host, origin=(0, 0), region=self._region, is_blocking=False
        )

    def download(self, queue: cl.CommandQueue) -> tuple[np.ndarray, cl.Event]:
        out = read_back_array(self.host)
        event = cl.enqueue_copy(
            queue, out, self.buffer, origin=(0, 0), region=self._region, is_blocking=False
        )
        return out, event

    def read_guards(self, queue: cl.CommandQueue) -> None:
        """Images have no guard bands."""
        return None


def allocate_image(
    context: cl.Context, name: str, spec: ImageArg, access: str, host: np.ndarray
) -> DeviceImage:
    """A device image shaped and typed like `host`; its contents are uploaded at launch."""
    image_format = cl.ImageFormat(
        CHANNEL_ORDER_VALUES[spec.order], CHANNEL_TYPE_VALUES[spec.channel_type]
    )
    image = cl.create_image(context, _FLAGS[access], image_format, shape=(spec.width, spec.height))
    return DeviceImage(name, spec, access, host, image)


def create_sampler(context: cl.Context, spec: SamplerArg) -> cl.Sampler:
    """clCreateSampler: the host-side twin of a `sampler_t` declared in the kernel."""
    return cl.Sampler(
        context, spec.normalized_coords, _ADDRESSING[spec.addressing], _FILTERS[spec.filter]
    )


def supported_image_formats(context: cl.Context) -> frozenset[tuple[str, str, str]]:
    """clGetSupportedImageFormats for 2-D images, as (access, order, channel type) names;
    formats outside OpenCL 1.2's orders and types (sRGBA, depth) are left out."""
    orders = {value: name for name, value in CHANNEL_ORDER_VALUES.items()}
    types = {value: name for name, value in CHANNEL_TYPE_VALUES.items()}
    found = set()
    for access, flag in _FLAGS.items():
        for image_format in cl.get_supported_image_formats(
            context, flag, cl.mem_object_type.IMAGE2D
        ):
            order = orders.get(image_format.channel_order)
            channel_type = types.get(image_format.channel_data_type)
            if order is not None and channel_type is not None:
                found.add((access, order, channel_type))
    return frozenset(found)
