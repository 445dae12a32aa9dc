"""CL Studio in Simplified Chinese: every menu, action, dock and tab speaks it, and
View > Language switches, offering the restart that applies the choice."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, QProcess
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QMenu,
    QMessageBox,
    QTabWidget,
    QToolBar,
    QWidget,
)
from pytestqt.qtbot import QtBot

from clstudio.common import LANGUAGE_VARIABLE
from clstudio.ui.debugger.debug_lesson import DebugLesson
from clstudio.ui.language import install_translators, remove_translators
from clstudio.ui.main_window import MainWindow
from clstudio.ui.settings import SYSTEM_LANGUAGE, AppSettings
from ui.window_steps import answer_questions

# Texts that are the same in every language: technical names, and languages named in
# themselves.
SAME_IN_EVERY_LANGUAGE = {"NDRange", "OpenCL", "Oclgrind", "English", "简体中文", "LLVM IR"}

Shown = tuple[str, str]  # where the text is (in English), and the text


@pytest.fixture
def speak(qapp: QApplication) -> Iterator[Callable[[str], None]]:
    """speak("zh_CN"): the app's language from now on, as app.run_app installs it."""
    installed = []

    def choose(code: str) -> None:
        translators = install_translators(qapp, code)
        assert translators, f"no catalogue for {code}: run `make` (it compiles them)"
        installed.extend(translators)

    yield choose
    remove_translators(qapp, installed)
    os.environ[LANGUAGE_VARIABLE] = "en"  # as tests/conftest.py has it


def _text(text: str) -> str:
    return text.split("\t")[0]  # a menu text's shortcuts, after a tab, are no words


def _menu_texts(menu: QMenu, where: str) -> Iterator[Shown]:
    for action in menu.actions():
        if action.isSeparator():
            continue
        here = f"{where} > {_text(action.text())}"
        yield here, _text(action.text())
        if action.toolTip():
            yield f"{here} (tip)", action.toolTip()
        submenu = action.menu()
        if isinstance(submenu, QMenu):
            yield from _menu_texts(submenu, here)


def _action_texts(actions: list[QAction], where: str) -> Iterator[Shown]:
    for action in actions:
        if action.isSeparator() or not action.text():
            continue  # the run bar's widget
        here = f"{where} > {action.iconText()}"
        yield here, action.iconText()
        yield f"{here} (tip)", action.toolTip()


def _owner(widget: QWidget) -> str:
    """The CL Studio class a widget belongs to, to say where a text comes from."""
    owner: QObject | None = widget
    while owner is not None and not type(owner).__module__.startswith("clstudio"):
        owner = owner.parent()
    return type(owner or widget).__name__


def shown_texts(window: MainWindow) -> list[Shown]:
    """Every menu and submenu with its actions, the toolbar, the docks' titles and the
    tabs of every tab widget, in a fixed order, each with where it is."""
    texts: list[Shown] = []
    for title in window.menuBar().actions():
        texts.append(("menu bar", title.text()))
        menu = title.menu()
        assert isinstance(menu, QMenu)
        texts += _menu_texts(menu, title.text())
    texts += _action_texts(window.toolbar.actions(), "toolbar")
    for dock in window.findChildren(QDockWidget):
        texts.append((f"dock {dock.objectName()}", dock.windowTitle()))
    for tabs in window.findChildren(QTabWidget):
        for index in range(tabs.count()):
            here = f"tabs of {_owner(tabs)} #{index}"
            texts.append((here, tabs.tabText(index)))
            if tabs.tabToolTip(index):
                texts.append((f"{here} (tip)", tabs.tabToolTip(index)))
    return texts


