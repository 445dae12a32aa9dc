"""Exported buffers read back equal: .npy exactly, .csv with index columns and every digit."""

from pathlib import Path

import numpy as np
import pytest

from clstudio.ui.results.outputs import buffer_export
from clstudio.ui.results.outputs.buffer_export import csv_header, lane_names, save_csv, save_npy


def read_csv(path: Path) -> tuple[list[str], np.ndarray]:
    with open(path, encoding="utf-8") as stream:
        header = stream.readline().strip().split(",")
    return header, np.loadtxt(path, delimiter=",", skiprows=1, ndmin=2)


def test_npy_round_trip_keeps_dtype_and_shape(tmp_path: Path) -> None:
    array = np.arange(24, dtype=np.uint16).reshape(2, 3, 4)
    save_npy(array, tmp_path / "a.npy")
    back = np.load(tmp_path / "a.npy")
    assert back.dtype == np.uint16
    np.testing.assert_array_equal(back, array)


def test_csv_of_a_1d_float32_buffer_reads_back_exactly(tmp_path: Path) -> None:
    array = np.random.default_rng(1).standard_normal(1000).astype(np.float32)
    save_csv(array, tmp_path / "a.csv")
    header, table = read_csv(tmp_path / "a.csv")
    assert header == ["index", "value"]
    np.testing.assert_array_equal(table[:, 0], np.arange(1000))
    np.testing.assert_array_equal(table[:, 1].astype(np.float32), array)


def test_csv_of_a_2d_buffer_has_an_index_column_per_axis(tmp_path: Path) -> None:
    array = np.arange(12, dtype=np.int32).reshape(3, 4) - 5
    save_csv(array, tmp_path / "m.csv")
    header, table = read_csv(tmp_path / "m.csv")
    assert header == ["i0", "i1", "value"]
    assert table.shape == (12, 3)
    for i0, i1, value in table:
        assert array[int(i0), int(i1)] == value


def test_csv_of_a_vector_buffer_has_a_column_per_lane(tmp_path: Path) -> None:
    array = np.arange(32, dtype=np.float64).reshape(8, 4) / 3
    save_csv(array, tmp_path / "v.csv", lanes=4)
    header, table = read_csv(tmp_path / "v.csv")
    assert header == ["index", "x", "y", "z", "w"]
    np.testing.assert_array_equal(table[:, 1:], array)  # 17 digits: float64 exact


def test_csv_keeps_large_integers_exact(tmp_path: Path) -> None:
    array = np.array([2**64 - 1, 0, 2**63], dtype=np.uint64)
    save_csv(array, tmp_path / "u.csv")
    lines = (tmp_path / "u.csv").read_text().splitlines()
    assert lines == ["index,value", f"0,{2**64 - 1}", "1,0", f"2,{2**63}"]


def test_csv_written_in_chunks_is_complete(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(buffer_export, "CHUNK_ROWS", 7)
    array = np.arange(50, dtype=np.uint8).reshape(5, 10)
    save_csv(array, tmp_path / "c.csv")
    _, table = read_csv(tmp_path / "c.csv")
    np.testing.assert_array_equal(table[:, 2], array.reshape(-1))
    np.testing.assert_array_equal(table[:, :2], np.argwhere(np.ones((5, 10))))


def test_float16_and_bool_round_trip(tmp_path: Path) -> None:
    halves = np.array([0.1, 65504, -3.25e-5], dtype=np.float16)
    save_csv(halves, tmp_path / "h.csv")
    assert np.array_equal(read_csv(tmp_path / "h.csv")[1][:, 1].astype(np.float16), halves)
    flags = np.array([True, False, True])
    save_csv(flags, tmp_path / "b.csv")
    np.testing.assert_array_equal(read_csv(tmp_path / "b.csv")[1][:, 1], [1, 0, 1])


def test_lanes_must_match_the_last_axis(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="lanes"):
        save_csv(np.zeros((4, 3)), tmp_path / "x.csv", lanes=4)
    with pytest.raises(ValueError, match="lane names"):
        save_csv(np.zeros((4, 4)), tmp_path / "x.csv", lanes=4, names=("R", "G"))


def test_an_image_exports_its_channels_by_name(tmp_path: Path) -> None:
    pixels = np.arange(2 * 3 * 4, dtype=np.uint8).reshape(2, 3, 4)
    save_csv(pixels, tmp_path / "p.csv", lanes=4, names=("R", "G", "B", "A"))
    header, table = read_csv(tmp_path / "p.csv")
    assert header == ["i0", "i1", "R", "G", "B", "A"]
    np.testing.assert_array_equal(table[:, 2:].reshape(2, 3, 4), pixels)


def test_names_follow_opencl() -> None:
    assert lane_names(2) == ("x", "y")
    assert lane_names(16)[-1] == "sf"
    assert csv_header((5, 6, 4), lanes=4) == ["i0", "i1", "x", "y", "z", "w"]
