"""The main window as a learner meets it: panels, menus, the device choice, files."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QDialogButtonBox,
    QFileDialog,
    QMenu,
    QMessageBox,
    QTabBar,
    QWidget,
)
from pytestqt.qtbot import QtBot

from clstudio.common import gettext, set_language
from clstudio.devices.inventory import DeviceInventory
from clstudio.devices.selector import DeviceSelector
from clstudio.hostcode import HOST_STEPS
from clstudio.session.format import load_session
from clstudio.session.gallery import examples
from clstudio.ui.document import Document
from clstudio.ui.language import install_translators, remove_translators
from clstudio.ui.lesson import HostProgramLesson
from clstudio.ui.main_window import MainWindow
from clstudio.ui.settings import AppSettings
from ui.qt_items import tree_item
from ui.window_steps import answer_questions

Button = QMessageBox.StandardButton


def _type_line(qtbot: QtBot, widget: QWidget, text: str) -> None:
    """Type a line as the user would (QTest cannot type a newline character)."""
    qtbot.keyClicks(widget, text)
    qtbot.keyClick(widget, Qt.Key.Key_Return)


def _menu_titles(window: MainWindow) -> list[str]:
    return [a.text().replace("&", "") for a in window.menuBar().actions()]


def _menu(window: MainWindow, title: str) -> QMenu:
    for action in window.menuBar().actions():
        menu = action.menu()
        if action.text().replace("&", "") == title and isinstance(menu, QMenu):
            return menu
    raise AssertionError(f"no menu {title}")


def _entries(menu: QMenu) -> list[str]:
    return [a.text().replace("&", "").split("\t")[0] for a in menu.actions() if not a.isSeparator()]


def test_the_frame_has_its_panels_and_menus(window: MainWindow) -> None:
    assert _menu_titles(window) == ["File", "Edit", "View", "Run", "Devices", "Help"]
    assert _entries(_menu(window, "File")) == [
        "New",
        "Open…",
        "Open Example",
        "Open Recent",
        "Capture a Program…",
        "Open Capture…",
        "Save",
        "Save As…",
        "Save Kernel Source As…",
        "Export Host Code…",
        "Properties…",
        "Quit",
    ]
    assert _entries(_menu(window, "Edit")) == ["Undo", "Redo", "Find…", "Replace…"]
    assert _entries(_menu(window, "Run")) == [
        "Build",
        "Run",
        "Stop",
        "Check",
        "Run on Devices…",
        "Debug / Continue",
        "Step Over",
        "Step Into",
        "Step Out",
        "Stop Debugging",
    ]
    actions = [a for a in _menu(window, "Run").actions() if not a.isSeparator()]
    shown = [a.text().split("\t")[1:] for a in actions[:3]]
    assert shown == [[], ["Ctrl+R, F5"], ["Esc, Shift+F5"]]  # the menu says every key
    view = _entries(_menu(window, "View"))
    assert view[:6] == ["Devices", "Arguments", "Results", "Exercises", "Debug", "Main toolbar"]
    assert {"Zoom In", "Zoom Out", "Reset Zoom", "Theme"} <= set(view)
    assert _entries(_menu(window, "Help")) == [
        "The OpenCL host program",
        "Debugging the reduction",
        "Memory traffic: coalescing and reuse",
        "The Compiler tab",
        "The roofline",
        "The exercises",
        "Keyboard Shortcuts",
        "About CL Studio",
    ]
    assert window.devices_dock.isVisible() and window.results_dock.isVisible()
    toolbar = [
        a.text().split("\t")[0].replace("&", "") for a in window.toolbar.actions() if a.text()
    ]
    assert toolbar == ["New", "Open…", "Save", "Build", "Run", "Check"]


def test_standard_shortcuts(make_window: Callable[..., MainWindow]) -> None:
    a = make_window().window_actions

    def keys(action: QAction) -> list[str]:
        return [s.toString() for s in action.shortcuts()]

    assert keys(a["new"]) == ["Ctrl+N"]
    assert keys(a["open"]) == ["Ctrl+O"]
    assert keys(a["save"]) == ["Ctrl+S"]
    assert keys(a["build"]) == ["Ctrl+B"]
    assert keys(a["run"]) == ["Ctrl+R", "F5"]
    assert keys(a["stop"]) == ["Esc", "Shift+F5"]
    assert keys(a["check"]) == ["F6", "Ctrl+Shift+R"]
    assert QKeySequence("Ctrl+F").toString() in keys(a["find"])
    assert keys(a["replace"]) == ["Ctrl+H"]


def test_panels_say_what_will_appear_before_a_run(window: MainWindow) -> None:
    assert window.results_panel.tab_names()[:5] == [
        "Timings",
        "Roofline",
        "Local size",
        "Outputs",
        "Console",
    ]
    assert window.results_panel.tab_names()[-6:] == [
        "Build log",
        "Runtime steps",
        "Host code",
        "Compiler",
        "Memory",
        "Portability",
    ]
    assert window.results_panel.tab_names()[5].startswith("Problems")
    assert window.results_panel.timings.empty.title() == "No timings yet"
    assert "Ctrl+R" in window.results_panel.timings.empty.body()


def test_build_run_and_stop_are_connected(qtbot: QtBot, window: MainWindow) -> None:
    a = window.window_actions
    assert a["build"].isEnabled() and a["run"].isEnabled()
    assert not a["stop"].isEnabled()
    assert a["run_or_stop"].text() == "Run"


def test_the_status_bar_shows_device_build_and_last_run(qtbot: QtBot, window: MainWindow) -> None:
    assert window.status.device_label.text() == "Device: pthread-Fake CPU"
    assert window.status.run_label.text() == "Last run: none yet"
    # The starter kernel builds as soon as the window opens.
    qtbot.waitUntil(lambda: window.status.build_label.text().startswith("Build: Built in"))
    assert window.status.build_label.text().endswith(": 1 kernel")
    window.status.show_build_state("ok in 0.12 s")
    window.status.show_last_run("3.1 ms")
    assert window.status.build_label.text() == "Build: ok in 0.12 s"
    assert window.status.run_label.text() == "Last run: 3.1 ms"


def test_use_this_device_updates_status_bar_session_and_settings(
    window: MainWindow, inventory: DeviceInventory
) -> None:
    panel = window.device_panel
    gpu = inventory.devices()[1]
    assert window.workbench.document.session.device is None
    panel.select_device(gpu)
    panel.use_button.click()
    assert window.status.device_label.text() == "Device: Fake GPU 9000"
    assert window.workbench.device() == gpu
    assert window.workbench.document.session.device == DeviceSelector(
        "Fake GPU Platform", "Fake GPU 9000"
    )
    assert window.workbench.document.dirty and window.isWindowModified()
    assert window.settings.device() == DeviceSelector("Fake GPU Platform", "Fake GPU 9000")
    assert tree_item(panel.tree, 1, 0).text(0) == "✓ Fake GPU 9000"


def test_the_chosen_device_is_saved_in_the_session_file(
    window: MainWindow, inventory: DeviceInventory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.device_panel.select_device(inventory.devices()[1])
    window.device_panel.use_button.click()
    target = tmp_path / "gpu.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(target), ""))
    assert window.files.save()
    assert load_session(target).device == DeviceSelector("Fake GPU Platform", "Fake GPU 9000")


def test_a_new_window_uses_the_last_chosen_device(
    make_window: Callable[..., MainWindow], settings: AppSettings
) -> None:
    settings.set_device(DeviceSelector("Fake GPU Platform", "Fake GPU 9000"))
    window = make_window()
    assert window.status.device_label.text() == "Device: Fake GPU 9000"
    assert window.workbench.document.session.device is None  # a preference, not a session change


def test_a_session_that_asks_for_a_missing_device_says_so(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "acc.json"
    Document(
        replace(window.workbench.document.session, device=DeviceSelector("", "accelerator"))
    ).save(path)
    window.files.load(path)
    assert window.workbench.device() is None
    assert window.status.device_label.text() == "Device: nothing matches “accelerator”"


def test_the_title_shows_the_session_and_unsaved_changes(qtbot: QtBot, window: MainWindow) -> None:
    assert window.windowTitle() == "Untitled[*] — CL Studio"
    assert not window.isWindowModified()
    window.editor_panel.editor.setFocus()
    _type_line(qtbot, window.editor_panel.editor, "// a note")
    assert window.isWindowModified()
    assert window.workbench.document.session.source.startswith("// a note\n")


def _make_dirty(window: MainWindow, qtbot: QtBot) -> None:
    _type_line(qtbot, window.editor_panel.editor, "// edited")
    assert window.workbench.document.dirty


def test_closing_with_unsaved_changes_can_save(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _make_dirty(window, qtbot)
    asked = answer_questions(monkeypatch, Button.Save)
    target = tmp_path / "kept.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(target), ""))
    assert window.close()
    assert asked == ["“Untitled” has unsaved changes. Save them first?"]
    assert load_session(target).source.startswith("// edited\n")


def test_closing_with_unsaved_changes_can_discard(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _make_dirty(window, qtbot)
    answer_questions(monkeypatch, Button.Discard)
    assert window.close()
    assert not list(tmp_path.glob("*.json"))


def test_closing_with_unsaved_changes_can_be_cancelled(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    _make_dirty(window, qtbot)
    answer_questions(monkeypatch, Button.Cancel)
    assert not window.close()
    assert window.isVisible() and window.workbench.document.dirty


def test_cancelling_the_save_dialog_keeps_the_window_open(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    _make_dirty(window, qtbot)
    answer_questions(monkeypatch, Button.Save)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: ("", ""))
    assert not window.close()
    assert window.isVisible()


def test_new_asks_before_dropping_changes(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    _make_dirty(window, qtbot)
    answer_questions(monkeypatch, Button.Cancel)
    window.window_actions["new"].trigger()
    assert window.workbench.document.session.source.startswith("// edited")
    answer_questions(monkeypatch, Button.Discard)
    window.window_actions["new"].trigger()
    assert not window.workbench.document.dirty
    assert window.editor_panel.editor.source().startswith("// Vector addition")


def test_save_as_then_open_round_trips_a_session(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _type_line(qtbot, window.editor_panel.editor, "// mine")
    target = tmp_path / "mine"  # Save As adds the .json the filter promises
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(target), ""))
    window.window_actions["save_as"].trigger()
    saved = tmp_path / "mine.json"
    assert saved.is_file()
    assert window.windowTitle() == "mine.json[*] — CL Studio"
    assert not window.isWindowModified()

    window.window_actions["new"].trigger()
    assert window.workbench.document.path is None
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a: (str(saved), ""))
    window.window_actions["open"].trigger()
    assert window.workbench.document.path == saved.resolve()
    assert window.editor_panel.editor.source() == window.workbench.document.session.source
    assert window.editor_panel.editor.source().startswith("// mine\n")
    assert window.workbench.document.session.references["c"].expr == "a + b"
    assert window.settings.recent_files() == [saved.resolve()]


def test_save_writes_back_to_the_open_file(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "s.json"
    window.workbench.document.save(path)
    _type_line(qtbot, window.editor_panel.editor, "// again")
    window.window_actions["save"].trigger()  # no dialog: the file is known
    assert load_session(path).source.startswith("// again\n")


def test_a_broken_session_file_is_refused_with_its_reason(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "clstudio-session", "version": 1,', encoding="utf-8")
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda p, title, text: warnings.append(text))
    assert not window.files.load(path)
    assert len(warnings) == 1 and "broken.json" in warnings[0]
    assert window.workbench.document.path is None


def test_open_recent_lists_and_opens_recent_sessions(
    qtbot: QtBot, window: MainWindow, settings: AppSettings, tmp_path: Path
) -> None:
    path = tmp_path / "recent.json"
    window.workbench.document.save(path)
    settings.add_recent_file(path)
    window.window_actions["new"].trigger()
    menu = window.file_menus.recent
    menu.aboutToShow.emit()
    assert _entries(menu) == [f"1 recent.json   ({tmp_path.resolve()})", "Clear the list"]
    menu.actions()[0].trigger()
    assert window.workbench.document.path == path.resolve()
    menu.actions()[-1].trigger()
    assert settings.recent_files() == []
    assert _entries(menu) == ["No recent sessions"]


def test_open_example_lists_the_gallery_and_opens_an_unsaved_copy(
    window: MainWindow,
) -> None:
    menu = window.file_menus.examples
    menu.aboutToShow.emit()  # the user opens File > Open Example
    lines = [f"{example.title} — {example.description}" for example in examples()]
    assert _entries(menu) == lines and len(lines) > 5  # a one-line description each
    first = examples()[0]
    original = first.path.read_text(encoding="utf-8")
    menu.actions()[0].trigger()
    assert window.workbench.document.path is None
    assert window.windowTitle() == f"{first.title} (example)[*] — CL Studio"
    assert "__kernel" in window.editor_panel.editor.source()
    assert window.workbench.document.session.kernel == load_session(first.path).kernel
    assert first.path.read_text(encoding="utf-8") == original


def test_an_empty_gallery_says_where_it_looked(
    make_window: Callable[..., MainWindow], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CLSTUDIO_KERNELS", str(tmp_path))
    window = make_window()
    window.file_menus.examples.aboutToShow.emit()
    [entry] = window.file_menus.examples.actions()
    assert not entry.isEnabled()
    assert entry.text() == f"No examples found in {tmp_path}"


def test_edit_menu_undo_redo_and_find(qtbot: QtBot, window: MainWindow) -> None:
    assert not window.window_actions["undo"].isEnabled()
    qtbot.keyClicks(window.editor_panel.editor, "x")
    assert window.window_actions["undo"].isEnabled()
    assert window.isWindowModified()
    window.window_actions["undo"].trigger()
    assert window.editor_panel.editor.source().startswith("// Vector")
    assert not window.isWindowModified()  # back to the saved text: nothing to save
    assert window.window_actions["redo"].isEnabled()
    window.window_actions["new"].trigger()  # a fresh document has nothing to undo
    assert not window.window_actions["undo"].isEnabled()
    assert not window.window_actions["redo"].isEnabled()
    window.window_actions["find"].trigger()
    bar = window.editor_panel.find_bar
    assert bar.isVisible()
    qtbot.keyClicks(bar.find_field, "get_global_id")
    assert window.editor_panel.editor.textCursor().selectedText() == "get_global_id"
    bar.find_field.setText("no such text")
    assert not bar.find_next()


def test_zoom_changes_the_source_font_and_is_remembered(
    window: MainWindow, settings: AppSettings
) -> None:
    size = window.editor_panel.editor.font().pointSize()
    window.window_actions["zoom_in"].trigger()
    window.window_actions["zoom_in"].trigger()
    assert window.editor_panel.editor.font().pointSize() == size + 2
    assert settings.zoom() == 2
    window.window_actions["zoom_reset"].trigger()
    assert window.editor_panel.editor.font().pointSize() == size


def test_theme_light_and_dark(window: MainWindow, settings: AppSettings) -> None:
    window.window_actions["theme.dark"].trigger()
    window_color = QApplication.palette().color(QPalette.ColorRole.Window)
    assert window_color.lightness() < 80
    assert settings.theme() == "dark"
    window.window_actions["theme.light"].trigger()
    window_color = QApplication.palette().color(QPalette.ColorRole.Window)
    assert window_color.lightness() > 200
    assert window.window_actions["theme.light"].isChecked()


def test_about_names_the_versions(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    shown = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: shown.append(text))
    window.window_actions["about"].trigger()
    [text] = shown
    assert "CL Studio 0.1.0" in text
    assert "Qt" in text and "pyopencl" in text and "PySide6" in text


def test_the_host_program_lesson_walks_every_step(window: MainWindow) -> None:
    window.window_actions["lesson"].trigger()
    lesson = window.findChild(HostProgramLesson)
    assert lesson is not None and lesson.isVisible()
    rows = [lesson.steps.item(row).text() for row in range(lesson.steps.count())]
    assert rows == [f"{step.number}. {gettext(step.title)}" for step in HOST_STEPS]
    text = lesson.text.toPlainText()
    for step in HOST_STEPS:
        assert f"{step.number}. {step.title}" in text
        assert step.c_api in text
    lesson.steps.setCurrentRow(8)  # scrolls to the launch step without error


def test_the_lesson_names_the_steps_as_the_runtime_steps_tab_does_in_chinese(
    make_window: Callable[..., MainWindow], qapp: QApplication
) -> None:
    """One list of eleven steps: Help's lesson and Runtime steps show the same titles."""
    translators = install_translators(qapp, "zh_CN")
    set_language("zh_CN")
    try:
        window = make_window()
        window.window_actions["lesson"].trigger()
        lesson = window.findChild(HostProgramLesson)
        assert lesson is not None
        tree = window.results_panel.steps.tree
        tab = [
            f"{row + 1}. {tree_item(tree, row).text(1)}" for row in range(tree.topLevelItemCount())
        ]
        rows = [lesson.steps.item(row).text() for row in range(lesson.steps.count())]
        assert rows == tab
        assert "创建" in rows[2] and len(rows) == 11
        assert "In pyopencl" not in lesson.text.toPlainText()
    finally:
        remove_translators(qapp, translators)
        set_language("en")


