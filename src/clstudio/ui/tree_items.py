"""The items of a QTreeWidget as plain lists (Qt's index lookups may answer None), and the
height its rows take."""

from __future__ import annotations

from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem


def top_items(tree: QTreeWidget) -> list[QTreeWidgetItem]:
    items = (tree.topLevelItem(i) for i in range(tree.topLevelItemCount()))
    return [item for item in items if item is not None]


def child_items(parent: QTreeWidgetItem) -> list[QTreeWidgetItem]:
    items = (parent.child(i) for i in range(parent.childCount()))
    return [item for item in items if item is not None]


def rows_height(tree: QTreeWidget, rows: int) -> int:
    """The height that shows the first `rows` rows of `tree` whole: its header, its frame,
    the rows (each its own height: a wrapped title takes two lines)."""
    frame = tree.header().sizeHint().height() + 2 * tree.frameWidth()
    count = min(rows, tree.topLevelItemCount())
    one = max(tree.sizeHintForRow(0), 1)
    return (
        frame + sum(max(tree.sizeHintForRow(row), 1) for row in range(count)) + (rows - count) * one
    )
