"""The main window's actions, with their shortcuts, tips and icons, and its menus.

Actions only announce intents; MainWindow connects them to what they do. A new action
is a row in ACTION_SPECS, a field of WindowActions, and its place in MENUS or TOOLBAR.
The tables' texts are marked with QT_TRANSLATE_NOOP and translated as the actions and
menus are made.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QStyle, QToolBar, QWidget

from clstudio.common import LANGUAGES
from clstudio.ui.settings import SYSTEM_LANGUAGE, THEMES
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

CONTEXT = "WindowActions"  # where QT_TRANSLATE_NOOP puts this module's texts
Key = QKeySequence.StandardKey
Pixmap = QStyle.StandardPixmap
Shortcut = QKeySequence.StandardKey | str


def _tr(text: str) -> str:
    """A text marked with QT_TRANSLATE_NOOP(CONTEXT, ...), in the app's language."""
    return QCoreApplication.translate(CONTEXT, text)


def _with_keys(tip: str, keys: str) -> str:
    return QCoreApplication.translate("WindowActions", "{tip} ({keys})").format(tip=tip, keys=keys)


@dataclass(frozen=True)
class ActionSpec:
    name: str  # the WindowActions field
    text: str  # marked with QT_TRANSLATE_NOOP, like the tip
    tip: str
    shortcuts: tuple[Shortcut, ...] = ()
    icon: tuple[str, Pixmap] | None = None  # a freedesktop theme name, and Qt's fallback


RUN_TIP = QT_TRANSLATE_NOOP(
    "WindowActions", "Run the kernel with its arguments in the worker process"
)
STOP_TIP = QT_TRANSLATE_NOOP("WindowActions", "Stop the running kernel")
RUN_ICON = ("media-playback-start", Pixmap.SP_MediaPlay)
STOP_ICON = ("media-playback-stop", Pixmap.SP_MediaStop)
CHECK_TIP = QT_TRANSLATE_NOOP(
    "WindowActions",
    "Run the kernel once on the Oclgrind simulator to find out-of-bounds accesses, data "
    "races, divergent barriers and uninitialised values, at their lines",
)
CHECK_SHORTCUTS = ("F6", "Ctrl+Shift+R")
RUN_KEYS, STOP_KEYS = "Ctrl+R, F5", "Esc, Shift+F5"  # of the Run and Stop menu actions
# The toolbar's Run/Stop button, and the Check action while a check goes on.
RUN = QT_TRANSLATE_NOOP("WindowActions", "Run")
STOP = QT_TRANSLATE_NOOP("WindowActions", "Stop")
CHECK = QT_TRANSLATE_NOOP("WindowActions", "&Check")
STOP_CHECK = QT_TRANSLATE_NOOP("WindowActions", "Stop Check")
STOP_CHECK_TIP = QT_TRANSLATE_NOOP("WindowActions", "Stop the check")
CHECK_ICON = ("tools-check-spelling", Pixmap.SP_FileDialogContentsView)

