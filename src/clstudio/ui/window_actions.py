"""The main window's actions, with their shortcuts, tips and icons, and its menus.

Actions only announce intents; MainWindow connects them to what they do. A new action
is a row in ACTION_SPECS, a field of WindowActions, and its place in MENUS or TOOLBAR.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QStyle, QToolBar, QWidget

from clstudio.common import LANGUAGES
from clstudio.ui.settings import SYSTEM_LANGUAGE, THEMES

Key = QKeySequence.StandardKey
Pixmap = QStyle.StandardPixmap
Shortcut = QKeySequence.StandardKey | str


@dataclass(frozen=True)
class ActionSpec:
    name: str  # the WindowActions field
    text: str
    tip: str
    shortcuts: tuple[Shortcut, ...] = ()
    icon: tuple[str, Pixmap] | None = None  # a freedesktop theme name, and Qt's fallback


RUN_TIP = "Run the kernel with its arguments in the worker process"
STOP_TIP = "Stop the running kernel"
RUN_ICON = ("media-playback-start", Pixmap.SP_MediaPlay)
STOP_ICON = ("media-playback-stop", Pixmap.SP_MediaStop)
CHECK_TIP = (
    "Run the kernel once on the Oclgrind simulator to find out-of-bounds accesses, data "
    "races, divergent barriers and uninitialised values, at their lines"
)
CHECK_SHORTCUTS = ("F6", "Ctrl+Shift+R")
CHECK_ICON = ("tools-check-spelling", Pixmap.SP_FileDialogContentsView)

ACTION_SPECS = (
    ActionSpec(
        "new",
        "&New",
        "Start a new session from a small working kernel",
        (Key.New,),
        ("document-new", Pixmap.SP_FileIcon),
    ),
    ActionSpec(
        "open",
        "&Open…",
        "Open a session (.json) or a kernel source (.cl)",
        (Key.Open,),
        ("document-open", Pixmap.SP_DialogOpenButton),
    ),
    ActionSpec(
        "save",
        "&Save",
        "Save the session",
        (Key.Save,),
        ("document-save", Pixmap.SP_DialogSaveButton),
    ),
    ActionSpec("save_as", "Save &As…", "Save the session to a new file", ("Ctrl+Shift+S",)),
    ActionSpec(
        "save_source", "Save Kernel Source As…", "Save the OpenCL C source alone, as a .cl file"
    ),
    ActionSpec(
        "export_host_code",
        "&Export Host Code…",
        "Write the session's host program in Python or C, ready to build and run",
    ),
    ActionSpec("properties", "&Properties…", "The session's title and description"),
    ActionSpec("quit", "&Quit", "Close CL Studio", ("Ctrl+Q",)),
    ActionSpec("undo", "&Undo", "Undo the last edit of the source", (Key.Undo,)),
    ActionSpec("redo", "&Redo", "Redo the edit just undone", (Key.Redo,)),
    ActionSpec("find", "&Find…", "Find text in the kernel source", (Key.Find,)),
    ActionSpec("replace", "&Replace…", "Find and replace text in the kernel source", ("Ctrl+H",)),
    ActionSpec("zoom_in", "Zoom &In", "Larger source text", (Key.ZoomIn, "Ctrl+=")),
    ActionSpec("zoom_out", "Zoom &Out", "Smaller source text", (Key.ZoomOut,)),
    ActionSpec("zoom_reset", "&Reset Zoom", "Source text at its usual size", ("Ctrl+0",)),
    ActionSpec(
        "build",
        "&Build",
        "Compile the kernel for the chosen device now",
        ("Ctrl+B",),
        ("run-build", Pixmap.SP_BrowserReload),
    ),
    ActionSpec("run", "&Run", RUN_TIP, ("Ctrl+R", "F5"), RUN_ICON),
    ActionSpec("stop", "S&top", STOP_TIP, ("Esc", "Shift+F5"), STOP_ICON),
    # Check, and Stop Check while a check goes on (see show_checking).
    ActionSpec("check", "&Check", CHECK_TIP, CHECK_SHORTCUTS, CHECK_ICON),
    # The toolbar's one button: Run, and Stop while a run goes on (see show_running).
    ActionSpec("run_or_stop", "Run", f"{RUN_TIP} (Ctrl+R, F5)", (), RUN_ICON),
    ActionSpec(
        "run_on_devices",
        "Run on &Devices…",
        "Run the session on several devices in turn and compare their times and outputs",
    ),
    ActionSpec("about", "&About CL Studio", "Version and the libraries it runs on"),
    ActionSpec(
        "lesson",
        "The OpenCL &host program",
        "The steps every OpenCL program takes, from platform to results",
        (Key.HelpContents,),
    ),
)

# Menus in menu-bar order. "-" is a separator; the <slots> are filled by build_menus.
EXAMPLES, RECENT, PANELS, THEME, LANGUAGE = (
    "<examples>",
    "<recent>",
    "<panels>",
    "<theme>",
    "<language>",
)
MENUS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "&File",
        (
            "new",
            "open",
            EXAMPLES,
            RECENT,
            "-",
            "save",
            "save_as",
            "save_source",
            "-",
            "export_host_code",
            "properties",
            "-",
            "quit",
        ),
    ),
    ("&Edit", ("undo", "redo", "-", "find", "replace")),
    ("&View", (PANELS, "-", "zoom_in", "zoom_out", "zoom_reset", "-", THEME, LANGUAGE)),
    ("&Run", ("build", "run", "stop", "-", "check", "run_on_devices")),
    ("&Help", ("lesson", "-", "about")),
)
RUN_BAR = "<run bar>"  # repeats, time limit, progress and why a run was refused
TOOLBAR = ("new", "open", "save", "-", "build", "run_or_stop", RUN_BAR, "-", "check")


@dataclass
class WindowActions:
    new: QAction
    open: QAction
    save: QAction
    save_as: QAction
    save_source: QAction
    export_host_code: QAction
    properties: QAction
    quit: QAction
    undo: QAction
    redo: QAction
    find: QAction
    replace: QAction
    zoom_in: QAction
    zoom_out: QAction
    zoom_reset: QAction
    build: QAction
    run: QAction
    stop: QAction
    run_or_stop: QAction
    check: QAction
    run_on_devices: QAction
    about: QAction
    lesson: QAction
    themes: dict[str, QAction]
    languages: dict[str, QAction]  # by choice: SYSTEM_LANGUAGE or a code of LANGUAGES

    def named(self, name: str) -> QAction:
        action = getattr(self, name)
        assert isinstance(action, QAction), name
        return action


def _icon(window: QMainWindow, icon: tuple[str, Pixmap]) -> QIcon:
    theme_name, fallback = icon
    return QIcon.fromTheme(theme_name, window.style().standardIcon(fallback))


def _action(window: QMainWindow, spec: ActionSpec) -> QAction:
    action = QAction(spec.text, window)
    action.setStatusTip(spec.tip)
    action.setToolTip(spec.tip)
    if spec.shortcuts:
        keys = [QKeySequence(shortcut) for shortcut in spec.shortcuts]
        action.setShortcuts(keys)
        shown = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in keys)
        action.setToolTip(f"{spec.tip} ({shown})")
        if len(keys) > 1:  # a menu shows only the first shortcut unless told them all
            action.setText(f"{spec.text}\t{shown}")
            action.setIconText(spec.text.replace("&", ""))  # a toolbar button: the name alone
    if spec.icon is not None:
        action.setIcon(_icon(window, spec.icon))
    return action


def create_actions(window: QMainWindow) -> WindowActions:
    made = {spec.name: _action(window, spec) for spec in ACTION_SPECS}
    expected = {f.name for f in fields(WindowActions)} - {"themes", "languages"}
    assert made.keys() == expected, made.keys() ^ expected
    actions = WindowActions(
        **made, themes=_theme_actions(window), languages=_language_actions(window)
    )
    actions.stop.setEnabled(False)
    return actions


def _theme_actions(window: QMainWindow) -> dict[str, QAction]:
    group = QActionGroup(window)
    group.setExclusive(True)
    themes = {}
    for theme in THEMES:
        action = QAction(theme.capitalize(), window, checkable=True)
        action.setStatusTip(
            "Follow the system's light or dark setting"
            if theme == "system"
            else f"Always use the {theme} theme"
        )
        group.addAction(action)
        themes[theme] = action
    return themes


def _language_actions(window: QMainWindow) -> dict[str, QAction]:
    """The system's language, then each language named in itself, as language menus do."""
    group = QActionGroup(window)
    group.setExclusive(True)
    languages = {}
    system = QAction("System Language", window, checkable=True)
    system.setStatusTip("Follow the system's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)")
    for choice, action in ((SYSTEM_LANGUAGE, system), *_named_languages(window)):
        group.addAction(action)
        languages[choice] = action
    return languages


