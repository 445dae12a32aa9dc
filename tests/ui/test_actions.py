"""Menus and the toolbar are built from the action records: a new command is one record."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu
from pytestqt.qtbot import QtBot

from clstudio.ui.actions.action import Action, Item, Slot, Submenu, When, make_actions
from clstudio.ui.actions.menu_bar import build_menus, build_toolbar


class Calls:
    def __init__(self) -> None:
        self.made: list[str] = []

    def alpha(self) -> None:
        self.made.append("alpha")

    def beta(self) -> None:
        self.made.append("beta")

    def gamma(self, path: str | None = None) -> None:
        self.made.append(f"gamma {path}")


def _records(calls: Calls) -> tuple[Item, ...]:
    return (
        Action(
            id="alpha",
            text="&Alpha",
            tip="The first",
            callback=calls.alpha,
            menu="file",
            group="one",
            shortcuts=("Ctrl+1",),
            toolbar="a",
        ),
        Submenu(id="more", text="&More", menu="file", group="one"),
        Action(
            id="beta",
            text="Beta",
            tip="In the submenu",
            callback=calls.beta,
            menu="more",
            checkable=True,
        ),
        Action(
            id="beta2",
            text="Beta 2",
            tip="Its rival",
            callback=calls.beta,
            menu="more",
            checkable=True,
            checked=True,
        ),
        Action(
            id="gamma",
            text="&Gamma",
            tip="After a separator",
            callback=calls.gamma,
            menu="file",
            group="two",
            toolbar="b",
        ),
        Action(
            id="toolbar_only", text="Delta", tip="Not in a menu", callback=calls.alpha, toolbar="b"
        ),
        Slot(id="widgets", menu="file", group="two", toolbar="b"),
    )


def _texts(actions: list[QAction]) -> list[str]:
    return ["-" if a.isSeparator() else a.text() for a in actions]


def test_menus_and_toolbar_follow_the_records_order_and_groups(qtbot: QtBot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    calls = Calls()
    items = _records(calls)
    actions = make_actions(window, items)
    label = QLabel("widget")
    toolbar = build_toolbar(window, items, actions, {"widgets": label})
    extra = QAction("Extra", window)
    submenus = build_menus(window, items, actions, {"widgets": [extra]})

    file_menu = window.menuBar().actions()[0].menu()
    assert isinstance(file_menu, QMenu)
    assert _texts(file_menu.actions()) == ["&Alpha", "&More", "-", "&Gamma", "Extra"]
    assert _texts(submenus["more"].actions()) == ["Beta", "Beta 2"]
    shown = [a.iconText() if not a.isSeparator() else "-" for a in toolbar.actions()]
    assert shown == ["Alpha", "-", "Gamma", "Delta", ""]  # the last holds the label
    assert toolbar.widgetForAction(toolbar.actions()[-1]) is label
    assert actions["alpha"].toolTip() == "The first (Ctrl+1)"


def test_each_record_triggers_its_own_handler_without_arguments(qtbot: QtBot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    calls = Calls()
    actions = make_actions(window, _records(calls))
    actions["alpha"].trigger()
    actions["gamma"].trigger()
    assert calls.made == ["alpha", "gamma None"]  # Qt's `checked` never reaches a handler


def test_the_checkable_records_of_a_submenu_are_one_choice(qtbot: QtBot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    actions = make_actions(window, _records(Calls()))
    assert actions["beta2"].isChecked() and not actions["beta"].isChecked()
    actions["beta"].trigger()
    assert actions["beta"].isChecked() and not actions["beta2"].isChecked()


class Switch(QObject):
    flipped = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.on = False


def test_an_action_is_enabled_when_its_record_says_and_follows_the_changes(
    qtbot: QtBot,
) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    switch = Switch()
    when = When(lambda: switch.on, (switch.flipped,))
    record = Action(id="stop", text="Stop", tip="While on", callback=Calls().alpha, enabled=when)
    action = make_actions(window, [record])["stop"]
    assert not action.isEnabled()
    switch.on = True
    switch.flipped.emit()
    assert action.isEnabled()
