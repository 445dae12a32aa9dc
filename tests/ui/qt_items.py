"""Items of Qt's item views, found where a test expects them: Qt answers None for a missing
item, and a test that expects one should fail there, saying which."""

from __future__ import annotations

from PySide6.QtWidgets import QListWidget, QTableWidget, QTreeWidget, QTreeWidgetItem


def tree_item(tree: QTreeWidget | QTreeWidgetItem, *path: int) -> QTreeWidgetItem:
    """The item at `path`: a top-level row of `tree`, then a child of it, and so on."""
    first, *rest = path
    item = tree.topLevelItem(first) if isinstance(tree, QTreeWidget) else tree.child(first)
    for index in rest:
        assert item is not None, f"no item at {path}"
        item = item.child(index)
    assert item is not None, f"no item at {path}"
    return item


def current_item(tree: QTreeWidget) -> QTreeWidgetItem:
    item = tree.currentItem()
    assert item is not None, "no current item"
    return item


def table_text(table: QTableWidget, row: int, column: int) -> str:
    item = table.item(row, column)
    assert item is not None, f"no cell at {row}, {column}"
    return item.text()


def current_text(items: QListWidget) -> str:
    item = items.currentItem()
    assert item is not None, "no current item"
    return item.text()
