"""Menus and the toolbar are built from the action records: a new command is one record."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu
from pytestqt.qtbot import QtBot

from clstudio.ui.actions.action import Action, Item, Slot, Submenu, make_actions
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
            "alpha", "&Alpha", "The first", calls.alpha, "file", "one", ("Ctrl+1",), toolbar="a"
        ),
        Submenu("more", "&More", "file", "one"),
        Action("beta", "Beta", "In the submenu", calls.beta, "more", checkable=True),
        Action("beta2", "Beta 2", "Its rival", calls.beta, "more", checkable=True, checked=True),
        Action("gamma", "&Gamma", "After a separator", calls.gamma, "file", "two", toolbar="b"),
        Action("toolbar_only", "Delta", "Not in a menu", calls.alpha, toolbar="b"),
        Slot("widgets", "file", "two", toolbar="b"),
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
