"""Peaks as JSON and text, and the store that keeps one measurement per device and driver."""

import json
from pathlib import Path

import pytest

from clstudio.common import PEAK_PROBES, PeakDevice, PeakFigure, PeakReport, peak_probe
from clstudio.reporting import (
    PeaksFormatError,
    format_peaks,
    latest_peaks,
    load_peaks,
    peaks_from_json,
    peaks_to_json,
    save_peaks,
)

POCL = PeakDevice("pthread-AMD EPYC", "Portable Computing Language", "3.0-rc2", "CPU")


def report(
    device: PeakDevice = POCL, when: str = "2026-12-01T09:00:00+00:00", bandwidth: float = 14.9
) -> PeakReport:
    probe = peak_probe("global_bandwidth.float4")
    failed = peak_probe("sp_compute.float16")
    return PeakReport(
        device,
        when,
        (
            PeakFigure(probe.key, bandwidth, probe.unit, probe.meaning, "256 MiB read 3×"),
            PeakFigure(failed.key, None, failed.unit, failed.meaning, error="LLVM ERROR: boom"),
        ),
    )


def test_every_probe_has_a_unique_key_a_unit_and_one_sentence_of_meaning() -> None:
    keys = [p.key for p in PEAK_PROBES]
    assert len(keys) == len(set(keys))
    assert {p.unit for p in PEAK_PROBES} == {"GB/s", "GFLOP/s", "µs"}
    assert all(p.meaning.endswith(".") and p.meaning.count(". ") == 0 for p in PEAK_PROBES)
    assert "global_bandwidth.float16" in keys and "launch_latency.round_trip" in keys


def test_json_groups_figures_by_test_and_width_with_units() -> None:
    data = peaks_to_json(report())
    assert data["format"] == "clstudio-peaks" and data["version"] == 1
    figure = data["results"]["global_bandwidth"]["float4"]
    assert figure["value"] == 14.9 and figure["unit"] == "GB/s" and figure["ok"] is True
    failed = data["results"]["sp_compute"]["float16"]
    assert failed == {**failed, "ok": False, "value": None, "error": "LLVM ERROR: boom"}
    assert data["device"]["driver_version"] == "3.0-rc2"
    json.dumps(data)  # nothing in it that JSON cannot hold


def test_json_reads_back_what_it_wrote_and_refuses_other_objects() -> None:
    assert peaks_from_json(peaks_to_json(report())) == report()
    with pytest.raises(PeaksFormatError, match="not a clstudio-peaks"):
        peaks_from_json({"format": "clstudio-session"})
    with pytest.raises(PeaksFormatError, match="version 9"):
        peaks_from_json({**peaks_to_json(report()), "version": 9})


def test_text_gives_each_figure_its_meaning_and_a_failure_its_reason() -> None:
    text = format_peaks(report())
    assert "float4" in text and "14.9 GB/s" in text
    assert "the ceiling of a kernel that reads each byte once" in text
    assert "failed" in text and "LLVM ERROR: boom" in text


def test_store_keeps_the_latest_per_device_and_driver_version(tmp_path: Path) -> None:
    path = tmp_path / "peaks.json"
    save_peaks(report(bandwidth=10.0), path)
    save_peaks(report(when="2026-12-01T10:00:00+00:00", bandwidth=12.0), path)
    newer_driver = PeakDevice(POCL.name, POCL.platform, "6.0", "CPU")
    save_peaks(report(newer_driver, "2026-12-01T08:00:00+00:00"), path)
    kept = load_peaks(path)
    assert [(r.device.driver_version, r.measured_at[11:16]) for r in kept] == [
        ("3.0-rc2", "10:00"),
        ("6.0", "08:00"),
    ]
    latest = latest_peaks(POCL.name, path)
    assert latest is not None
    bandwidth = latest.figure("global_bandwidth.float4")
    assert bandwidth is not None and bandwidth.value == 12.0
    assert latest_peaks("no such device", path) is None


def test_a_damaged_store_reads_as_empty_and_is_replaced(tmp_path: Path) -> None:
    path = tmp_path / "peaks.json"
    path.write_text("{ not json")
    assert load_peaks(path) == []
    save_peaks(report(), path)
    assert load_peaks(path) == [report()]


def test_the_store_lives_where_the_environment_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLSTUDIO_DATA_DIR", str(tmp_path / "data"))
    save_peaks(report())
    assert (tmp_path / "data" / "peaks.json").exists()
    assert latest_peaks(POCL.name) == report()
