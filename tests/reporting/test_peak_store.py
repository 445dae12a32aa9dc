"""peaks.json in the user's data folder: checked whole, set aside when damaged, never
rewritten when a newer CL Studio wrote it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clstudio.common import PeakDevice, PeakFigure, PeakReport
from clstudio.reporting import PeakStoreError, latest_peaks, load_peaks, peaks_to_json, save_peaks
from special_files import SPECIAL_KINDS, make_special

REPORT = PeakReport(
    PeakDevice("cpu-haswell", "Portable Computing Language", "3.0-rc2", "CPU"),
    "2026-12-01T10:00:00+00:00",
    (PeakFigure("global_bandwidth.float4", 14.9, "GB/s", "how fast memory streams"),),
)


def store(path: Path, measurements: object, version: int = 1) -> Path:
    data = {"format": "clstudio-peak-store", "version": version, "measurements": measurements}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def with_figure_value(value: str) -> str:
    data = peaks_to_json(REPORT)
    data["results"]["global_bandwidth"]["float4"]["value"] = "VALUE"
    text = json.dumps({"format": "clstudio-peak-store", "version": 1, "measurements": [data]})
    return text.replace('"VALUE"', value)


def set_aside_copies(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.damaged-*"))


@pytest.mark.parametrize(
    "damage",
    [
        '{"format": "clstudio-peak-store", "version": 1, "measurements": 5}',
        with_figure_value("9" * 400),
        with_figure_value('"fast"'),
        with_figure_value("NaN"),
        '{"format": "clstudio-peak-store", "version": 1, "measurements": [{"device": []}]}',
        '{"format": "clstudio-peak-store", "version": 1, "measure',
        "[" * 100_000,
    ],
)
def test_a_damaged_file_is_set_aside_with_one_line_and_read_as_empty(
    tmp_path: Path, damage: str
) -> None:
    path = tmp_path / "peaks.json"
    path.write_text(damage, encoding="utf-8")
    said: list[str] = []
    assert load_peaks(path, said.append) == []
    (copy,) = set_aside_copies(path)
    assert copy.read_text(encoding="utf-8") == damage  # kept, never deleted
    assert not path.exists()
    assert len(said) == 1 and f"set aside as {copy.name}" in said[0]
    assert "\n" not in said[0]


def test_the_next_measurement_after_a_damaged_file_starts_a_new_one(tmp_path: Path) -> None:
    path = store(tmp_path / "peaks.json", 5)
    said: list[str] = []
    save_peaks(REPORT, path, said.append)
    assert load_peaks(path) == [REPORT]
    assert len(set_aside_copies(path)) == 1 and len(said) == 1


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_a_fifo_or_a_device_is_set_aside_unread(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "peaks.json"
    make_special(path, kind)
    said: list[str] = []
    assert latest_peaks("cpu-haswell", path, said.append) is None
    assert len(said) == 1 and "not a regular file" in said[0]
    assert not path.exists() and not path.is_symlink()
    (copy,) = set_aside_copies(path)
    assert copy.is_fifo() if kind == "fifo" else copy.is_symlink()


def test_a_newer_file_is_read_as_empty_and_never_rewritten(tmp_path: Path) -> None:
    path = store(tmp_path / "peaks.json", [{"kept by": "a newer CL Studio"}], version=2)
    before = path.read_bytes()
    said: list[str] = []
    assert load_peaks(path, said.append) == []
    with pytest.raises(PeakStoreError, match="version 2 is newer than this CL Studio writes"):
        save_peaks(REPORT, path, said.append)
    assert path.read_bytes() == before
    assert said == [] and set_aside_copies(path) == []


def test_a_whole_file_reads_back_what_was_kept(tmp_path: Path) -> None:
    path = tmp_path / "peaks.json"
    save_peaks(REPORT, path)
    assert latest_peaks("cpu-haswell", path) == REPORT
