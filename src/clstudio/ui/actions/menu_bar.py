"""The menu bar and the toolbar, built from the records in their order."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar, QWidget

from clstudio.ui.actions.action import Action, Item, Slot, Submenu, tr
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

# The menu bar, left to right: each menu's id and title.
MENUS = (
    ("file", QT_TRANSLATE_NOOP("WindowActions", "&File")),
    ("edit", QT_TRANSLATE_NOOP("WindowActions", "&Edit")),
    ("view", QT_TRANSLATE_NOOP("WindowActions", "&View")),
    ("run", QT_TRANSLATE_NOOP("WindowActions", "&Run")),
    ("devices", QT_TRANSLATE_NOOP("WindowActions", "&Devices")),
    ("help", QT_TRANSLATE_NOOP("WindowActions", "&Help")),
)


def build_menus(
    window: QMainWindow,
    items: Sequence[Item],
    actions: Mapping[str, QAction],
    slots: Mapping[str, Sequence[QAction]],
) -> dict[str, QMenu]:
    """Fill the menu bar; returns the submenus by id, for those their owners fill."""
    menus: dict[str, QMenu] = {}
    last_group: dict[str, str] = {}
    for menu_id, title in MENUS:
        menus[menu_id] = window.menuBar().addMenu(tr(title))
    for item in items:
        if item.menu is None:
            continue
        menu = menus[item.menu]
        if item.menu in last_group and last_group[item.menu] != item.group:
            menu.addSeparator()
        last_group[item.menu] = item.group
        if isinstance(item, Submenu):
            menus[item.id] = menu.addMenu(tr(item.text))
        elif isinstance(item, Slot):
            for action in slots[item.id]:
                menu.addAction(action)
        else:
            menu.addAction(actions[item.id])
    return {item.id: menus[item.id] for item in items if isinstance(item, Submenu)}


def build_toolbar(
    window: QMainWindow,
    items: Iterable[Item],
    actions: Mapping[str, QAction],
    slots: Mapping[str, QWidget],
) -> QToolBar:
    toolbar = window.addToolBar(QCoreApplication.translate("WindowActions", "Main toolbar"))
    toolbar.setObjectName("mainToolbar")
    toolbar.setMovable(False)
    toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    last_group: str | None = None
    for item in items:
        if isinstance(item, Submenu) or item.toolbar is None:
            continue
        if last_group is not None and last_group != item.toolbar:
            toolbar.addSeparator()
        last_group = item.toolbar
        if isinstance(item, Action):
            toolbar.addAction(actions[item.id])
        else:
            toolbar.addWidget(slots[item.id])
    return toolbar
