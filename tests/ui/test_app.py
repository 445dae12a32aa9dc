"""Starting the application: `clstudio` and `clstudio SESSION.json`."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from clstudio.devices.inventory import DeviceInventory
from clstudio.ui.app import create_application, open_main_window
from clstudio.ui.backends import Backends
from clstudio.ui.document import Document
from clstudio.ui.editor.recovery import read_recovery
from clstudio.ui.main_window import MainWindow
from clstudio.ui.settings import AppSettings
from clstudio.ui.theme import ThemeController, dark_palette, light_palette
from ui.window_steps import answer_questions, wait_for_devices


def _close(window: MainWindow, qtbot: QtBot) -> None:
    wait_for_devices(qtbot, window)
    window.workbench.document.mark_clean()
    window.close()
    window.deleteLater()


def test_the_application_is_named_for_its_settings(qapp: QApplication) -> None:
    app = create_application()
    assert app is qapp
    assert app.applicationName() == "CL Studio"
    assert app.organizationName() == "clstudio"
    assert app.style().name().lower() == "fusion"


def test_open_main_window_on_a_session_file(
    settings: AppSettings, inventory: DeviceInventory, tmp_path: Path, qtbot: QtBot
) -> None:
    path = tmp_path / "given.json"
    Document.new().save(path)
    window = open_main_window(path, settings, lambda: inventory, Backends.in_process())
    try:
        assert window.isVisible()
        assert window.workbench.document.path == path.resolve()
        assert window.windowTitle() == "given.json[*] — CL Studio"
    finally:
        _close(window, qtbot)


def test_open_main_window_without_a_file_starts_a_new_session(
    settings: AppSettings, inventory: DeviceInventory, qtbot: QtBot
) -> None:
    window = open_main_window(None, settings, lambda: inventory, Backends.in_process())
    try:
        assert window.workbench.document.path is None
        assert window.windowTitle() == "Untitled[*] — CL Studio"
    finally:
        _close(window, qtbot)


def test_a_missing_session_file_is_explained_and_the_window_stays(
    settings: AppSettings,
    inventory: DeviceInventory,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    qtbot: QtBot,
) -> None:
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda p, title, text: warnings.append(text))
    window = open_main_window(
        tmp_path / "nope.json", settings, lambda: inventory, Backends.in_process()
    )
    try:
        assert window.isVisible()
        assert len(warnings) == 1 and "nope.json" in warnings[0]
        assert window.workbench.document.path is None
    finally:
        _close(window, qtbot)


def test_the_theme_follows_the_system_when_asked(qapp: QApplication) -> None:
    controller = ThemeController(qapp, "system")
    try:
        expected = dark_palette() if controller.is_dark() else light_palette()
        assert qapp.palette().color(qapp.palette().ColorRole.Window) == expected.color(
            expected.ColorRole.Window
        )
        controller.apply("dark")
        assert controller.is_dark()
    finally:
        controller.deleteLater()


def test_run_app_opens_the_window_and_returns_its_exit_status(tmp_path: Path) -> None:
    """The whole start-up in a fresh process, as `clstudio` runs it."""
    session = tmp_path / "start.json"
    Document.new().save(session)
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from PySide6.QtCore import QTimer\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from clstudio.ui import app as ui_app\n"
        "def close_soon():\n"
        "    [w] = [w for w in QApplication.topLevelWidgets() if w.objectName() == 'mainWindow']\n"
        "    print(w.windowTitle())\n"
        "    w.close()\n"
        "ui_app.create_application()\n"
        "QTimer.singleShot(500, close_soon)\n"
        f"sys.exit(ui_app.run_app(Path({str(session)!r})))\n"
    )
    # Its own settings and data folders: a real recovery file would ask to be restored.
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, env=env
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "start.json[*] — CL Studio" in result.stdout


def test_edits_left_by_a_crash_are_offered_back_at_start(
    settings: AppSettings,
    inventory: DeviceInventory,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    qtbot: QtBot,
) -> None:
    from dataclasses import replace

    from clstudio.ui.editor.recovery import RecoveryStore

    saved = tmp_path / "mine.json"
    document = Document.new()
    document.save(saved)
    edited = replace(
        document.session.with_ndrange((512,), document.session.local_size),
        source="// typed before the crash\n",
        repeats=7,
    )
    crashed = RecoveryStore()  # the autouse fixture points it into tmp_path
    crashed.record(edited.source, saved.resolve(), edited)
    assert crashed.flush()
    del crashed  # no discard(): as if the process had been killed
    questions = answer_questions(monkeypatch, QMessageBox.StandardButton.Yes)
    window = open_main_window(None, settings, lambda: inventory, Backends.in_process())
    try:
        assert "mine.json" in questions[0]
        assert window.workbench.document.path == saved.resolve()
        assert window.editor_panel.editor.source() == "// typed before the crash\n"
        # Not only the source: the run settings and sizes came back too.
        assert window.workbench.document.session.repeats == 7
        assert window.run_bar.repeats.value() == 7
        assert window.workbench.document.session.global_size == (512,)
        assert window.isWindowModified()
        assert window.recovery.pending_recovery() is None  # offered once only
    finally:
        _close(window, qtbot)


def test_an_edit_of_the_arguments_is_kept_for_recovery(
    make_window: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = make_window()
    window.run_bar.repeats.setValue(9)
    assert window.recovery.has_unsaved()
    assert window.recovery.flush()
    recovered = read_recovery(window.recovery.path)
    assert recovered is not None
    assert recovered.session is not None and recovered.session["repeats"] == 9
