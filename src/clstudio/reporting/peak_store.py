"""Measured peaks kept between sessions: the latest per device and driver version.

One JSON file in the user's data folder ($CLSTUDIO_DATA_DIR, else
$XDG_DATA_HOME/clstudio, else ~/.local/share/clstudio); tests point it elsewhere.
The file is read as a whole: a damaged one is set aside (common.user_data) and read as
empty; one of a newer version is read as empty and never written over.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from clstudio.common import (
    Notify,
    PeakReport,
    UserDataError,
    gettext,
    load_user_data,
    newer_version_problem,
    read_object_of,
    write_text_atomically,
)
from clstudio.reporting.peak_report import PeaksFormatError, peaks_from_json, peaks_to_json

DATA_DIR_ENV = "CLSTUDIO_DATA_DIR"
STORE_FORMAT = "clstudio-peak-store"
STORE_VERSION = 1
STORE_NAME = "peaks.json"


class PeakStoreError(Exception):
    """The kept peaks cannot be written; the message says why."""


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


def _parse(data: object) -> list[PeakReport]:
    store = read_object_of(data, STORE_FORMAT, STORE_VERSION)
    items = store.get("measurements")
    if not isinstance(items, list):
        raise UserDataError(gettext("its measurements are not a list"))
    try:
        reports = [peaks_from_json(item) for item in items]
    except PeaksFormatError as exc:
        raise UserDataError(str(exc)) from None
    return sorted(reports, key=lambda r: r.measured_at, reverse=True)


def load_peaks(path: Path | None = None, notify: Notify | None = None) -> list[PeakReport]:
    """Every kept measurement, newest first; nothing when the file is missing, newer or
    damaged (then it is set aside, and `notify`, else stderr, gets the line saying so)."""
    return load_user_data(path or store_path(), _parse, notify) or []


def save_peaks(report: PeakReport, path: Path | None = None, notify: Notify | None = None) -> Path:
    """Keep `report`, replacing an earlier one of the same device and driver version.

    Raises PeakStoreError when the file is of a newer version: rewriting it in this
    version's form would lose what the newer CL Studio keeps there.
    """
    path = path or store_path()
    newer = newer_version_problem(path, STORE_FORMAT, STORE_VERSION)
    if newer is not None:
        raise PeakStoreError(newer)
    kept = [r for r in load_peaks(path, notify) if _key(r) != _key(report)]
    data = {
        "format": STORE_FORMAT,
        "version": STORE_VERSION,
        "measurements": [peaks_to_json(r) for r in [report, *kept]],
    }
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomically(path, json.dumps(data, indent=1) + "\n")
    except OSError as exc:
        said = gettext("cannot keep the peaks in {file}: {reason}")
        raise PeakStoreError(said.format(file=path, reason=exc.strerror or exc)) from None
    return path


def latest_peaks(
    device_name: str, path: Path | None = None, notify: Notify | None = None
) -> PeakReport | None:
    """The newest measurement of the device called `device_name`, on any driver version."""
    wanted = device_name.strip()
    return next((r for r in load_peaks(path, notify) if r.device.name == wanted), None)