def test_every_menu_action_dock_and_tab_is_in_chinese(
    make_window: Callable[..., MainWindow],
    settings: AppSettings,
    speak: Callable[[str], None],
    tmp_path: Path,
) -> None:
    recent = tmp_path / "my_reduction.json"
    settings.add_recent_file(recent)  # its entry names a file: the same in every language
    english = shown_texts(make_window())
    speak("zh_CN")
    chinese = shown_texts(make_window())

    assert len(chinese) == len(english), "the Chinese window has other menus or tabs"
    untranslated = [
        f"{where}: {text!r}"
        for (where, text), (_, shown) in zip(english, chinese, strict=True)
        if shown == text
        and text.replace("&", "") not in SAME_IN_EVERY_LANGUAGE
        and recent.name not in text
    ]
    assert not untranslated, "shown in English under zh_CN:\n" + "\n".join(untranslated)


# Names a Chinese text keeps in Latin letters: technical names, not English words.
TECHNICAL_NAMES = {"OpenCL", "NDRange", "Oclgrind", "PoCL", "CPU", "GPU", "API", "Python", "LLVM"}


def test_no_chinese_tab_mixes_in_english_words(
    make_window: Callable[..., MainWindow], speak: Callable[[str], None]
) -> None:
    """A tab reads in one language: "Roofline 模型" was half English."""
    speak("zh_CN")
    mixed = [
        f"{where}: {text!r}"
        for where, text in shown_texts(make_window())
        if where.startswith("tabs of")
        and not where.endswith("(tip)")
        and set(re.findall(r"[A-Za-z]{3,}", text)) - TECHNICAL_NAMES
    ]
    assert not mixed, "English words in Chinese tabs:\n" + "\n".join(mixed)


def test_the_chinese_menus_keep_their_accelerators(
    make_window: Callable[..., MainWindow], speak: Callable[[str], None]
) -> None:
    speak("zh_CN")
    window = make_window()
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles == ["文件(&F)", "编辑(&E)", "视图(&V)", "运行(&R)", "设备(&D)", "帮助(&H)"]
    run_or_stop = window.window_actions["run_or_stop"]
    assert run_or_stop.iconText() == "运行"
    assert run_or_stop.toolTip() == "在工作进程中用当前参数运行内核（Ctrl+R, F5）"
    assert window.window_actions["check"].iconText() == "检查"  # a toolbar shows no "(&C)"
    found = window.findChild(QToolBar, "mainToolbar")
    assert found is not None
    toolbar = [a.iconText() for a in found.actions()]
    assert "新建" in toolbar and "打开…" not in toolbar and "打开" in toolbar
    assert not [text for text in toolbar if "(" in text or "&" in text], toolbar


def _submenu(actions: list[QAction], title: str) -> QMenu:
    menu = next(a.menu() for a in actions if a.text() == title)
    assert isinstance(menu, QMenu), title
    return menu


class MessageBoxes:
    """Stands in for the user in front of QMessageBox.exec: records it, clicks `answer`."""

    def __init__(self, answer: str | None) -> None:
        self.answer = answer
        self.shown: list[str] = []

    def exec(self, box: QMessageBox) -> int:
        self.shown.append(f"{box.text()} {box.informativeText()}")
        assert self.answer is not None, f"unexpected question: {self.shown[-1]}"
        button = next(b for b in box.buttons() if b.text() == self.answer)
        button.click()
        return 0


@pytest.fixture
def choose_language(
    monkeypatch: pytest.MonkeyPatch,
) -> Callable[..., tuple[MessageBoxes, list[str]]]:
    """choose_language(window, "简体中文", answer="Restart Now"): View > Language > 简体中文
    in `window`, the message box answered; returns it and the restarts asked for."""

    def choose(
        window: MainWindow, entry: str, answer: str | None = None
    ) -> tuple[MessageBoxes, list[str]]:
        boxes = MessageBoxes(answer)
        monkeypatch.setattr(QMessageBox, "exec", lambda box: boxes.exec(box))
        restarts: list[str] = []
        # The new process CL Studio would start: recorded, not started.
        monkeypatch.setattr(QProcess, "startDetached", lambda *command: restarts.append("ok"))
        view = _submenu(window.menuBar().actions(), "&View")
        language = _submenu(view.actions(), "&Language")
        next(a for a in language.actions() if a.text() == entry).trigger()
        return boxes, restarts

    return choose


