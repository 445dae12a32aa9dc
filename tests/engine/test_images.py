"""Image and sampler arguments through the engine on PoCL: in, out, and refused."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from clstudio.engine.run import Engine
from clstudio.reporting.run_report import result_to_json
from clstudio.session.format import Session, parse_session
from session.session_data import kernel_data

pytestmark = pytest.mark.opencl

INVERT = """
__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;

__kernel void invert(read_only image2d_t src, write_only image2d_t dst) {
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    write_imagef(dst, pos, 1.0f - read_imagef(src, nearest, pos));
}
"""
COORDS = """
__kernel void coords(write_only image2d_t dst) {
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    write_imagef(dst, pos, (float4)(pos.x, pos.y, 0.0f, 1.0f));
}
"""
SHIFT = """
__kernel void shift(read_only image2d_t src, write_only image2d_t dst, sampler_t smp) {
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    write_imagef(dst, pos, read_imagef(src, smp, pos - (int2)(1, 0)));
}
"""
ROW = """
__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;

__kernel void row_of(read_only image2d_t src, __global float *row) {
    int x = get_global_id(0);
    row[x] = read_imagef(src, nearest, (int2)(x, 1)).x;
}
"""
BUFFER_COPY = """
__kernel void copy(__global const float *src, __global float *dst) {
    dst[get_global_id(0)] = src[get_global_id(0)];
}
"""


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine()


def image(order: str, channel_type: str, height: int, width: int, **keys: Any) -> dict[str, Any]:
    return {
        "kind": "image",
        "shape": [height, width],
        "order": order,
        "channel_type": channel_type,
        **keys,
    }


def session(
    source: str,
    kernel: str,
    global_size: list[int],
    args: dict[str, Any],
    references: dict[str, Any],
) -> Session:
    return parse_session(kernel_data(source, kernel, global_size, args, references=references))


@pytest.mark.parametrize("order", ["R", "RGBA"])
@pytest.mark.parametrize(
    ("channel_type", "init", "expr"),
    [
        ("uint8", {"image": {"name": "test_picture"}}, "255 - src"),
        ("float32", {"random": {"low": 0, "high": 1}}, "1 - src"),
    ],
)
def test_an_image_goes_in_and_another_comes_back(
    engine: Engine, order: str, channel_type: str, init: dict[str, Any], expr: str
) -> None:
    args = {
        "src": image(order, channel_type, 48, 64, init=init),
        "dst": image(order, channel_type, 48, 64),
    }
    result = engine.run(session(INVERT, "invert", [64, 48], args, {"dst": {"expr": expr}}))

    assert result.ok, result.error
    assert set(result.outputs) == {"dst"}  # a read_only image is never read back
    shape = (48, 64) if order == "R" else (48, 64, 4)
    out = result.outputs["dst"]
    assert out.shape == result.inputs["src"].shape == shape
    assert out.dtype == np.dtype(channel_type)
    report = result.references["dst"]
    assert report.ok and report.max_abs_err == 0, report.message
    assert result.inputs["src"].std() > 0  # a real picture, not a blank one


def test_pixel_x_y_is_array_row_y_column_x(engine: Engine) -> None:
    args = {"dst": image("RGBA", "float32", 3, 5)}

    result = engine.run(session(COORDS, "coords", [5, 3], args, {}))

    assert result.ok, result.error
    dst = result.outputs["dst"]
    assert dst.shape == (3, 5, 4)
    assert dst[2, 4].tolist() == [4.0, 2.0, 0.0, 1.0]
    assert np.array_equal(dst[..., 0], np.broadcast_to(np.arange(5), (3, 5)))


@pytest.mark.parametrize(("addressing", "edge"), [("clamp_to_edge", "src[:, :1]"), ("clamp", "0")])
def test_a_sampler_argument_decides_what_lies_outside_the_image(
    engine: Engine, addressing: str, edge: str
) -> None:
    args = {
        "src": image("R", "float32", 4, 6, init={"random": {"low": 1, "high": 2}}),
        "dst": image("R", "float32", 4, 6),
        "smp": {"kind": "sampler", "addressing": addressing},
    }
    expected = f"np.concatenate([src[:, :1] * 0 + {edge}, src[:, :-1]], axis=1)"
    refs = {"dst": {"expr": expected, "rtol": 0, "atol": 0}}

    result = engine.run(session(SHIFT, "shift", [6, 4], args, refs))

    assert result.ok, result.references["dst"].message
    step = next(s for s in result.steps if "sampler" in s.detail)
    assert step.detail == f"smp = sampler ({addressing}, nearest)"


def test_image_transfers_are_timed_and_named_like_buffers(engine: Engine) -> None:
    args = {
        "src": image("RGBA", "uint8", 48, 64, init={"image": {"name": "checkerboard"}}),
        "dst": image("RGBA", "uint8", 48, 64),
    }
    s = session(INVERT, "invert", [64, 48], args, {"dst": {"expr": "255 - src"}})
    s = replace(s, repeats=3)

    result = engine.run(s)

    assert result.ok, result.error
    uploads = [(t.name, t.repeat) for t in result.timings if t.phase == "upload"]
    # The write_only image starts from its contents again before every repeat.
    assert uploads == [("src", 0), ("dst", 0), ("dst", 1), ("dst", 2)]
    assert [t.name for t in result.timings if t.phase == "download"] == ["dst"]
    assert all(t.end >= t.start > 0 for t in result.timings)
    created = [s.detail for s in result.steps if s.api == "clCreateImage"]
    assert created == [
        "'src': 64 x 48 RGBA UNORM_INT8, 12 KiB, read_only",
        "'dst': 64 x 48 RGBA UNORM_INT8, 12 KiB, write_only",
    ]
    copies = [(s.api, s.detail) for s in result.steps if s.api.startswith("clEnqueue")]
    assert ("clEnqueueWriteImage", "src, dst") in copies
    assert ("clEnqueueReadImage", "dst") in copies
    assert result.guards == {}  # images have no guard bands
    summary = result_to_json(result)["outputs"]["dst"]
    assert (summary["dtype"], summary["shape"]) == ("uint8", [48, 64, 4])


def test_images_and_buffers_mix_and_each_copy_names_its_c_function(engine: Engine) -> None:
    args = {
        "src": image("R", "float32", 2, 8, init="arange"),
        "row": {"kind": "buffer", "dtype": "float32", "shape": [8], "access": "out"},
    }
    refs = {"row": {"expr": "src[1]", "rtol": 0, "atol": 0}}

    result = engine.run(session(ROW, "row_of", [8], args, refs))

    assert result.ok, result.error or result.references
    copies = [(s.api, s.detail) for s in result.steps if s.api.startswith("clEnqueue")]
    assert copies[:2] == [("clEnqueueWriteImage", "src"), ("clEnqueueFillBuffer", "row")]
    assert ("clEnqueueReadBuffer", "row") in copies
    assert list(result.guards) == ["row"]  # the buffer is guarded, the image is not


def test_an_image_argument_given_as_a_buffer_is_refused_before_launch(engine: Engine) -> None:
    args = {
        "src": {"kind": "buffer", "dtype": "uchar4", "shape": [48, 64]},
        "dst": image("RGBA", "uint8", 48, 64),
    }

    result = engine.run(session(INVERT, "invert", [64, 48], args, {}))

    assert not result.ok
    assert result.error is not None
    assert (result.error.stage, result.error.argument) == ("validate", "src")
    assert "needs kind 'image', but the session gives kind 'buffer'" in result.error.message
    assert not any(t.phase == "kernel" for t in result.timings)


def test_an_image_given_to_a_buffer_parameter_is_refused(engine: Engine) -> None:
    args = {"src": image("R", "float32", 1, 16), "dst": image("R", "float32", 1, 16)}

    result = engine.run(session(BUFFER_COPY, "copy", [16], args, {}))

    assert result.error is not None
    assert (result.error.stage, result.error.argument) == ("validate", "src")
    assert "needs kind 'buffer', but the session gives kind 'image'" in result.error.message


def test_an_image_wider_than_the_device_allows_is_refused(engine: Engine) -> None:
    import pyopencl as cl

    from clstudio.devices import is_simulator

    platform = next(p for p in cl.get_platforms() if not is_simulator(p.name))
    device = platform.get_devices()[0]
    too_wide = int(device.image2d_max_width) + 1
    args = {"src": image("R", "uint8", 1, too_wide), "dst": image("R", "uint8", 1, 16)}

    result = engine.run(session(INVERT, "invert", [16, 1], args, {}))

    assert result.error is not None
    assert (result.error.stage, result.error.argument) == ("validate", "src")
    assert f"image 'src' is {too_wide} x 1 pixels" in result.error.message
    assert "CL_DEVICE_IMAGE2D_MAX_WIDTH" in result.error.message


def test_the_documented_image_example_runs_and_passes(engine: Engine) -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / "session-format.md"
    blocks = doc.read_text(encoding="utf-8").split("```json\n")[1:]
    (example,) = (
        data
        for data in (json.loads(block.split("```")[0]) for block in blocks)
        if data.get("kernel") == "tile"
    )

    result = engine.run(parse_session(example))

    assert result.ok, result.error or result.references
    assert result.references["dst"].max_abs_err == 0
