"""Image kernels of unnormalised channel types, as vendor samples write them.

THRESHOLD is a binary threshold in the style of the OpenVX sample implementation's OpenCL
kernels (hakanardo/openvx_sample, kernels/opencl): an 8-bit gray image (CL_R,
CL_UNSIGNED_INT8) read with read_imageui through their `nearest_clamp` sampler, and
OpenVX's rule for a binary threshold as the oracle: out = in > value ? 255 : 0.

SOBEL is the AMD APP SDK's SobelFilterImage kernel: an RGBA image of CL_UNSIGNED_INT8
read with read_imageui, Gx and Gy of each channel, their length / 2 written back with
write_imageui; the border is left as it was. Its oracle is the sample's CPU reference,
the same sums in float, truncated to an integer, as write_imageui stores it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from session.session_data import file_session

THRESHOLD = """\
const sampler_t nearest_clamp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                                CLK_FILTER_NEAREST;

__kernel void vx_threshold(read_only image2d_t in, uchar value, write_only image2d_t out)
{
    int2 coord = (int2)(get_global_id(0), get_global_id(1));
    uint4 a = read_imageui(in, nearest_clamp, coord);
    uint4 b = a.x > value ? (uint4)(255u) : (uint4)(0u);
    write_imageui(out, coord, b);
}
"""

SOBEL = """\
__constant sampler_t imageSampler = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP |
                                    CLK_FILTER_NEAREST;

__kernel void sobel_filter(__read_only image2d_t inputImage, __write_only image2d_t outputImage)
{
    int2 coord = (int2)(get_global_id(0), get_global_id(1));
    float4 Gx = (float4)(0);
    float4 Gy = Gx;
    if (coord.x >= 1 && coord.x < (get_global_size(0) - 1) &&
        coord.y >= 1 && coord.y < get_global_size(1) - 1)
    {
        float4 i00 = convert_float4(read_imageui(inputImage, imageSampler,
                                                 (int2)(coord.x - 1, coord.y + 1)));
        float4 i10 = convert_float4(read_imageui(inputImage, imageSampler,
                                                 (int2)(coord.x - 0, coord.y + 1)));
        float4 i20 = convert_float4(read_imageui(inputImage, imageSampler,
                                                 (int2)(coord.x + 1, coord.y + 1)));
        float4 i01 = convert_float4(read_imageui(inputImage, imageSampler,
                                                 (int2)(coord.x - 1, coord.y + 0)));
        float4 i21 = convert_float4(read_imageui(inputImage, imageSampler,
                                                 (int2)(coord.x + 1, coord.y + 0)));
        float4 i02 = convert_float4(read_imageui(inputImage, imageSampler,
                                                 (int2)(coord.x - 1, coord.y - 1)));
        float4 i12 = convert_float4(read_imageui(inputImage, imageSampler,
                                                 (int2)(coord.x - 0, coord.y - 1)));
        float4 i22 = convert_float4(read_imageui(inputImage, imageSampler,
                                                 (int2)(coord.x + 1, coord.y - 1)));

        Gx = i00 + (float4)(2) * i10 + i20 - i02 - (float4)(2) * i12 - i22;
        Gy = i00 - i20 + (float4)(2) * i01 - (float4)(2) * i21 + i02 - i22;

        Gx = native_divide(native_sqrt(Gx * Gx + Gy * Gy), (float4)(2));
        write_imageui(outputImage, coord, convert_uint4(Gx));
    }
}
"""


def threshold_expected(src: np.ndarray, value: int) -> np.ndarray:
    """OpenVX's binary threshold: 255 where the pixel is above the value, else 0."""
    return np.where(src > value, 255, 0).astype(np.uint8)


def sobel_expected(src: np.ndarray) -> np.ndarray:
    """The SDK's CPU reference: the same sums in float over the interior, truncated."""
    p = src.astype(np.float32)
    below, middle, above = p[2:], p[1:-1], p[:-2]  # y + 1, y, y - 1
    gx = (
        below[:, :-2] + 2 * below[:, 1:-1] + below[:, 2:]
        - above[:, :-2] - 2 * above[:, 1:-1] - above[:, 2:]
    )  # fmt: skip
    gy = (
        below[:, :-2] - below[:, 2:] + 2 * middle[:, :-2]
        - 2 * middle[:, 2:] + above[:, :-2] - above[:, 2:]
    )  # fmt: skip
    out = np.zeros_like(src)
    # write_imageui saturates (OpenCL 1.2, 8.3.3: convert_uchar_sat for CL_UNSIGNED_INT8).
    out[1:-1, 1:-1] = np.minimum(np.trunc(np.sqrt(gx * gx + gy * gy) / 2), 255)
    return out


def _image(order: str, channel_type: str) -> dict[str, Any]:
    return {"kind": "image", "shape": ["H", "W"], "order": order, "channel_type": channel_type}


def write_threshold(folder: Path, value: int = 100) -> Path:
    """A session of THRESHOLD on a gray gradient, its reference OpenVX's rule."""
    return file_session(
        folder,
        "threshold",
        "vx_threshold",
        THRESHOLD,
        sizes={"W": 64, "H": 48},
        global_size=["W", "H"],
        args={
            "in": _image("R", "UNSIGNED_INT8") | {"init": {"image": {"name": "radial_gradient"}}},
            "value": {"kind": "scalar", "value": value},
            "out": _image("R", "UNSIGNED_INT8") | {"access": "write_only"},
        },
        references={"out": {"expr": "np.where(in_ > value, 255, 0)", "rtol": 0, "atol": 0}},
    )
