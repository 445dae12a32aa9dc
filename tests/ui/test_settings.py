"""What the window remembers between launches, and that tests never touch the real store."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings
from pytestqt.qtbot import QtBot

from clstudio.devices.inventory import DeviceInventory
from clstudio.devices.selector import DeviceSelector
from clstudio.remote import parse_remote
from clstudio.ui.main_window import MainWindow
from clstudio.ui.settings import MAX_RECENT, AppSettings
from ui.window_steps import wait_for_devices


def _reopen(settings: AppSettings) -> AppSettings:
    settings.sync()
    return AppSettings(QSettings(settings.store.fileName(), QSettings.Format.IniFormat))


def test_settings_round_trip(settings: AppSettings, tmp_path: Path) -> None:
    settings.set_geometry(QByteArray(b"geometry bytes"))
    settings.set_window_state(QByteArray(b"dock layout"))
    settings.set_device(DeviceSelector("Portable Computing Language", "pthread-Fake CPU"))
    settings.add_recent_file(tmp_path / "a.json")
    settings.set_last_session(tmp_path / "a.json")
    settings.set_theme("dark")
    settings.set_zoom(-2)

    again = _reopen(settings)
    assert again.geometry() == QByteArray(b"geometry bytes")
    assert again.window_state() == QByteArray(b"dock layout")
    assert again.device() == DeviceSelector("Portable Computing Language", "pthread-Fake CPU")
    assert again.recent_files() == [(tmp_path / "a.json").resolve()]
    assert again.last_session() == tmp_path / "a.json"
    assert again.theme() == "dark"
    assert again.zoom() == -2


def test_fresh_settings_have_defaults(settings: AppSettings) -> None:
    assert settings.geometry() is None
    assert settings.window_state() is None
    assert settings.device() is None
    assert settings.recent_files() == []
    assert settings.last_session() is None
    assert settings.theme() == "system"
    assert settings.zoom() == 0


def test_recent_files_put_the_latest_first_without_duplicates(
    settings: AppSettings, tmp_path: Path
) -> None:
    paths = [tmp_path / f"{i}.json" for i in range(MAX_RECENT + 2)]
    for path in paths:
        settings.add_recent_file(path)
    settings.add_recent_file(paths[-3])
    recent = _reopen(settings).recent_files()
    assert len(recent) == MAX_RECENT
    assert recent[:3] == [paths[-3].resolve(), paths[-1].resolve(), paths[-2].resolve()]


def test_the_default_store_is_redirected_in_tests(tmp_path: Path) -> None:
    store = AppSettings().store
    assert Path(store.fileName()).is_relative_to(tmp_path)


def test_layout_and_choices_persist_between_windows(
    make_window: Callable[..., MainWindow],
    settings: AppSettings,
    inventory: DeviceInventory,
    qtbot: QtBot,
) -> None:
    first = make_window()
    first.resize(1100, 760)  # within the test screen of 1920 x 1080
    first.results_dock.hide()
    first.device_panel.select_device(inventory.devices()[1])
    first.device_panel.use_button.click()
    for _ in range(3):
        first.window_actions["zoom_in"].trigger()
    first.workbench.document.mark_clean()
    first.close()

    second = make_window()
    assert (second.width(), second.height()) == (1100, 760)
    assert not second.results_dock.isVisible()
    assert second.devices_dock.isVisible()
    assert second.status.device_label.text() == "Device: Fake GPU 9000"
    assert second.editor_panel.editor.zoom() == 3


def test_the_last_session_reopens(
    make_window: Callable[..., MainWindow], settings: AppSettings, tmp_path: Path, qtbot: QtBot
) -> None:
    from clstudio.ui.app import open_main_window
    from clstudio.ui.backends import Backends

    first = make_window()
    path = tmp_path / "last.json"
    first.workbench.document.save(path)
    first.close()
    assert settings.last_session() == path.resolve()

    second = open_main_window(
        None, settings, lambda: first.device_panel.inventory(), Backends.in_process()
    )
    try:
        assert second.workbench.document.path == path.resolve()
    finally:
        wait_for_devices(qtbot, second)
        second.close()
        second.deleteLater()


def test_remote_machines_are_remembered_and_a_hostile_entry_is_dropped(
    settings: AppSettings, tmp_path: Path
) -> None:
    config = tmp_path / "ssh_config"
    config.write_text("")
    machines = [parse_remote("ada@gpu-01:2222"), parse_remote("gpu-server", str(config))]
    settings.set_remote_machines(machines)
    assert settings.remote_machines() == machines
    # Edited by hand into what ssh would take as an option: never handed to ssh.
    entries = [json.dumps({"address": "-oProxyCommand=touch x"}), "not json", "[]"]
    settings.store.setValue("devices/remote", entries)
    assert settings.remote_machines() == []
