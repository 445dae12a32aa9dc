"""Image and sampler arguments, and sample pictures in buffers: read, refused, saved."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from clstudio.session.args import BufferArg, ImageArg, Init, SamplerArg, initial_contents
from clstudio.session.format import (
    SessionError,
    dumps_session,
    load_session,
    parse_session,
    session_to_dict,
)
from clstudio.session.image_formats import (
    CHANNEL_ORDERS,
    CHANNEL_TYPES,
    ChannelOrder,
    channel_count,
    format_problem,
    read_channel_type,
)
from clstudio.session.sample_images import sample_image
from clstudio.session.saving import save_session
from session.file_edits import drop_key, refusal, set_key
from session.session_testing import arg_of

ROTATE = """__kernel void rotate(read_only image2d_t src, write_only image2d_t dst, sampler_t smp) {
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    write_imagef(dst, pos, read_imagef(src, smp, pos));
}
"""


def images() -> dict[str, Any]:
    """A session with every image form: sample picture, random, file; and a sampler."""
    return {
        "format": "clstudio-session",
        "version": 1,
        "source": ROTATE,
        "kernel": "rotate",
        "global_size": [64, 48],
        "args": {
            "src": {
                "kind": "image",
                "shape": [48, 64],
                "order": "RGBA",
                "channel_type": "uint8",
                "init": {"image": {"name": "test_picture"}},
                "access": "read_only",
            },
            "dst": {
                "kind": "image",
                "shape": [48, 64],
                "order": "R",
                "channel_type": "float32",
                "access": "write_only",
            },
            "noise": {
                "kind": "image",
                "shape": [8, 8],
                "order": "R",
                "channel_type": "float32",
                "init": {"random": {"low": 0, "high": 1}},
            },
            "stored": {
                "kind": "image",
                "shape": [2, 3],
                "order": "RGBA",
                "channel_type": "float32",
                "init": {"file": "pixels.npy"},
            },
            "smp": {
                "kind": "sampler",
                "normalized_coords": True,
                "addressing": "mirrored_repeat",
                "filter": "linear",
            },
        },
        "references": {"dst": {"expr": "src[..., 0] / 255"}},
    }


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    np.save(tmp_path / "pixels.npy", np.arange(24, dtype=np.float32))
    return tmp_path


def test_image_and_sampler_arguments_load(folder: Path) -> None:
    session = parse_session(images(), folder)

    src, dst = session.args["src"], session.args["dst"]
    assert src == ImageArg(
        (48, 64), "RGBA", "UNORM_INT8", Init("image", {"name": "test_picture"}), "read_only"
    )
    assert dst == ImageArg((48, 64), "R", "FLOAT", Init("zeros"), "write_only")
    assert (dst.height, dst.width, dst.nbytes) == (48, 64, 48 * 64 * 4)
    assert arg_of(session, "noise", ImageArg).access is None  # from the kernel's qualifier
    assert session.args["smp"] == SamplerArg(True, "mirrored_repeat", "linear")


def test_a_sampler_takes_the_documented_defaults(folder: Path) -> None:
    data = images()
    data["args"]["smp"] = {"kind": "sampler"}

    smp = parse_session(data, folder).args["smp"]

    assert smp == SamplerArg(normalized_coords=False, addressing="clamp_to_edge", filter="nearest")


def test_image_contents_are_height_by_width_with_four_channels_for_rgba(folder: Path) -> None:
    session = parse_session(images(), folder)

    def contents(name: str) -> np.ndarray:
        spec = session.args[name]
        assert isinstance(spec, ImageArg)
        return initial_contents(name, spec, session.seed, session.base_dir)

    picture, blank, noise, stored = (contents(n) for n in ("src", "dst", "noise", "stored"))
    assert picture.shape == (48, 64, 4) and picture.dtype == np.uint8
    assert np.array_equal(picture, sample_image("test_picture", 64, 48, "RGBA", "UNORM_INT8"))
    assert blank.shape == (48, 64) and blank.dtype == np.float32 and not blank.any()
    assert noise.shape == (8, 8) and noise.min() >= 0 and noise.max() < 1
    assert stored.shape == (2, 3, 4) and stored.ravel().tolist() == list(range(24))


@pytest.mark.parametrize(
    ("order", "channel_type"),
    [
        (order, written)
        for order in CHANNEL_ORDERS
        for written in ("uint8", "float32", *CHANNEL_TYPES)  # the first sessions' names too
        if format_problem(order, read_channel_type(written) or "FLOAT") is None
    ],
)
def test_every_sample_picture_fills_every_image_layout(
    folder: Path, order: ChannelOrder, channel_type: str
) -> None:
    data = images()
    for name in ("gradient", "radial_gradient", "checkerboard", "test_picture", "mandelbrot"):
        data["args"]["src"].update(
            order=order, channel_type=channel_type, init={"image": {"name": name}}
        )
        session = parse_session(data, folder)
        spec = session.args["src"]
        assert isinstance(spec, ImageArg)
        pixels = initial_contents("src", spec, 0, None)
        assert np.array_equal(pixels, sample_image(name, 64, 48, order, spec.channel_type))
        channels = channel_count(order)
        assert pixels.shape == ((48, 64) if channels == 1 else (48, 64, channels))


def test_images_and_samplers_round_trip_through_json_and_files(folder: Path) -> None:
    session = parse_session(images(), folder)

    assert parse_session(session_to_dict(session), folder) == session
    assert parse_session(json.loads(dumps_session(session)), folder) == session
    save_session(session, folder / "copy.json")
    assert load_session(folder / "copy.json") == session


def test_saving_writes_image_and_sampler_keys_in_the_documented_order(folder: Path) -> None:
    saved = session_to_dict(parse_session(images(), folder))["args"]

    assert list(saved["src"]) == ["kind", "shape", "order", "channel_type", "init", "access"]
    assert saved["src"]["init"] == {"image": {"name": "test_picture"}}
    assert "access" not in saved["noise"]
    assert saved["smp"] == {
        "kind": "sampler",
        "normalized_coords": True,
        "addressing": "mirrored_repeat",
        "filter": "linear",
    }


BROKEN = {
    "one size": (set_key("args.dst.shape", [64]), "args.dst.shape: an image2d_t has two sizes"),
    "three sizes": (
        set_key("args.dst.shape", [4, 4, 4]),
        "args.dst.shape: expected a list of 1 to 2",
    ),
    "zero size": (set_key("args.dst.shape", [0, 4]), "args.dst.shape: expected a list of 1 to 2"),
    "RGB order": (
        set_key("args.dst.order", "RGB"),
        "args.dst.order: expected one of R, A, RG, RA, RGBA, BGRA, ARGB, INTENSITY, "
        "LUMINANCE, got 'RGB'",
    ),
    "uint16 channels": (
        set_key("args.dst.channel_type", "uint16"),
        "args.dst.channel_type: expected one of UNORM_INT8, UNORM_INT16, SNORM_INT8, "
        "SNORM_INT16, SIGNED_INT8, SIGNED_INT16, SIGNED_INT32, UNSIGNED_INT8, UNSIGNED_INT16, "
        "UNSIGNED_INT32, HALF_FLOAT, FLOAT, got 'uint16'",
    ),
    "integer intensity": (
        set_key(
            "args.dst",
            {
                "kind": "image",
                "shape": [4, 4],
                "order": "INTENSITY",
                "channel_type": "SIGNED_INT32",
            },
        ),
        "args.dst.channel_type: OpenCL defines channel order INTENSITY only for channel types "
        "UNORM_INT8, UNORM_INT16, SNORM_INT8, SNORM_INT16, HALF_FLOAT, FLOAT, not SIGNED_INT32",
    ),
    "float BGRA": (
        set_key("args.dst.order", "BGRA"),
        "args.dst.channel_type: OpenCL defines channel order BGRA only for channel types "
        "UNORM_INT8, SNORM_INT8, SIGNED_INT8, UNSIGNED_INT8, not FLOAT",
    ),
    "missing order": (drop_key("args.dst.order"), "args.dst.order: this key is required"),
    "missing channel type": (
        drop_key("args.dst.channel_type"),
        "args.dst.channel_type: this key is required",
    ),
    "buffer key on an image": (set_key("args.dst.dtype", "float"), "args.dst.dtype: unknown key"),
    "buffer access on an image": (
        set_key("args.src.access", "in"),
        "args.src.access: expected one of read_only, write_only or null, got 'in'",
    ),
    "read_write image": (
        set_key("args.src.access", "read_write"),
        "args.src.access: expected one of read_only, write_only or null",
    ),
    "unknown sample picture": (
        set_key("args.src.init", {"image": {"name": "lena"}}),
        "args.src.init.image.name: expected one of gradient, radial_gradient, checkerboard",
    ),
    "sample picture as text": (
        set_key("args.src.init", {"image": "test_picture"}),
        "args.src.init.image: expected an object",
    ),
    "sample picture without a name": (
        set_key("args.src.init", {"image": {}}),
        "args.src.init.image.name: this key is required",
    ),
    "sample picture option": (
        set_key("args.src.init", {"image": {"name": "checkerboard", "square": 4}}),
        "args.src.init.image.square: unknown key",
    ),
    "fill over 255 for uint8": (
        set_key("args.src.init", {"fill": 256}),
        "args.src.init.fill: 256 does not fit in uint8",
    ),
    "too few values": (
        set_key("args.noise.init", {"values": [1, 2, 3]}),
        "args.noise.init.values: 3 values given, but shape [8, 8] of float32 needs 64",
    ),
    "file of the wrong size": (
        set_key("args.stored.shape", [2, 2]),
        "args.stored.init.file: pixels.npy holds 24 values (shape [24]), but 16 are needed",
    ),
    "sampler repeat without normalized coordinates": (
        set_key("args.smp.normalized_coords", False),
        "args.smp.addressing: mirrored_repeat works only with normalized coordinates",
    ),
    "unknown addressing": (
        set_key("args.smp.addressing", "wrap"),
        "args.smp.addressing: expected one of none, clamp_to_edge, clamp, repeat, "
        "mirrored_repeat, got 'wrap'",
    ),
    "unknown filter": (
        set_key("args.smp.filter", "bilinear"),
        "args.smp.filter: expected one of nearest, linear, got 'bilinear'",
    ),
    "normalized as text": (
        set_key("args.smp.normalized_coords", "yes"),
        "args.smp.normalized_coords: expected true or false",
    ),
    "sampler with an init": (set_key("args.smp.init", "zeros"), "args.smp.init: unknown key"),
    "reference to a sampler": (
        set_key("references.smp", {"expr": "dst"}),
        "references.smp: 'smp' is a sampler argument; references check buffer and image "
        "arguments (src, dst, noise, stored)",
    ),
    "reference to a read-only image": (
        set_key("references.src", {"expr": "src"}),
        "references.src: 'src' has access \"read_only\", so it is never read back",
    ),
    "sampler in an expression": (
        set_key("references.dst.expr", "smp"),
        "references.dst.expr: name 'smp' is not an argument",
    ),
}


@pytest.mark.parametrize("mutate, message", BROKEN.values(), ids=BROKEN.keys())
def test_a_broken_image_or_sampler_is_refused_where_it_breaks(
    folder: Path, mutate: Callable[[dict[str, Any]], None], message: str
) -> None:
    assert refusal(images(), mutate, folder).startswith(message)


def _gray_buffer(dtype: str, shape: list[int]) -> dict[str, Any]:
    return {
        "kind": "buffer",
        "dtype": dtype,
        "shape": shape,
        "init": {"image": {"name": "test_picture"}},
    }


def test_a_sample_picture_fills_a_2d_buffer_with_gray_values(folder: Path) -> None:
    data = images()
    data["args"]["gray"] = _gray_buffer("uchar", [48, 64])
    data["args"]["level"] = _gray_buffer("float64", [48, 64])

    session = parse_session(data, folder)
    gray, level = session.args["gray"], session.args["level"]

    assert isinstance(gray, BufferArg) and isinstance(level, BufferArg)
    assert gray.init == Init("image", {"name": "test_picture"})
    pixels = initial_contents("gray", gray, session.seed, session.base_dir)
    assert pixels.dtype == np.uint8
    assert np.array_equal(pixels, sample_image("test_picture", 64, 48, "R", "UNORM_INT8"))
    values = initial_contents("level", level, session.seed, session.base_dir)
    assert values.dtype == np.float64
    assert np.array_equal(values, sample_image("test_picture", 64, 48, "R", "FLOAT"))
    saved = session_to_dict(session)
    assert saved["args"]["gray"]["init"] == {"image": {"name": "test_picture"}}
    assert parse_session(saved, folder) == session


REFUSED_PICTURES = {
    "one dimension": (
        _gray_buffer("uchar", [3072]),
        "args.buf.init.image: a sample picture fills a 2-D buffer, shape [height, width]; "
        "this one has shape [3072]",
    ),
    "three dimensions": (
        _gray_buffer("float", [4, 48, 64]),
        "args.buf.init.image: a sample picture fills a 2-D buffer, shape [height, width]; "
        "this one has shape [4, 48, 64]",
    ),
    "vector type": (
        _gray_buffer("uchar4", [48, 64]),
        "args.buf.init.image: a sample picture fills a buffer of scalars with gray values; "
        "uchar4 is a vector type",
    ),
    "char": (
        _gray_buffer("char", [48, 64]),
        "args.buf.init.image: a sample picture's gray values run from 0 to 255, more than a "
        "char holds; use uchar or a wider type",
    ),
    "unknown picture": (
        {**_gray_buffer("uchar", [48, 64]), "init": {"image": {"name": "lena"}}},
        "args.buf.init.image.name: expected one of gradient, radial_gradient, checkerboard",
    ),
}


@pytest.mark.parametrize("buffer, message", REFUSED_PICTURES.values(), ids=REFUSED_PICTURES.keys())
def test_a_sample_picture_is_refused_for_a_buffer_it_cannot_fill(
    folder: Path, buffer: dict[str, Any], message: str
) -> None:
    data = images()
    data["args"]["buf"] = buffer

    with pytest.raises(SessionError) as caught:
        parse_session(data, folder)

    assert str(caught.value).startswith(message)