def test_opening_a_missing_recent_file_removes_it(
    window: MainWindow, settings: AppSettings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    gone = tmp_path / "gone.json"
    settings.add_recent_file(gone)
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda p, title, text: warnings.append(title))
    assert not window.files.open_file(Path(gone))
    assert warnings == ["Cannot open session"]
    assert settings.recent_files() == []


def _save_example_beside(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, precious: Path, answer: Button
) -> list[str]:
    """Save the vector_add example (its source in vector_add.cl) as x.json beside the user's
    file `precious`, answering any question with `answer`; returns the questions asked."""
    precious.write_text("// PRECIOUS\n", encoding="utf-8")
    asked = answer_questions(monkeypatch, answer)
    window.file_menus.examples.aboutToShow.emit()
    window.file_menus.examples.actions()[0].trigger()
    target = precious.parent / "x.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(target), ""))
    window.window_actions["save_as"].trigger()
    return asked


def test_save_as_of_an_example_never_overwrites_a_file_of_the_kernels_name(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    precious = tmp_path / "vector_add.cl"
    asked = _save_example_beside(window, monkeypatch, precious, Button.Yes)
    assert precious.read_text(encoding="utf-8") == "// PRECIOUS\n"
    assert asked == []  # x.cl did not exist: nothing to ask
    assert load_session(tmp_path / "x.json").source_file == "x.cl"
    assert (tmp_path / "x.cl").read_text(
        encoding="utf-8"
    ) == window.workbench.document.session.source


def test_save_as_asks_before_replacing_a_source_file_that_is_not_the_sessions(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    precious = tmp_path / "x.cl"
    questions = _save_example_beside(window, monkeypatch, precious, Button.Cancel)
    assert len(questions) == 1 and str(precious) in questions[0]
    assert precious.read_text(encoding="utf-8") == "// PRECIOUS\n"
    assert not (tmp_path / "x.json").exists()
    assert window.workbench.document.path is None  # still the unsaved copy of the example


def test_an_example_saved_is_the_users_own_and_properties_edit_it(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    vector_add = next(example for example in examples() if example.name == "vector_add")
    assert window.files.open_example(vector_add.path, vector_add.title)
    target = tmp_path / "mine.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(target), ""))
    assert window.files.save_as()
    saved = load_session(target)
    assert saved.description == f"My version of the example “{vector_add.title}”."

    dialog = window.files.edit_properties()
    assert dialog.title.text() == vector_add.title
    dialog.title.selectAll()
    qtbot.keyClicks(dialog.title, "Vector add with a twist")
    dialog.description.selectAll()
    qtbot.keyClicks(dialog.description, "Adds, then doubles.")
    qtbot.mouseClick(
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton
    )
    assert window.isWindowModified()
    assert window.editor_panel.editor.source().startswith("// Vector add with a twist\n")
    assert window.files.save()
    saved = load_session(target)
    assert saved.description == "Adds, then doubles."
    assert saved.source.startswith("// Vector add with a twist\n")
    window.editor_panel.editor.undo()  # the title came in as one edit
    assert window.editor_panel.editor.source().startswith(f"// {vector_add.title}\n")


def test_each_group_of_tabbed_docks_has_one_tab_bar_in_view(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Qt left a copy of "Results | Debug" over the docks above; it is hidden."""
    window.resize(1280, 800)

    def bars() -> list[tuple[str, ...]]:
        found = [b for b in window.findChildren(QTabBar) if b.parent() is window]
        return [tuple(b.tabText(i) for i in range(b.count())) for b in found if b.isVisible()]

    qtbot.waitUntil(lambda: len(bars()) == len(set(bars())))
    assert ("Results", "Debug") in bars() and ("Devices", "Exercises") in bars()
