from pathlib import Path

import numpy as np
import pytest

from clstudio.common.dtypes import ElementType, parse_element_type
from clstudio.session.args import BufferArg, ContentsError, Init, initial_contents, picture_problem
from clstudio.session.sample_images import sample_image

FLOAT = parse_element_type("float32")


def contents(
    init: Init,
    shape: tuple[int, ...] = (8,),
    dtype: ElementType = FLOAT,
    seed: int = 0,
    base_dir: Path | None = None,
    name: str = "a",
) -> np.ndarray:
    return initial_contents(name, BufferArg(dtype, shape, init), seed, base_dir)


def test_simple_kinds() -> None:
    assert contents(Init("zeros")).sum() == 0
    assert contents(Init("ones")).sum() == 8
    np.testing.assert_array_equal(contents(Init("arange")), np.arange(8, dtype=np.float32))
    assert (contents(Init("fill", {"value": 2.5})) == 2.5).all()


def test_random_is_reproducible_per_seed_and_name() -> None:
    init = Init("random", {"low": -1, "high": 1})
    first = contents(init, seed=3)
    np.testing.assert_array_equal(first, contents(init, seed=3))
    assert not np.array_equal(first, contents(init, seed=4))
    assert not np.array_equal(first, contents(init, seed=3, name="b"))
    assert first.min() >= -1 and first.max() < 1
    assert first.dtype == np.float32


def test_random_integers_stay_in_range() -> None:
    data = contents(
        Init("random", {"low": 0, "high": 256}), shape=(1000,), dtype=parse_element_type("uchar")
    )
    assert data.dtype == np.uint8
    assert data.max() <= 255


def test_normal_has_the_asked_moments() -> None:
    data = contents(Init("normal", {"mean": 5, "std": 2}), shape=(100_000,))
    assert abs(data.mean() - 5) < 0.05
    assert abs(data.std() - 2) < 0.05


def test_vector_buffers_get_a_trailing_lane_axis() -> None:
    data = contents(Init("arange"), shape=(3,), dtype=parse_element_type("float4"))
    assert data.shape == (3, 4)
    assert data[1].tolist() == [4, 5, 6, 7]


def test_values_are_reshaped_and_checked() -> None:
    data = contents(Init("values", {"values": [[1, 2], [3, 4]]}), shape=(4,))
    assert data.tolist() == [1, 2, 3, 4]
    with pytest.raises(ContentsError, match="hold 3 values"):
        contents(Init("values", {"values": [1, 2, 3]}), shape=(4,))


def test_file_init_reads_npy_relative_to_the_session(tmp_path: Path) -> None:
    np.save(tmp_path / "x.npy", np.arange(8, dtype=np.int64))
    data = contents(Init("file", {"path": "x.npy"}), base_dir=tmp_path)
    assert data.dtype == np.float32
    assert data.tolist() == list(range(8))


def test_file_init_refuses_pickles_and_missing_files(tmp_path: Path) -> None:
    np.save(tmp_path / "obj.npy", np.array([{"a": 1}] * 8, dtype=object), allow_pickle=True)
    with pytest.raises(ContentsError, match="cannot read"):
        contents(Init("file", {"path": "obj.npy"}), base_dir=tmp_path)
    with pytest.raises(ContentsError, match="file not found"):
        contents(Init("file", {"path": "missing.npy"}), base_dir=tmp_path)


def test_file_init_refuses_archives_of_several_arrays(tmp_path: Path) -> None:
    np.savez(tmp_path / "two.npz", a=np.zeros(8), b=np.ones(8))
    with pytest.raises(ContentsError, match="several arrays"):
        contents(Init("file", {"path": "two.npz"}), base_dir=tmp_path)


@pytest.mark.parametrize("type_name", ["uchar", "ushort", "int", "uint", "long"])
def test_a_picture_fills_an_integer_buffer_with_the_gray_levels_of_an_r_image(
    type_name: str,
) -> None:
    dtype = parse_element_type(type_name)
    data = contents(Init("image", {"name": "test_picture"}), shape=(48, 64), dtype=dtype)
    gray = sample_image("test_picture", 64, 48, "R", "UNORM_INT8")
    assert data.shape == (48, 64) and data.dtype == dtype.scalar
    np.testing.assert_array_equal(data, gray)
    assert (data.min(), data.max()) == (0, 255)


@pytest.mark.parametrize("type_name", ["half", "float", "double"])
def test_a_picture_fills_a_float_buffer_from_zero_to_one(type_name: str) -> None:
    dtype = parse_element_type(type_name)
    data = contents(Init("image", {"name": "checkerboard"}), shape=(16, 24), dtype=dtype)
    assert data.shape == (16, 24) and data.dtype == dtype.scalar
    assert data[0, 0] == 1 and data[0, 8] == 0 and data[8, 8] == 1  # 8-pixel squares
    assert set(np.unique(data).tolist()) == {0.0, 1.0}


def test_a_picture_buffer_is_height_rows_of_width_pixels() -> None:
    data = contents(Init("image", {"name": "gradient"}), shape=(3, 5), dtype=FLOAT)
    np.testing.assert_allclose(data, np.tile([0, 0.25, 0.5, 0.75, 1], (3, 1)), atol=1e-6)


@pytest.mark.parametrize(
    "type_name, shape, message",
    [
        (
            "uchar",
            (64,),
            "a sample picture fills a 2-D buffer, shape [height, width]; this one has shape [64]",
        ),
        ("float", (4, 4, 4), "a 2-D buffer, shape [height, width]; this one has shape [4, 4, 4]"),
        (
            "uchar4",
            (8, 8),
            "a sample picture fills a buffer of scalars with gray values; uchar4 is a vector type",
        ),
        ("char", (8, 8), "gray values run from 0 to 255, more than a char holds; use uchar"),
        ("bool", (8, 8), "more than a bool holds"),
    ],
)
def test_a_picture_is_refused_for_a_buffer_it_cannot_fill(
    type_name: str, shape: tuple[int, int, int] | tuple[int, int] | tuple[int], message: str
) -> None:
    dtype = parse_element_type(type_name)
    assert message in str(picture_problem(dtype, shape))
    with pytest.raises(ContentsError) as caught:
        contents(Init("image", {"name": "gradient"}), shape=shape, dtype=dtype, name="src")
    assert str(caught.value).startswith("argument 'src': a sample picture")
    assert message in str(caught.value)
