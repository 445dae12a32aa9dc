"""Sample pictures made by code, for image arguments, 2-D buffers and the image viewer.

Nothing is downloaded: each picture is a pure function of its size, so a session
that names one gets the same pixels on every machine. Pictures are float32 in
[0, 1], either (height, width) gray or (height, width, 4) RGBA; `to_channels`
turns them into the layout of an image argument of any channel order and type, and
`sample_gray` into the gray values of a buffer.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from clstudio.common import gettext
from clstudio.session.image_formats import (
    CHANNEL_NAMES,
    ChannelOrder,
    ChannelType,
    channel_count,
    host_dtype,
)

GRADIENT_DIRECTIONS = ("horizontal", "vertical", "diagonal", "radial")

# The eight bars of a television test card: white, yellow, cyan, green, magenta, red, blue, black.
_BARS = np.array(
    [
        [1, 1, 1],
        [1, 1, 0],
        [0, 1, 1],
        [0, 1, 0],
        [1, 0, 1],
        [1, 0, 0],
        [0, 0, 1],
        [0, 0, 0],
    ],
    dtype=np.float32,
)
# Rec. 601 luma weights: how bright each of R, G and B looks.
_LUMA = np.array([0.299, 0.587, 0.114], dtype=np.float32)
_RGBA_INDEX = {"R": 0, "G": 1, "B": 2, "A": 3}
# What 1.0 in a picture becomes in each channel type: the largest value of a normalised
# type, 255 for the integer types (the gray levels of 8-bit pictures; 127 where a
# signed byte ends), 1 for floats.
_WHITE: dict[ChannelType, float] = {
    "UNORM_INT8": 255,
    "UNORM_INT16": 65535,
    "SNORM_INT8": 127,
    "SNORM_INT16": 32767,
    "SIGNED_INT8": 127,
    "HALF_FLOAT": 1,
    "FLOAT": 1,
}


def _check_size(width: int, height: int) -> None:
    if width < 1 or height < 1:
        problem = gettext("a picture needs a positive size, got {width} x {height}")
        raise ValueError(problem.format(width=width, height=height))


def _pixel_centres(width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
    """x and y of every pixel centre, in units of the picture's width and height."""
    x = (np.arange(width, dtype=np.float32) + 0.5) / width
    y = (np.arange(height, dtype=np.float32) + 0.5) / height
    return np.broadcast_to(x, (height, width)), np.broadcast_to(y[:, None], (height, width))


def gradient(width: int, height: int, direction: str = "horizontal") -> np.ndarray:
    """A gray ramp from 0 to 1: left to right, top to bottom, corner to corner, or outwards."""
    _check_size(width, height)
    x = np.arange(width, dtype=np.float32) / max(width - 1, 1)
    y = np.arange(height, dtype=np.float32)[:, None] / max(height - 1, 1)
    if direction == "horizontal":
        ramp = x + 0 * y
    elif direction == "vertical":
        ramp = y + 0 * x
    elif direction == "diagonal":
        ramp = (x + y) / 2
    elif direction == "radial":
        cx, cy = _pixel_centres(width, height)
        ramp = np.hypot(cx - 0.5, cy - 0.5) / np.float32(np.hypot(0.5, 0.5))
    else:
        raise ValueError(
            gettext("unknown gradient direction {direction}; use one of {choices}").format(
                direction=repr(direction), choices=", ".join(GRADIENT_DIRECTIONS)
            )
        )
    return np.clip(ramp, 0, 1).astype(np.float32)


def checkerboard(width: int, height: int, square: int = 8) -> np.ndarray:
    """Black and white squares of `square` pixels, white in the top-left corner."""
    _check_size(width, height)
    if square < 1:
        problem = gettext("the squares need a positive size, got {size}")
        raise ValueError(problem.format(size=square))
    cols = np.arange(width) // square
    rows = np.arange(height)[:, None] // square
    board: np.ndarray = ((rows + cols) % 2 == 0).astype(np.float32)
    return board


def test_picture(width: int, height: int) -> np.ndarray:
    """An RGBA test card whose every flip and rotation looks different.

    Colour bars on top, a gray ramp at the bottom, a circle and a cross through the
    centre, and a letter F in the top-left quarter that shows which way is up.
    """
    _check_size(width, height)
    x, y = _pixel_centres(width, height)
    rgb = np.stack([x, y, np.full_like(x, 0.5)], axis=-1) * 0.6
    bars = y < 0.2
    rgb[bars] = _BARS[np.minimum((x[bars] * len(_BARS)).astype(int), len(_BARS) - 1)]
    ramp = y >= 0.85
    rgb[ramp] = x[ramp][:, None]
    aspect = width / height
    radius = np.hypot((x - 0.5) * aspect, y - 0.525)
    rgb[np.abs(radius - 0.25) < 0.015] = 1.0
    line = 0.004
    cross = (np.abs(x - 0.5) < line) | (np.abs(y - 0.525) < line)
    rgb[cross & ~bars & ~ramp] = 1.0
    # The letter F: a stem and two arms of different lengths.
    stem = (np.abs(x - 0.12) < 0.02) & (y > 0.3) & (y < 0.6)
    top_arm = (x > 0.12) & (x < 0.26) & (np.abs(y - 0.31) < 0.02)
    middle_arm = (x > 0.12) & (x < 0.21) & (np.abs(y - 0.44) < 0.02)
    rgb[stem | top_arm | middle_arm] = (1.0, 0.5, 0.0)
    alpha = np.ones((height, width, 1), dtype=np.float32)
    return np.concatenate([rgb, alpha], axis=-1).astype(np.float32)


