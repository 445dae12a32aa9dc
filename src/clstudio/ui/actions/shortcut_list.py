"""Help > Keyboard Shortcuts: every command's keys, read from the same Action records the
menus and the toolbar are built from, so the list can never disagree with the keys."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clstudio.ui.actions.action import Action, Item, Submenu, tr, without_accelerator
from clstudio.ui.actions.menu_bar import MENUS


@dataclass(frozen=True)
class ShortcutRow:
    """One command with keys, as the list shows it, in the user's language."""

    menu: str
    command: str
    keys: str


def shortcut_rows(items: Iterable[Item]) -> tuple[ShortcutRow, ...]:
    """The records with shortcuts, in menu order; a submenu's command names its menu."""
    items = tuple(items)
    titles = dict(MENUS) | {item.id: item.text for item in items if isinstance(item, Submenu)}
    rows = []
    for record in items:
        if not isinstance(record, Action) or not record.shortcuts:
            continue
        text = tr(record.text) if record.translated else record.text
        menu = without_accelerator(tr(titles[record.menu])) if record.menu else ""
        keys = ", ".join(
            QKeySequence(shortcut).toString(QKeySequence.SequenceFormat.NativeText)
            for shortcut in record.shortcuts
        )
        rows.append(ShortcutRow(menu, without_accelerator(text), keys))
    return tuple(rows)


class ShortcutList(QDialog):
    """A table of menu, command and keys, beside the window."""

    def __init__(self, items: Iterable[Item], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Keyboard Shortcuts"))
        self.resize(560, 560)
        rows = shortcut_rows(items)
        self.table = QTableWidget(len(rows), 3)
        self.table.setHorizontalHeaderLabels([self.tr("Menu"), self.tr("Command"), self.tr("Keys")])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        for row, shortcut in enumerate(rows):
            for column, text in enumerate((shortcut.menu, shortcut.command, shortcut.keys)):
                self.table.setItem(row, column, QTableWidgetItem(text))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
