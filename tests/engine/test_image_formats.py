"""Every image format PoCL supports goes in and comes back through the engine, read and
written with the functions its channel type asks for; signed integers and floats keep
their signs and fractions; a format the device does not support is refused by name."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from clstudio.engine.run import Engine
from clstudio.session import (
    CHANNEL_ORDERS,
    CHANNEL_TYPES,
    ChannelOrder,
    ChannelType,
    image_functions,
)
from clstudio.session.format import Session, parse_session
from clstudio.session.image_formats import format_problem
from debugger.debugger_testing import needs_oclgrind
from session.session_data import kernel_data

pytestmark = pytest.mark.opencl

ON_POCL = {"platform": "portable", "device": ""}
# PoCL 3.0's 2-D formats (clGetSupportedImageFormats): R, A, RGBA of every type, BGRA and
# ARGB of the 8-bit ones; no RG, RA, INTENSITY or LUMINANCE. It lists HALF_FLOAT but
# reads and writes it wrongly (a trap of PoCL 3.0, which has no fp16): half images are
# tested on Oclgrind and the Intel CPU runtime instead.
POCL_ORDERS: tuple[ChannelOrder, ...] = ("R", "A", "RGBA", "BGRA", "ARGB")
VECTORS = {"f": "float4", "i": "int4", "ui": "uint4"}


def copy_kernel(suffix: str) -> str:
    """read_image{suffix} into write_image{suffix}, one pixel per work-item."""
    return f"""
__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;

__kernel void copy(read_only image2d_t src, write_only image2d_t dst) {{
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    {VECTORS[suffix]} pixel = read_image{suffix}(src, nearest, pos);
    write_image{suffix}(dst, pos, pixel);
}}
"""


def image_session(
    source: str,
    kernel: str,
    args: dict[str, Any],
    refs: dict[str, Any],
    device: dict[str, str] = ON_POCL,
) -> Session:
    return parse_session(kernel_data(source, kernel, [16, 8], args, device=device, references=refs))


def image(order: str, channel_type: str, **keys: Any) -> dict[str, Any]:
    return {"kind": "image", "shape": [8, 16], "order": order, "channel_type": channel_type} | keys


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine()


@pytest.mark.parametrize(
    ("order", "channel_type"),
    [
        (order, channel_type)
        for order in POCL_ORDERS
        for channel_type in CHANNEL_TYPES
        if format_problem(order, channel_type) is None and channel_type != "HALF_FLOAT"
    ],
)
def test_each_format_comes_back_as_it_went_in(
    engine: Engine, order: ChannelOrder, channel_type: ChannelType
) -> None:
    suffix = image_functions(channel_type)
    args = {
        "src": image(order, channel_type, init={"random": {"low": 0, "high": 100}}),
        "dst": image(order, channel_type, access="write_only"),
    }
    refs = {"dst": {"expr": "src", "rtol": 0, "atol": 0}}

    result = engine.run(image_session(copy_kernel(suffix), "copy", args, refs))

    assert result.ok, result.error
    src, dst = result.inputs["src"], result.outputs["dst"]
    channels = 1 if order in ("R", "A") else 4
    assert dst.shape == ((8, 16) if channels == 1 else (8, 16, channels))
    assert src.std() > 0  # not a blank image
    assert result.references["dst"].ok, result.references["dst"].message


NEGATE = """
__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;

__kernel void negate(read_only image2d_t src, write_only image2d_t dst,
                     read_only image2d_t level, write_only image2d_t half_level) {
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    write_imagei(dst, pos, -read_imagei(src, nearest, pos));
    write_imagef(half_level, pos, read_imagef(level, nearest, pos) * -0.5f);
}
"""


def test_signed_integers_and_floats_keep_their_signs_and_fractions(engine: Engine) -> None:
    args = {
        "src": image("RGBA", "SIGNED_INT16", init={"random": {"low": -1000, "high": 1000}}),
        "dst": image("RGBA", "SIGNED_INT16", access="write_only"),
        "level": image("R", "FLOAT", init={"random": {"low": -4, "high": 4}}),
        "half_level": image("R", "FLOAT", access="write_only"),
    }
    refs = {
        "dst": {"expr": "-src", "rtol": 0, "atol": 0},
        "half_level": {"expr": "level * -0.5", "rtol": 0, "atol": 0},
    }

    result = engine.run(image_session(NEGATE, "negate", args, refs))

    assert result.ok, result.error
    src, dst = result.inputs["src"], result.outputs["dst"]
    assert src.dtype == dst.dtype == np.int16 and (src < 0).any() and (src > 0).any()
    np.testing.assert_array_equal(dst, -src)
    level, half = result.inputs["level"], result.outputs["half_level"]
    assert level.dtype == half.dtype == np.float32 and (level != np.round(level)).any()
    np.testing.assert_array_equal(half, level * np.float32(-0.5))
    assert all(report.ok for report in result.references.values())


@needs_oclgrind
@pytest.mark.parametrize("order", ["R", "RGBA"])
def test_half_float_images_hold_halves_on_the_simulator(engine: Engine, order: str) -> None:
    args = {
        "src": image(order, "HALF_FLOAT", init={"random": {"low": -100, "high": 100}}),
        "dst": image(order, "HALF_FLOAT", access="write_only"),
    }
    refs = {"dst": {"expr": "src", "rtol": 0, "atol": 0}}
    on_oclgrind = {"platform": "oclgrind", "device": ""}

    result = engine.run(image_session(copy_kernel("f"), "copy", args, refs, on_oclgrind))

    assert result.ok, result.error
    assert result.outputs["dst"].dtype == np.float16
    np.testing.assert_array_equal(result.outputs["dst"], result.inputs["src"])


def test_a_format_the_device_does_not_support_is_refused_naming_it(engine: Engine) -> None:
    args = {
        "src": image("LUMINANCE", "UNORM_INT8", init="arange"),
        "dst": image("R", "UNORM_INT8", access="write_only"),
    }

    result = engine.run(image_session(copy_kernel("f"), "copy", args, {}))

    assert not result.ok and result.error is not None
    assert (result.error.stage, result.error.argument) == ("validate", "src")
    message = result.error.message
    assert "does not support the image format CL_LUMINANCE, CL_UNORM_INT8" in message, message
    assert "pthread" in message and "read_only images" in message  # PoCL's CPU device


def test_the_formats_are_opencl_1_2s() -> None:
    assert CHANNEL_ORDERS == (
        "R", "A", "RG", "RA", "RGBA", "BGRA", "ARGB", "INTENSITY", "LUMINANCE"
    )  # fmt: skip
    assert len(CHANNEL_TYPES) == 12