ACTION_SPECS = (
    ActionSpec(
        "new",
        QT_TRANSLATE_NOOP("WindowActions", "&New"),
        QT_TRANSLATE_NOOP("WindowActions", "Start a new session from a small working kernel"),
        (Key.New,),
        ("document-new", Pixmap.SP_FileIcon),
    ),
    ActionSpec(
        "open",
        QT_TRANSLATE_NOOP("WindowActions", "&Open…"),
        QT_TRANSLATE_NOOP("WindowActions", "Open a session (.json) or a kernel source (.cl)"),
        (Key.Open,),
        ("document-open", Pixmap.SP_DialogOpenButton),
    ),
    ActionSpec(
        "save",
        QT_TRANSLATE_NOOP("WindowActions", "&Save"),
        QT_TRANSLATE_NOOP("WindowActions", "Save the session"),
        (Key.Save,),
        ("document-save", Pixmap.SP_DialogSaveButton),
    ),
    ActionSpec(
        "save_as",
        QT_TRANSLATE_NOOP("WindowActions", "Save &As…"),
        QT_TRANSLATE_NOOP("WindowActions", "Save the session to a new file"),
        ("Ctrl+Shift+S",),
    ),
    ActionSpec(
        "save_source",
        QT_TRANSLATE_NOOP("WindowActions", "Save Kernel Source As…"),
        QT_TRANSLATE_NOOP("WindowActions", "Save the OpenCL C source alone, as a .cl file"),
    ),
    ActionSpec(
        "export_host_code",
        QT_TRANSLATE_NOOP("WindowActions", "&Export Host Code…"),
        QT_TRANSLATE_NOOP(
            "WindowActions",
            "Write the session's host program in Python or C, ready to build and run",
        ),
    ),
    ActionSpec(
        "properties",
        QT_TRANSLATE_NOOP("WindowActions", "&Properties…"),
        QT_TRANSLATE_NOOP("WindowActions", "The session's title and description"),
    ),
    ActionSpec(
        "quit",
        QT_TRANSLATE_NOOP("WindowActions", "&Quit"),
        QT_TRANSLATE_NOOP("WindowActions", "Close CL Studio"),
        ("Ctrl+Q",),
    ),
    ActionSpec(
        "undo",
        QT_TRANSLATE_NOOP("WindowActions", "&Undo"),
        QT_TRANSLATE_NOOP("WindowActions", "Undo the last edit of the source"),
        (Key.Undo,),
    ),
    ActionSpec(
        "redo",
        QT_TRANSLATE_NOOP("WindowActions", "&Redo"),
        QT_TRANSLATE_NOOP("WindowActions", "Redo the edit just undone"),
        (Key.Redo,),
    ),
    ActionSpec(
        "find",
        QT_TRANSLATE_NOOP("WindowActions", "&Find…"),
        QT_TRANSLATE_NOOP("WindowActions", "Find text in the kernel source"),
        (Key.Find,),
    ),
    ActionSpec(
        "replace",
        QT_TRANSLATE_NOOP("WindowActions", "&Replace…"),
        QT_TRANSLATE_NOOP("WindowActions", "Find and replace text in the kernel source"),
        ("Ctrl+H",),
    ),
    ActionSpec(
        "zoom_in",
        QT_TRANSLATE_NOOP("WindowActions", "Zoom &In"),
        QT_TRANSLATE_NOOP("WindowActions", "Larger source text"),
        (Key.ZoomIn, "Ctrl+="),
    ),
    ActionSpec(
        "zoom_out",
        QT_TRANSLATE_NOOP("WindowActions", "Zoom &Out"),
        QT_TRANSLATE_NOOP("WindowActions", "Smaller source text"),
        (Key.ZoomOut,),
    ),
    ActionSpec(
        "zoom_reset",
        QT_TRANSLATE_NOOP("WindowActions", "&Reset Zoom"),
        QT_TRANSLATE_NOOP("WindowActions", "Source text at its usual size"),
        ("Ctrl+0",),
    ),
    ActionSpec(
        "build",
        QT_TRANSLATE_NOOP("WindowActions", "&Build"),
        QT_TRANSLATE_NOOP("WindowActions", "Compile the kernel for the chosen device now"),
        ("Ctrl+B",),
        ("run-build", Pixmap.SP_BrowserReload),
    ),
    ActionSpec(
        "run", QT_TRANSLATE_NOOP("WindowActions", "&Run"), RUN_TIP, ("Ctrl+R", "F5"), RUN_ICON
    ),
    ActionSpec(
        "stop",
        QT_TRANSLATE_NOOP("WindowActions", "S&top"),
        STOP_TIP,
        ("Esc", "Shift+F5"),
        STOP_ICON,
    ),
    # Check, and Stop Check while a check goes on (see show_checking).
    ActionSpec("check", CHECK, CHECK_TIP, CHECK_SHORTCUTS, CHECK_ICON),
    # The toolbar's one button: Run, and Stop while a run goes on (see show_running).
    ActionSpec("run_or_stop", RUN, RUN_TIP, (), RUN_ICON),
    ActionSpec(
        "run_on_devices",
        QT_TRANSLATE_NOOP("WindowActions", "Run on &Devices…"),
        QT_TRANSLATE_NOOP(
            "WindowActions",
            "Run the session on several devices in turn and compare their times and outputs",
        ),
    ),
    ActionSpec(
        "about",
        QT_TRANSLATE_NOOP("WindowActions", "&About CL Studio"),
        QT_TRANSLATE_NOOP("WindowActions", "Version and the libraries it runs on"),
    ),
    ActionSpec(
        "lesson",
        QT_TRANSLATE_NOOP("WindowActions", "The OpenCL &host program"),
        QT_TRANSLATE_NOOP(
            "WindowActions", "The steps every OpenCL program takes, from platform to results"
        ),
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
        QT_TRANSLATE_NOOP("WindowActions", "&File"),
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
    (QT_TRANSLATE_NOOP("WindowActions", "&Edit"), ("undo", "redo", "-", "find", "replace")),
    (
        QT_TRANSLATE_NOOP("WindowActions", "&View"),
        (PANELS, "-", "zoom_in", "zoom_out", "zoom_reset", "-", THEME, LANGUAGE),
    ),
    (
        QT_TRANSLATE_NOOP("WindowActions", "&Run"),
        ("build", "run", "stop", "-", "check", "run_on_devices"),
    ),
    (QT_TRANSLATE_NOOP("WindowActions", "&Help"), ("lesson", "-", "about")),
)
OPEN_EXAMPLE = QT_TRANSLATE_NOOP("WindowActions", "Open &Example")
OPEN_RECENT = QT_TRANSLATE_NOOP("WindowActions", "Open &Recent")
THEME_MENU = QT_TRANSLATE_NOOP("WindowActions", "&Theme")
LANGUAGE_MENU = QT_TRANSLATE_NOOP("WindowActions", "&Language")
THEME_TEXTS = {  # each theme's name and tip, by settings value
    "system": (
        QT_TRANSLATE_NOOP("WindowActions", "System"),
        QT_TRANSLATE_NOOP("WindowActions", "Follow the system's light or dark setting"),
    ),
    "light": (
        QT_TRANSLATE_NOOP("WindowActions", "Light"),
        QT_TRANSLATE_NOOP("WindowActions", "Always use the light theme"),
    ),
    "dark": (
        QT_TRANSLATE_NOOP("WindowActions", "Dark"),
        QT_TRANSLATE_NOOP("WindowActions", "Always use the dark theme"),
    ),
}
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
    text, tip = _tr(spec.text), _tr(spec.tip)
    action = QAction(text, window)
    action.setStatusTip(tip)
    action.setToolTip(tip)
    if spec.shortcuts:
        keys = [QKeySequence(shortcut) for shortcut in spec.shortcuts]
        action.setShortcuts(keys)
        shown = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in keys)
        action.setToolTip(_with_keys(tip, shown))
        if len(keys) > 1:  # a menu shows only the first shortcut unless told them all
            action.setText(f"{text}\t{shown}")
    action.setIconText(_without_accelerator(text))  # a toolbar button: the name alone
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
    show_running(window, actions, False)
    return actions


