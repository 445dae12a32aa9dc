import numpy as np
import pytest

from clstudio.args import BufferArg, ContentsError, Init, initial_contents
from clstudio.dtypes import parse_element_type

FLOAT = parse_element_type("float32")


def contents(init: Init, shape=(8,), dtype=FLOAT, seed=0, base_dir=None, name="a"):
    return initial_contents(name, BufferArg(dtype, shape, init), seed, base_dir)


def test_simple_kinds():
    assert contents(Init("zeros")).sum() == 0
    assert contents(Init("ones")).sum() == 8
    np.testing.assert_array_equal(contents(Init("arange")), np.arange(8, dtype=np.float32))
    assert (contents(Init("fill", {"value": 2.5})) == 2.5).all()


def test_random_is_reproducible_per_seed_and_name():
    init = Init("random", {"low": -1, "high": 1})
    first = contents(init, seed=3)
    np.testing.assert_array_equal(first, contents(init, seed=3))
    assert not np.array_equal(first, contents(init, seed=4))
    assert not np.array_equal(first, contents(init, seed=3, name="b"))
    assert first.min() >= -1 and first.max() < 1
    assert first.dtype == np.float32


def test_random_integers_stay_in_range():
    data = contents(
        Init("random", {"low": 0, "high": 256}), shape=(1000,), dtype=parse_element_type("uchar")
    )
    assert data.dtype == np.uint8
    assert data.max() <= 255


def test_normal_has_the_asked_moments():
    data = contents(Init("normal", {"mean": 5, "std": 2}), shape=(100_000,))
    assert abs(data.mean() - 5) < 0.05
    assert abs(data.std() - 2) < 0.05


def test_vector_buffers_get_a_trailing_lane_axis():
    data = contents(Init("arange"), shape=(3,), dtype=parse_element_type("float4"))
    assert data.shape == (3, 4)
    assert data[1].tolist() == [4, 5, 6, 7]


def test_values_are_reshaped_and_checked():
    data = contents(Init("values", {"values": [[1, 2], [3, 4]]}), shape=(4,))
    assert data.tolist() == [1, 2, 3, 4]
    with pytest.raises(ContentsError, match="hold 3 values"):
        contents(Init("values", {"values": [1, 2, 3]}), shape=(4,))


def test_file_init_reads_npy_relative_to_the_session(tmp_path):
    np.save(tmp_path / "x.npy", np.arange(8, dtype=np.int64))
    data = contents(Init("file", {"path": "x.npy"}), base_dir=tmp_path)
    assert data.dtype == np.float32
    assert data.tolist() == list(range(8))


def test_file_init_refuses_pickles_and_missing_files(tmp_path):
    np.save(tmp_path / "obj.npy", np.array([{"a": 1}] * 8, dtype=object), allow_pickle=True)
    with pytest.raises(ContentsError, match="cannot read"):
        contents(Init("file", {"path": "obj.npy"}), base_dir=tmp_path)
    with pytest.raises(ContentsError, match="file not found"):
        contents(Init("file", {"path": "missing.npy"}), base_dir=tmp_path)


def test_file_init_refuses_archives_of_several_arrays(tmp_path):
    np.savez(tmp_path / "two.npz", a=np.zeros(8), b=np.ones(8))
    with pytest.raises(ContentsError, match="several arrays"):
        contents(Init("file", {"path": "two.npz"}), base_dir=tmp_path)
