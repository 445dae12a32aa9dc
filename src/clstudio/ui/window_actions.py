"""The main window's actions, with their shortcuts, tips and icons, and its menus.

Actions only announce intents; MainWindow connects them to what they do.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QStyle, QToolBar, QWidget

from clstudio.ui.settings import THEMES

Key = QKeySequence.StandardKey


@dataclass
class WindowActions:
    new: QAction
    open: QAction
    save: QAction
    save_as: QAction
    save_source: QAction
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
    run_or_stop: QAction  # the toolbar's one button: Run, and Stop while a run goes on
    about: QAction
    lesson: QAction
    themes: dict[str, QAction]


def _icon(window: QMainWindow, theme_name: str, fallback: QStyle.StandardPixmap) -> QIcon:
    return QIcon.fromTheme(theme_name, window.style().standardIcon(fallback))


def _action(
    window: QMainWindow,
    text: str,
    tip: str,
    shortcuts: list[QKeySequence] | None = None,
    icon: QIcon | None = None,
) -> QAction:
    action = QAction(text, window)
    action.setStatusTip(tip)
    action.setToolTip(tip)
    if shortcuts:
        action.setShortcuts(shortcuts)
        keys = ", ".join(s.toString(QKeySequence.SequenceFormat.NativeText) for s in shortcuts)
        action.setToolTip(f"{tip} ({keys})")
    if icon is not None:
        action.setIcon(icon)
    return action


def create_actions(window: QMainWindow) -> WindowActions:
    sp = QStyle.StandardPixmap
    seq = QKeySequence
    actions = WindowActions(
        new=_action(
            window,
            "&New",
            "Start a new session from a small working kernel",
            [seq(Key.New)],
            _icon(window, "document-new", sp.SP_FileIcon),
        ),
        open=_action(
            window,
            "&Open…",
            "Open a session (.json) or a kernel source (.cl)",
            [seq(Key.Open)],
            _icon(window, "document-open", sp.SP_DialogOpenButton),
        ),
        save=_action(
            window,
            "&Save",
            "Save the session",
            [seq(Key.Save)],
            _icon(window, "document-save", sp.SP_DialogSaveButton),
        ),
        save_as=_action(
            window, "Save &As…", "Save the session to a new file", [seq("Ctrl+Shift+S")]
        ),
        save_source=_action(
            window, "Save Kernel Source As…", "Save the OpenCL C source alone, as a .cl file"
        ),
        quit=_action(window, "&Quit", "Close CL Studio", [seq("Ctrl+Q")]),
        undo=_action(window, "&Undo", "Undo the last edit of the source", [seq(Key.Undo)]),
        redo=_action(window, "&Redo", "Redo the edit just undone", [seq(Key.Redo)]),
        find=_action(window, "&Find…", "Find text in the kernel source", [seq(Key.Find)]),
        replace=_action(
            window, "&Replace…", "Find and replace text in the kernel source", [seq("Ctrl+H")]
        ),
        zoom_in=_action(window, "Zoom &In", "Larger source text", [seq(Key.ZoomIn), seq("Ctrl+=")]),
        zoom_out=_action(window, "Zoom &Out", "Smaller source text", [seq(Key.ZoomOut)]),
        zoom_reset=_action(window, "&Reset Zoom", "Source text at its usual size", [seq("Ctrl+0")]),
        build=_action(
            window,
            "&Build",
            "Compile the kernel for the chosen device now",
            [seq("Ctrl+B")],
            _icon(window, "run-build", sp.SP_BrowserReload),
        ),
        run=_action(
            window,
            "&Run",
            "Run the kernel with its arguments in the worker process",
            [seq("Ctrl+R"), seq("F5")],
            _icon(window, "media-playback-start", sp.SP_MediaPlay),
        ),
        stop=_action(
            window,
            "S&top",
            "Stop the running kernel",
            [seq("Esc"), seq("Shift+F5")],
            _icon(window, "media-playback-stop", sp.SP_MediaStop),
        ),
        run_or_stop=_action(
            window,
            "Run",
            "Run the kernel with its arguments in the worker process (Ctrl+R, F5)",
            None,
            _icon(window, "media-playback-start", sp.SP_MediaPlay),
        ),
        about=_action(window, "&About CL Studio", "Version and the libraries it runs on"),
        lesson=_action(
            window,
            "The OpenCL &host program",
            "The steps every OpenCL program takes, from platform to results",
            [seq(Key.HelpContents)],
        ),
        themes={},
    )
    actions.stop.setEnabled(False)
    group = QActionGroup(window)
    group.setExclusive(True)
    for theme in THEMES:
        action = QAction(theme.capitalize(), window, checkable=True)
        action.setStatusTip(
            "Follow the system's light or dark setting"
            if theme == "system"
            else f"Always use the {theme} theme"
        )
        group.addAction(action)
        actions.themes[theme] = action
    return actions


def build_menus(
    window: QMainWindow, actions: WindowActions, panel_toggles: list[QAction]
) -> tuple[QMenu, QMenu]:
    """Fill the menu bar; returns the Recent and Open Example submenus, filled on demand."""
    bar = window.menuBar()
    file_menu = bar.addMenu("&File")
    file_menu.addAction(actions.new)
    file_menu.addAction(actions.open)
    examples_menu = file_menu.addMenu("Open &Example")
    recent_menu = file_menu.addMenu("Open &Recent")
    file_menu.addSeparator()
    file_menu.addAction(actions.save)
    file_menu.addAction(actions.save_as)
    file_menu.addAction(actions.save_source)
    file_menu.addSeparator()
    file_menu.addAction(actions.quit)

    edit_menu = bar.addMenu("&Edit")
    edit_menu.addAction(actions.undo)
    edit_menu.addAction(actions.redo)
    edit_menu.addSeparator()
    edit_menu.addAction(actions.find)
    edit_menu.addAction(actions.replace)

    view_menu = bar.addMenu("&View")
    for toggle in panel_toggles:
        view_menu.addAction(toggle)
    view_menu.addSeparator()
    view_menu.addAction(actions.zoom_in)
    view_menu.addAction(actions.zoom_out)
    view_menu.addAction(actions.zoom_reset)
    view_menu.addSeparator()
    theme_menu = view_menu.addMenu("&Theme")
    for action in actions.themes.values():
        theme_menu.addAction(action)

    run_menu = bar.addMenu("&Run")
    run_menu.addAction(actions.build)
    run_menu.addAction(actions.run)
    run_menu.addAction(actions.stop)

    help_menu = bar.addMenu("&Help")
    help_menu.addAction(actions.lesson)
    help_menu.addSeparator()
    help_menu.addAction(actions.about)
    return recent_menu, examples_menu


def build_toolbar(window: QMainWindow, actions: WindowActions, run_bar: QWidget) -> QToolBar:
    toolbar = window.addToolBar("Main toolbar")
    toolbar.setObjectName("mainToolbar")
    toolbar.setMovable(False)
    toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    for action in (actions.new, actions.open, actions.save):
        toolbar.addAction(action)
    toolbar.addSeparator()
    toolbar.addAction(actions.build)
    toolbar.addAction(actions.run_or_stop)
    toolbar.addWidget(run_bar)
    return toolbar


def show_running(window: QMainWindow, actions: WindowActions, running: bool) -> None:
    """Run turns into Stop while a run goes on, and back."""
    sp = QStyle.StandardPixmap
    actions.run.setEnabled(not running)
    actions.stop.setEnabled(running)
    button = actions.run_or_stop
    if running:
        button.setText("Stop")
        button.setToolTip("Stop the running kernel (Esc, Shift+F5)")
        button.setIcon(_icon(window, "media-playback-stop", sp.SP_MediaStop))
    else:
        button.setText("Run")
        button.setToolTip("Run the kernel with its arguments in the worker process (Ctrl+R, F5)")
        button.setIcon(_icon(window, "media-playback-start", sp.SP_MediaPlay))