def _theme_actions(window: QMainWindow) -> dict[str, QAction]:
    group = QActionGroup(window)
    group.setExclusive(True)
    themes = {}
    for theme in THEMES:
        text, tip = THEME_TEXTS[theme]
        action = QAction(_tr(text), window, checkable=True)
        action.setStatusTip(_tr(tip))
        group.addAction(action)
        themes[theme] = action
    return themes


def _language_actions(window: QMainWindow) -> dict[str, QAction]:
    """The system's language, then each language named in itself, as language menus do."""
    group = QActionGroup(window)
    group.setExclusive(True)
    languages = {}
    system = QAction(
        QCoreApplication.translate("WindowActions", "System Language"), window, checkable=True
    )
    system.setStatusTip(
        QCoreApplication.translate(
            "WindowActions", "Follow the system's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)"
        )
    )
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
        menu = window.menuBar().addMenu(_tr(title))
        for entry in entries:
            if entry == "-":
                menu.addSeparator()
            elif entry == EXAMPLES:
                submenus[entry] = menu.addMenu(_tr(OPEN_EXAMPLE))
            elif entry == RECENT:
                submenus[entry] = menu.addMenu(_tr(OPEN_RECENT))
            elif entry == PANELS:
                for toggle in panel_toggles:
                    menu.addAction(toggle)
            elif entry == THEME:
                theme_menu = menu.addMenu(_tr(THEME_MENU))
                for action in actions.themes.values():
                    theme_menu.addAction(action)
            elif entry == LANGUAGE:
                language_menu = menu.addMenu(_tr(LANGUAGE_MENU))
                for action in actions.languages.values():
                    language_menu.addAction(action)
            else:
                menu.addAction(actions.named(entry))
    return submenus[RECENT], submenus[EXAMPLES]


def build_toolbar(window: QMainWindow, actions: WindowActions, run_bar: QWidget) -> QToolBar:
    toolbar = window.addToolBar(QCoreApplication.translate("WindowActions", "Main toolbar"))
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
    idle = (_tr(RUN), _with_keys(_tr(RUN_TIP), RUN_KEYS), RUN_ICON)
    busy = (_tr(STOP), _with_keys(_tr(STOP_TIP), STOP_KEYS), STOP_ICON)
    _show(window, actions.run_or_stop, busy if running else idle)


def show_checking(window: QMainWindow, actions: WindowActions, checking: bool) -> None:
    """Check turns into Stop Check while a check goes on, and back."""
    shown = ", ".join(CHECK_SHORTCUTS)
    idle = (f"{_tr(CHECK)}\t{shown}", _with_keys(_tr(CHECK_TIP), shown), CHECK_ICON)
    busy = (f"{_tr(STOP_CHECK)}\t{shown}", _with_keys(_tr(STOP_CHECK_TIP), shown), STOP_ICON)
    _show(window, actions.check, busy if checking else idle)


def _show(window: QMainWindow, action: QAction, look: tuple[str, str, tuple[str, Pixmap]]) -> None:
    text, tip, icon = look
    action.setText(text)  # for a menu: "name\tshortcuts"
    action.setIconText(_without_accelerator(text.split("\t")[0]))  # for a toolbar: the name
    action.setToolTip(tip)
    action.setIcon(_icon(window, icon))


def _without_accelerator(text: str) -> str:
    """A menu text as a toolbar shows it: "打开(&O)…" -> "打开", "&Open…" -> "Open"."""
    return re.sub(r"\(&\w\)", "", text).replace("&", "").removesuffix("…")
