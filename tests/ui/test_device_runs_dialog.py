"""Run on devices…: tick devices, run, read the times side by side and the comparison."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clstudio.devices.discovery import discover
from clstudio.ui.main_window import MainWindow
from session.session_data import saved_session
from ui.qt_items import table_text

KERNELS = Path(__file__).resolve().parents[2] / "kernels"
pytestmark = pytest.mark.opencl


def test_the_run_menu_opens_a_dialog_listing_every_device(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window(discover=discover)
    dialog = window.devices.open_device_runs()
    assert dialog.devices.count() == len(discover().devices())
    assert dialog.ticked() == list(discover().devices())
    dialog.close()


def test_nothing_ticked_says_so(qtbot: QtBot, make_window: Callable[..., MainWindow]) -> None:
    window = make_window(discover=discover)
    dialog = window.devices.open_device_runs()
    for row in range(dialog.devices.count()):
        dialog.devices.item(row).setCheckState(Qt.CheckState.Unchecked)
    assert not dialog.run_ticked()
    assert dialog.status.text() == "Tick at least one device."
    dialog.close()


def small_saxpy(folder: Path) -> Path:
    """saxpy at N = 4096: Oclgrind interprets each work-item, and the gallery's N = 1 M
    keeps it busy for minutes (in process, where no time limit stops it)."""
    session = json.loads((KERNELS / "saxpy.json").read_text(encoding="utf-8"))
    session["sizes"]["N"] = 4096
    source = KERNELS / session["source_file"]
    (folder / source.name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    return saved_session(folder / "saxpy_small.json", session)


def test_runs_on_each_device_show_times_and_output_differences(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    window = make_window(discover=discover)
    assert window.files.load(small_saxpy(tmp_path))
    dialog = window.devices.open_device_runs()
    devices = discover().devices()
    if len(devices) < 2:
        # One device: the same device twice still shows the side-by-side tables.
        dialog.devices.addItem(dialog.devices.item(0).clone())
    with qtbot.waitSignal(dialog.runsFinished, timeout=60_000):
        dialog.run_button.click()
    rows = dialog.time_rows()
    assert len(rows) == max(2, len(devices))
    assert all(row[3] == "ok" and row[1].endswith("s") for row in rows)
    assert dialog.differences.rowCount() == len(rows) - 1
    assert table_text(dialog.differences, 0, 0) == "y"
    dialog.close()
