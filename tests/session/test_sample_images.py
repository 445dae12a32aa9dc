"""Sample pictures made by code: sizes, value ranges, layouts, and the Mandelbrot counts."""

from __future__ import annotations

import numpy as np
import pytest

from clstudio.session import sample_images as images
from clstudio.session.image_formats import ChannelOrder, ChannelType, host_dtype
from clstudio.session.sample_images import (
    SAMPLE_IMAGES,
    checkerboard,
    gradient,
    mandelbrot,
    sample_image,
    to_channels,
)

WHITE = {"UNORM_INT16": 65535, "SNORM_INT8": 127, "SNORM_INT16": 32767, "SIGNED_INT8": 127}


@pytest.mark.parametrize("name", SAMPLE_IMAGES)
@pytest.mark.parametrize(
    ("order", "channel_type", "shape"),
    [
        ("RGBA", "UNORM_INT8", (48, 64, 4)),
        ("RGBA", "FLOAT", (48, 64, 4)),
        ("R", "UNORM_INT8", (48, 64)),
        ("R", "FLOAT", (48, 64)),
        ("BGRA", "UNSIGNED_INT8", (48, 64, 4)),
        ("RG", "SIGNED_INT16", (48, 64, 2)),
        ("LUMINANCE", "HALF_FLOAT", (48, 64)),
        ("A", "UNORM_INT16", (48, 64)),
        ("RA", "SNORM_INT8", (48, 64, 2)),
        ("INTENSITY", "SNORM_INT16", (48, 64)),
        ("ARGB", "SIGNED_INT8", (48, 64, 4)),
        ("R", "UNSIGNED_INT32", (48, 64)),
    ],
)
def test_every_sample_comes_in_every_layout(
    name: str, order: ChannelOrder, channel_type: ChannelType, shape: tuple[int, ...]
) -> None:
    """Normalised types span their range, integers the gray levels 0 to 255, floats 0 to 1."""
    image = sample_image(name, 64, 48, order, channel_type)
    assert image.shape == shape
    assert image.dtype == host_dtype(channel_type)
    top = 1.0 if image.dtype.kind == "f" else WHITE.get(channel_type, 255)
    assert image.min() >= 0
    assert image.max() <= top
    assert image.max() > image.min()  # a picture, not a flat fill
    np.testing.assert_array_equal(image, sample_image(name, 64, 48, order, channel_type))


def test_gradients_run_from_black_to_white_in_their_direction() -> None:
    horizontal = gradient(5, 3)
    np.testing.assert_array_equal(horizontal[0], [0, 0.25, 0.5, 0.75, 1])
    assert (horizontal == horizontal[0]).all()
    vertical = gradient(5, 3, "vertical")
    np.testing.assert_array_equal(vertical[:, 0], [0, 0.5, 1])
    diagonal = gradient(5, 3, "diagonal")
    assert diagonal[0, 0] == 0 and diagonal[-1, -1] == 1
    radial = gradient(9, 9, "radial")
    assert radial[4, 4] == radial.min() < radial[0, 0] == radial.max() <= 1
    with pytest.raises(ValueError, match="sideways"):
        gradient(5, 3, "sideways")


def test_checkerboard_squares_alternate_from_a_white_corner() -> None:
    board = checkerboard(8, 6, square=2)
    assert board.shape == (6, 8)
    np.testing.assert_array_equal(board[0], [1, 1, 0, 0, 1, 1, 0, 0])
    np.testing.assert_array_equal(board[2], [0, 0, 1, 1, 0, 0, 1, 1])
    np.testing.assert_array_equal(board[1], board[0])
    with pytest.raises(ValueError, match="positive"):
        checkerboard(8, 6, square=0)


def test_the_test_picture_shows_which_way_is_up() -> None:
    picture = images.test_picture(160, 120)
    assert picture.shape == (120, 160, 4) and picture.dtype == np.float32
    assert (picture[..., 3] == 1).all()
    # Every flip and quarter turn of the picture differs from it (the letter F and the bars).
    for moved in (picture[::-1], picture[:, ::-1], picture[::-1, ::-1]):
        assert not np.array_equal(moved, picture)
    square = images.test_picture(120, 120)
    assert not np.array_equal(np.rot90(square), square)
    # White bar on the left of the top, black on the right, a gray ramp along the bottom.
    np.testing.assert_array_equal(picture[2, 2, :3], [1, 1, 1])
    np.testing.assert_array_equal(picture[2, -2, :3], [0, 0, 0])
    bottom = picture[-2, :, 0]
    assert (np.diff(bottom) >= 0).all() and bottom[0] < 0.01 and bottom[-1] > 0.99


def test_channels_convert_gray_to_rgba_and_colour_to_luma() -> None:
    gray = np.array([[0.0, 0.5, 1.0]], dtype=np.float32)
    rgba = to_channels(gray, "RGBA", "UNORM_INT8")
    np.testing.assert_array_equal(rgba[0, 1], [128, 128, 128, 255])
    colour = np.array([[[1, 0, 0, 1], [0, 1, 0, 1], [1, 1, 1, 1]]], dtype=np.float32)
    np.testing.assert_allclose(to_channels(colour, "R", "FLOAT")[0], [0.299, 0.587, 1.0])
    np.testing.assert_array_equal(to_channels(gray * 3 - 1, "R", "UNORM_INT8"), [[0, 128, 255]])
    with pytest.raises(ValueError, match="shape"):
        to_channels(np.zeros((2, 2, 3)), "R", "UNORM_INT8")


def test_channels_follow_the_order_in_memory() -> None:
    red = np.array([[[1, 0, 0, 0.5]]], dtype=np.float32)
    np.testing.assert_array_equal(to_channels(red, "BGRA", "UNSIGNED_INT8")[0, 0], [0, 0, 255, 128])
    np.testing.assert_array_equal(to_channels(red, "ARGB", "UNORM_INT8")[0, 0], [128, 255, 0, 0])
    np.testing.assert_array_equal(to_channels(red, "RA", "FLOAT")[0, 0], [1, 0.5])
    np.testing.assert_array_equal(to_channels(red, "RG", "SNORM_INT16")[0, 0], [32767, 0])


def test_unknown_samples_and_sizes_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'lena'"):
        sample_image("lena", 8, 8)
    with pytest.raises(ValueError, match="0 x 8"):
        gradient(0, 8)


def _escape_count(cx: np.float32, cy: np.float32, max_iter: int) -> int:
    """The kernel's loop, one point at a time, in float32."""
    zx = zy = np.float32(0)
    n = 0
    while n < max_iter and zx * zx + zy * zy <= np.float32(4):
        zx, zy = zx * zx - zy * zy + cx, np.float32(2) * zx * zy + cy
        n += 1
    return n


def test_mandelbrot_counts_follow_the_kernels_loop_point_by_point() -> None:
    x0, y0, size, max_iter = -2.25, 1.125, 0.046875, 64
    counts = mandelbrot(64, 48, x0, y0, size, max_iter)
    assert counts.shape == (48, 64) and counts.dtype == np.uint32
    f = np.float32
    for row, col in [(0, 0), (24, 48), (24, 20), (10, 30), (30, 10), (47, 63), (5, 40)]:
        cx = f(x0) + f(col) * f(size)
        cy = f(y0) - f(row) * f(size)
        assert counts[row, col] == _escape_count(cx, cy, max_iter), (row, col)
    # 0 is in the set; the corner -2.25 + 1.125i escapes after one step.
    assert counts[24, 48] == max_iter
    assert counts[0, 0] == 1
