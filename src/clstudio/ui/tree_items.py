"""The items of a QTreeWidget as plain lists: Qt's index lookups may answer None."""

from __future__ import annotations

from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem


def top_items(tree: QTreeWidget) -> list[QTreeWidgetItem]:
    items = (tree.topLevelItem(i) for i in range(tree.topLevelItemCount()))
    return [item for item in items if item is not None]


def child_items(parent: QTreeWidgetItem) -> list[QTreeWidgetItem]:
    items = (parent.child(i) for i in range(parent.childCount()))
    return [item for item in items if item is not None]
