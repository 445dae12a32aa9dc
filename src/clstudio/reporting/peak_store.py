"""Measured peaks kept between sessions: the latest per device and driver version.

One JSON file in the user's data folder ($CLSTUDIO_DATA_DIR, else
$XDG_DATA_HOME/clstudio, else ~/.local/share/clstudio); tests point it elsewhere.
A damaged file is read as empty and replaced by the next measurement.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from clstudio.common import PeakReport, write_text_atomically
from clstudio.reporting.peak_report import PeaksFormatError, peaks_from_json, peaks_to_json

DATA_DIR_ENV = "CLSTUDIO_DATA_DIR"
STORE_FORMAT = "clstudio-peak-store"
STORE_VERSION = 1
STORE_NAME = "peaks.json"


def data_dir() -> Path:
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else Path.home() / ".local" / "share") / "clstudio"


def store_path() -> Path:
    return data_dir() / STORE_NAME


def _key(report: PeakReport) -> tuple[str, str, str]:
    return (report.device.name, report.device.platform, report.device.driver_version)


def load_peaks(path: Path | None = None) -> list[PeakReport]:
    """Every kept measurement, newest first; nothing when the file is missing or damaged."""
    path = path or store_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(data, dict) or data.get("format") != STORE_FORMAT:
        return []
    reports = []
    for item in data.get("measurements", []):
        try:
            reports.append(peaks_from_json(item))
        except PeaksFormatError:
            continue  # one damaged entry must not hide the others
    return sorted(reports, key=lambda r: r.measured_at, reverse=True)


def save_peaks(report: PeakReport, path: Path | None = None) -> Path:
    """Keep `report`, replacing an earlier one of the same device and driver version."""
    path = path or store_path()
    kept = [r for r in load_peaks(path) if _key(r) != _key(report)]
    data = {
        "format": STORE_FORMAT,
        "version": STORE_VERSION,
        "measurements": [peaks_to_json(r) for r in [report, *kept]],
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomically(path, json.dumps(data, indent=1) + "\n")
    return path


def latest_peaks(device_name: str, path: Path | None = None) -> PeakReport | None:
    """The newest measurement of the device called `device_name`, on any driver version."""
    wanted = device_name.strip()
    return next((r for r in load_peaks(path) if r.device.name == wanted), None)