@pytest.mark.parametrize(
    ("answer", "restarted"), [("Restart Now", True), ("Later", False)], ids=["now", "later"]
)
def test_choosing_chinese_stores_it_and_restarts_only_when_asked(
    make_window: Callable[..., MainWindow],
    choose_language: Callable[..., tuple[MessageBoxes, list[str]]],
    answer: str,
    restarted: bool,
) -> None:
    """Restart Now closes the window for the new CL Studio; Later keeps the choice for the
    next start."""
    window = make_window()
    boxes, restarts = choose_language(window, "简体中文", answer=answer)
    assert window.settings.language() == "zh_CN"
    assert boxes.shown == [
        "CL Studio will be in 简体中文 from its next start. "
        "Restart now? Unsaved changes are asked about first, as when you quit."
    ]
    assert restarts == (["ok"] if restarted else [])
    assert window.isVisible() is not restarted  # closed, so that the new CL Studio takes over
    assert window.window_actions["language.zh_CN"].isChecked()


def test_no_restart_when_the_window_stays_open(
    qtbot: QtBot,
    make_window: Callable[..., MainWindow],
    choose_language: Callable[..., tuple[MessageBoxes, list[str]]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = make_window()
    qtbot.keyClicks(window.editor_panel.editor, "// edited")
    assert window.workbench.document.dirty
    asked = answer_questions(monkeypatch, QMessageBox.StandardButton.Cancel)
    _boxes, restarts = choose_language(window, "简体中文", answer="Restart Now")
    assert asked == ["“Untitled” has unsaved changes. Save them first?"]
    assert restarts == []
    assert window.isVisible()


def test_the_language_spoken_already_asks_nothing(
    make_window: Callable[..., MainWindow],
    choose_language: Callable[..., tuple[MessageBoxes, list[str]]],
) -> None:
    window = make_window()
    boxes, restarts = choose_language(window, "English")  # any question fails the test
    assert window.settings.language() == "en"
    assert boxes.shown == []
    assert restarts == []


def test_the_system_language_asks_only_when_it_differs(
    make_window: Callable[..., MainWindow],
    choose_language: Callable[..., tuple[MessageBoxes, list[str]]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = make_window()
    window.settings.set_language("zh_CN")
    monkeypatch.setenv("LANGUAGE", "en_GB.UTF-8")
    boxes, _restarts = choose_language(window, "System Language")
    assert window.settings.language() == SYSTEM_LANGUAGE
    assert boxes.shown == []

    monkeypatch.setenv("LANGUAGE", "zh_CN.UTF-8")
    boxes, restarts = choose_language(window, "System Language", answer="Later")
    assert len(boxes.shown) == 1 and "简体中文" in boxes.shown[0]
    assert restarts == []


def test_the_debugging_lesson_is_in_chinese(
    make_window: Callable[..., MainWindow], speak: Callable[[str], None]
) -> None:
    speak("zh_CN")
    window = make_window()
    window.window_actions["debug_lesson"].trigger()
    lesson = window.findChild(DebugLesson)
    assert lesson is not None and lesson.isVisible() and lesson.windowTitle() == "调试归约内核"
    assert "stride" in lesson.text.toPlainText() and "屏障" in lesson.text.toPlainText()


def test_a_chinese_system_language_leaves_later_tests_english() -> None:
    """The test above sets LANGUAGE=zh_CN with Qt's locale set; glibc then kept strerror's
    texts in Chinese for the rest of the process, and the session test below, run after it,
    failed (tests/conftest.py empties glibc's cache before each test). Both, in that order,
    in a pytest of their own."""
    root = Path(__file__).resolve().parents[2]
    first = "tests/ui/test_language.py::test_the_system_language_asks_only_when_it_differs"
    then = "tests/session/test_session.py::test_a_missing_session_file_names_the_file"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", first, then],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "2 passed" in done.stdout
