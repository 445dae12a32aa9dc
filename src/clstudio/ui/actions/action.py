"""The records the menus and the toolbar are built from, and the QActions made of them.

Texts are marked with QT_TRANSLATE_NOOP in the "WindowActions" context and translated
as the actions are made (`tr`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial

from PySide6.QtCore import QCoreApplication, SignalInstance
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence
from PySide6.QtWidgets import QStyle, QWidget

CONTEXT = "WindowActions"  # where QT_TRANSLATE_NOOP puts the records' texts
Key = QKeySequence.StandardKey
Pixmap = QStyle.StandardPixmap
Shortcut = QKeySequence.StandardKey | str
Icon = tuple[str, Pixmap]  # a freedesktop theme name, and Qt's fallback


def tr(text: str) -> str:
    """A text marked with QT_TRANSLATE_NOOP(CONTEXT, ...), in the app's language."""
    return QCoreApplication.translate(CONTEXT, text)


def with_keys(tip: str, keys: str) -> str:
    return QCoreApplication.translate("WindowActions", "{tip} ({keys})").format(tip=tip, keys=keys)


@dataclass(frozen=True)
class When:
    """When a command can be used: `test()`, asked again each time one of `changes` fires."""

    test: Callable[[], bool]
    changes: tuple[SignalInstance, ...]


@dataclass(frozen=True, kw_only=True)
class Action:
    """One command: what it says, what it does, where it shows, and when it is enabled.

    `callback` is called without arguments (Qt's `checked` is not passed on). Records of one menu
    show in their order; a separator goes between two `group`s. The checkable records of
    one menu are one exclusive choice.
    """

    id: str
    text: str
    tip: str
    callback: Callable[[], object]
    menu: str | None = None  # a MENUS id or a Submenu's id; None: the toolbar alone
    group: str = ""
    shortcuts: tuple[Shortcut, ...] = ()
    icon: Icon | None = None
    toolbar: str | None = None  # its group in the toolbar, if it shows there
    checkable: bool = False
    checked: bool = False
    translated: bool = True  # False for a text shown as it is (a language's own name)
    enabled: When | None = None  # None: always


@dataclass(frozen=True, kw_only=True)
class Submenu:
    """A submenu, for records naming its id as their menu, or filled by its owner."""

    id: str
    text: str
    menu: str
    group: str = ""


@dataclass(frozen=True, kw_only=True)
class Slot:
    """A place for what is made elsewhere: the docks' toggles, the run bar."""

    id: str
    menu: str | None = None
    group: str = ""
    toolbar: str | None = None


Item = Action | Submenu | Slot


def icon(widget: QWidget, theme_icon: Icon) -> QIcon:
    theme_name, fallback = theme_icon
    return QIcon.fromTheme(theme_name, widget.style().standardIcon(fallback))


def make_actions(window: QWidget, items: Iterable[Item]) -> dict[str, QAction]:
    """A QAction for each Action record, connected to its callback, by id."""
    made: dict[str, QAction] = {}
    choices: dict[str | None, QActionGroup] = {}
    for record in items:
        if not isinstance(record, Action):
            continue
        assert record.id not in made, f"two actions named {record.id}"
        action = _action(window, record)
        if record.checkable:
            group = choices.setdefault(record.menu, QActionGroup(window))
            group.addAction(action)
        made[record.id] = action
    return made


def _action(window: QWidget, record: Action) -> QAction:
    text = tr(record.text) if record.translated else record.text
    tip = tr(record.tip) if record.translated else record.tip
    action = QAction(text, window)
    action.setStatusTip(tip)
    action.setToolTip(tip)
    if record.shortcuts:
        keys = [QKeySequence(shortcut) for shortcut in record.shortcuts]
        action.setShortcuts(keys)
        shown = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in keys)
        action.setToolTip(with_keys(tip, shown))
        if len(keys) > 1:  # a menu shows only the first shortcut unless told them all
            action.setText(f"{text}\t{shown}")
    action.setIconText(without_accelerator(text))  # a toolbar button: the name alone
    if record.icon is not None:
        action.setIcon(icon(window, record.icon))
    if record.checkable:
        action.setCheckable(True)
        action.setChecked(record.checked)
    action.triggered.connect(partial(_call, record.callback))
    if record.enabled is not None:
        _follow(action, record.enabled)
    return action


def _follow(action: QAction, when: When) -> None:
    def show(*_changed: object) -> None:
        action.setEnabled(when.test())

    for signal in when.changes:
        signal.connect(show)
    show()


def _call(callback: Callable[[], object]) -> None:
    """PySide passes `checked` to a handler that takes a parameter, even a defaulted one
    (`open_file(path=None)` would get False); through here it gets nothing."""
    callback()


def show_look(widget: QWidget, action: QAction, look: tuple[str, str, Icon]) -> None:
    """Give `action` another text ("name\\tshortcuts" for a menu), tip and icon."""
    text, tip, theme_icon = look
    action.setText(text)
    action.setIconText(without_accelerator(text.split("\t")[0]))  # for a toolbar: the name
    action.setToolTip(tip)
    action.setIcon(icon(widget, theme_icon))


def without_accelerator(text: str) -> str:
    """A menu text as a toolbar shows it: "打开(&O)…" -> "打开", "&Open…" -> "Open"."""
    return re.sub(r"\(&\w\)", "", text).replace("&", "").removesuffix("…")