def _named_languages(window: QMainWindow) -> list[tuple[str, QAction]]:
    named = []
    for code, name in LANGUAGES.items():
        action = QAction(name, window, checkable=True)
        action.setStatusTip(name)
        named.append((code, action))
    return named


def build_menus(
    window: QMainWindow, actions: WindowActions, panel_toggles: list[QAction]
) -> tuple[QMenu, QMenu]:
    """Fill the menu bar; returns the Recent and Open Example submenus, filled on demand."""
    submenus: dict[str, QMenu] = {}
    for title, entries in MENUS:
        menu = window.menuBar().addMenu(title)
        for entry in entries:
            if entry == "-":
                menu.addSeparator()
            elif entry == EXAMPLES:
                submenus[entry] = menu.addMenu("Open &Example")
            elif entry == RECENT:
                submenus[entry] = menu.addMenu("Open &Recent")
            elif entry == PANELS:
                for toggle in panel_toggles:
                    menu.addAction(toggle)
            elif entry == THEME:
                theme_menu = menu.addMenu("&Theme")
                for action in actions.themes.values():
                    theme_menu.addAction(action)
            elif entry == LANGUAGE:
                language_menu = menu.addMenu("&Language")
                for action in actions.languages.values():
                    language_menu.addAction(action)
            else:
                menu.addAction(actions.named(entry))
    return submenus[RECENT], submenus[EXAMPLES]