def mandelbrot(
    width: int,
    height: int,
    x0: float = -2.25,
    y0: float = 1.125,
    pixel_size: float = 3 / 512,
    max_iter: int = 256,
) -> np.ndarray:
    """Iteration counts of the Mandelbrot set, computed step for step like the gallery kernel.

    Pixel (col, row) is the point (x0 + col * pixel_size, y0 - row * pixel_size). Every
    operation rounds to float32 in the kernel's order, so a kernel built without fused
    multiply-adds (FP_CONTRACT OFF) gives exactly these counts (uint32, up to max_iter).
    """
    _check_size(width, height)
    f = np.float32
    cols = np.arange(width, dtype=f)
    rows = np.arange(height, dtype=f)[:, None]
    cx = np.broadcast_to(f(x0) + cols * f(pixel_size), (height, width)).ravel()
    cy = np.broadcast_to(f(y0) - rows * f(pixel_size), (height, width)).ravel()
    counts = np.zeros(width * height, dtype=np.uint32)
    index = np.arange(width * height)
    zx = np.zeros_like(cx)
    zy = np.zeros_like(cx)
    for n in range(max_iter):
        # Only the points still inside the circle of radius 2 go on iterating.
        going = zx * zx + zy * zy <= f(4)
        index, zx, zy, cx, cy = index[going], zx[going], zy[going], cx[going], cy[going]
        if index.size == 0:
            break
        zx, zy = zx * zx - zy * zy + cx, f(2) * zx * zy + cy
        counts[index] = n + 1
    return counts.reshape(height, width)


def to_channels(image: np.ndarray, order: ChannelOrder, channel_type: ChannelType) -> np.ndarray:
    """A [0, 1] picture as an image argument's array: (h, w) for one channel, else (h, w, c).

    Gray becomes colour with opaque alpha; a one-channel order gets a colour picture's
    luma. Channels follow the order's memory order (B, G, R, A for BGRA).
    """
    pixels = np.asarray(image, dtype=np.float32)
    if pixels.ndim == 3 and pixels.shape[-1] == 4:
        rgba = pixels
    elif pixels.ndim == 2:
        rgba = np.concatenate(
            [np.repeat(pixels[..., None], 3, axis=-1), np.ones((*pixels.shape, 1), np.float32)],
            axis=-1,
        )
    else:
        problem = gettext("expected a (h, w) or (h, w, 4) picture, got shape {shape}")
        raise ValueError(problem.format(shape=pixels.shape))
    if channel_count(order) == 1:
        out = rgba[..., :3] @ _LUMA
    else:
        out = rgba[..., [_RGBA_INDEX[letter] for letter in CHANNEL_NAMES[order]]]
    out = np.clip(out, 0, 1)
    white = _WHITE.get(channel_type, 255)
    dtype = host_dtype(channel_type)
    # Picking channels by a list can leave the array strided: OpenCL copies want C order.
    scaled = out if dtype.kind == "f" else np.round(out * white)
    laid_out: np.ndarray = np.ascontiguousarray(scaled, dtype=dtype)
    return laid_out


def _radial_gradient(width: int, height: int) -> np.ndarray:
    return gradient(width, height, "radial")


def _mandelbrot_picture(width: int, height: int) -> np.ndarray:
    """The whole set, centred vertically; log-scaled counts, so the bands outside show."""
    size = 3 / width
    counts = mandelbrot(width, height, -2.25, size * (height - 1) / 2, size, 256)
    picture: np.ndarray = np.log(counts.astype(np.float32)) / np.log(np.float32(256))
    return picture.astype(np.float32)


SAMPLE_IMAGES: dict[str, Callable[[int, int], np.ndarray]] = {
    "gradient": gradient,
    "radial_gradient": _radial_gradient,
    "checkerboard": checkerboard,
    "test_picture": test_picture,
    "mandelbrot": _mandelbrot_picture,
}


def sample_image(
    name: str,
    width: int,
    height: int,
    order: ChannelOrder = "RGBA",
    channel_type: ChannelType = "UNORM_INT8",
) -> np.ndarray:
    """One of SAMPLE_IMAGES, laid out for an image argument."""
    make = SAMPLE_IMAGES.get(name)
    if make is None:
        problem = gettext("unknown sample image {name}; use one of {choices}")
        raise ValueError(problem.format(name=repr(name), choices=", ".join(SAMPLE_IMAGES)))
    return to_channels(make(width, height), order, channel_type)


def sample_gray(name: str, width: int, height: int, dtype: np.dtype) -> np.ndarray:
    """One of SAMPLE_IMAGES as gray values for a 2-D buffer of `dtype`, shape (height, width).

    The values are a colour picture's brightness (Rec. 601 luma), as in an R image:
    integers run from 0 to 255 (the same numbers as a uint8 image), floats from 0 to 1.
    """
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        return sample_image(name, width, height, "R", "UNORM_INT8").astype(dtype)
    return sample_image(name, width, height, "R", "FLOAT").astype(dtype)