def build_toolbar(window: QMainWindow, actions: WindowActions, run_bar: QWidget) -> QToolBar:
    toolbar = window.addToolBar("Main toolbar")
    toolbar.setObjectName("mainToolbar")
    toolbar.setMovable(False)
    toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    for entry in TOOLBAR:
        if entry == "-":
            toolbar.addSeparator()
        elif entry == RUN_BAR:
            toolbar.addWidget(run_bar)
        else:
            toolbar.addAction(actions.named(entry))
    return toolbar


def show_running(window: QMainWindow, actions: WindowActions, running: bool) -> None:
    """Run turns into Stop while a run goes on, and back."""
    actions.run.setEnabled(not running)
    actions.stop.setEnabled(running)
    idle = ("Run", f"{RUN_TIP} (Ctrl+R, F5)", RUN_ICON)
    busy = ("Stop", f"{STOP_TIP} (Esc, Shift+F5)", STOP_ICON)
    _show(window, actions.run_or_stop, busy if running else idle)


def show_checking(window: QMainWindow, actions: WindowActions, checking: bool) -> None:
    """Check turns into Stop Check while a check goes on, and back."""
    shown = ", ".join(CHECK_SHORTCUTS)
    idle = (f"&Check\t{shown}", f"{CHECK_TIP} ({shown})", CHECK_ICON)
    busy = (f"Stop Check\t{shown}", f"Stop the check ({shown})", STOP_ICON)
    _show(window, actions.check, busy if checking else idle)


def _show(window: QMainWindow, action: QAction, look: tuple[str, str, tuple[str, Pixmap]]) -> None:
    text, tip, icon = look
    action.setText(text)  # for a menu: "name\tshortcuts"
    action.setIconText(text.split("\t")[0].replace("&", ""))  # for a toolbar: the name
    action.setToolTip(tip)
    action.setIcon(_icon(window, icon))
