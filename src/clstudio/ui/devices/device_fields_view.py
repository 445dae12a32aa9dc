"""Every field of a device or platform, grouped, with a filter and ways to copy them."""

from __future__ import annotations

import html
import json
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QBrush, QGuiApplication, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QHeaderView,
    QLineEdit,
    QMenu,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clstudio.devices import GROUP_ORDER, group_title
from clstudio.ui.tree_items import child_items, top_items
from clstudio.ui.wrapping_delegate import WrappingDelegate

if TYPE_CHECKING:
    from clstudio.devices import InfoField

FIELD_ROLE = Qt.ItemDataRole.UserRole
MAX_TOOLTIP_RAW = 400
TREE_ROWS = 4  # the fields the list always shows, however short the dock


def grouped(fields: Iterable[InfoField]) -> list[tuple[str, list[InfoField]]]:
    """Fields by group, groups in GROUP_ORDER; groups the order does not know come last."""
    groups: dict[str, list[InfoField]] = {}
    for field in fields:
        groups.setdefault(field.group, []).append(field)
    known = [g for g in GROUP_ORDER if g in groups]
    return [(g, groups[g]) for g in known + [g for g in groups if g not in GROUP_ORDER]]


def field_matches(field: InfoField, text: str) -> bool:
    """The filter matches a field's label, OpenCL name, display value or explanation."""
    needle = text.strip().lower()
    if not needle:
        return True
    haystack = (field.shown_label, field.name, field.shown_display, field.shown_explanation)
    return any(needle in part.lower() for part in haystack)


def field_tooltip(field: InfoField) -> str:
    raw = json.dumps(field.raw)
    if len(raw) > MAX_TOOLTIP_RAW:
        raw = raw[:MAX_TOOLTIP_RAW] + " …"
    return QCoreApplication.translate(
        "DeviceFieldsView", "{explanation}\n\nOpenCL name: {name}\nRaw value: {raw}"
    ).format(explanation=field.shown_explanation, name=field.name, raw=raw)


def field_detail_html(field: InfoField) -> str:
    """The whole of one field: what the narrow table cuts off, and what it means."""
    return (
        f"<b>{html.escape(field.shown_label)}</b> &nbsp;<code>{field.name}</code><br>"
        f"{html.escape(field.shown_display)}<br><i>{html.escape(field.shown_explanation)}</i>"
    )


def fields_as_text(title: str, fields: Sequence[InfoField]) -> str:
    """Plain text of all fields, grouped, with aligned columns: what 'Copy all' copies."""
    width = max((len(f.shown_label) for f in fields), default=0)
    lines = [title]
    for group, members in grouped(fields):
        lines.append("")
        lines.append(f"  {group_title(group)}")
        for field in members:
            lines.append(f"    {field.shown_label.ljust(width)}  {field.shown_display}")
    return "\n".join(lines) + "\n"


class DeviceFieldsView(QWidget):
    """A filterable, grouped list of fields; a tooltip explains each one."""

    filterChanged = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._fields: tuple[InfoField, ...] = ()
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(self.tr("Filter by name, value or explanation"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self._on_filter_edit_changed)

        self.tree = QTreeWidget()
        self.tree.setColumnCount(2)
        self.tree.setHeaderLabels([self.tr("Field"), self.tr("Value")])
        self.tree.setAlternatingRowColors(True)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._on_tree_context_menu)
        header = self.tree.header()
        # Both columns share the width: in a 300-pixel pane a fixed 220-pixel Field column
        # left the values cut to "pth…".
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        # A long name or value wraps onto a second line: elided in the middle, "Max
        # wor…up size" could not be read.
        WrappingDelegate(self.tree)

        self.copy_action = QAction(self.tr("Copy value"), self)
        self.copy_action.setShortcut(QKeySequence.StandardKey.Copy)
        self.copy_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.copy_action.triggered.connect(self.copy_value)
        self.tree.addAction(self.copy_action)

        self.detail = QTextBrowser()
        self.detail.setObjectName("fieldDetail")
        self.detail.setMaximumHeight(self.fontMetrics().lineSpacing() * 4 + 12)
        self.detail.setMinimumHeight(self.fontMetrics().lineSpacing() + 8)
        self.detail.setPlaceholderText(self.tr("Select a field to read what it means."))
        self.tree.currentItemChanged.connect(self._on_tree_current_changed)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.filter_edit)
        # The explanation below gives way to the fields when the dock grows short (after a
        # run): the list had collapsed to its header.
        below = QSplitter(Qt.Orientation.Vertical)
        below.addWidget(self.tree)
        below.addWidget(self.detail)
        below.setStretchFactor(0, 1)
        below.setCollapsible(0, False)
        layout.addWidget(below, 1)

    def show_fields(self, fields: Sequence[InfoField]) -> None:
        self._fields = tuple(fields)
        self.tree.clear()
        muted = QBrush(self.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text))
        for group, members in grouped(self._fields):
            group_item = QTreeWidgetItem(self.tree, [group_title(group)])
            font = group_item.font(0)
            font.setBold(True)
            group_item.setFont(0, font)
            group_item.setFirstColumnSpanned(True)
            group_item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            for field in members:
                item = QTreeWidgetItem(group_item, [field.shown_label, field.shown_display])
                item.setData(0, FIELD_ROLE, field)
                tooltip = field_tooltip(field)
                item.setToolTip(0, tooltip)
                item.setToolTip(1, tooltip)
                if not field.available:
                    item.setForeground(1, muted)
                    italic = item.font(1)
                    italic.setItalic(True)
                    item.setFont(1, italic)
        self.tree.expandAll()
        # TREE_ROWS rows, each of two lines (a wrapped name), whatever the dock leaves.
        line = max(self.tree.sizeHintForRow(0), self.tree.fontMetrics().height())
        header = self.tree.header().sizeHint().height() + 2 * self.tree.frameWidth()
        self.tree.setMinimumHeight(header + TREE_ROWS * 2 * line)
        widest = self.tree.sizeHintForColumn(0)
        self.tree.header().resizeSection(0, max(160, min(widest + 8, 270)))
        self._apply_filter(self.filter_edit.text())

    def fields(self) -> tuple[InfoField, ...]:
        return self._fields

    def set_filter(self, text: str) -> None:
        self.filter_edit.setText(text)

    def visible_fields(self) -> list[str]:
        """OpenCL names of the fields the filter lets through, in display order."""
        names = []
        for group_item in top_items(self.tree):
            for child in child_items(group_item):
                if not child.isHidden():
                    names.append(child.data(0, FIELD_ROLE).name)
        return names

    def current_field(self) -> InfoField | None:
        item = self.tree.currentItem()
        return item.data(0, FIELD_ROLE) if item is not None else None

    def select_field(self, name: str) -> bool:
        for group_item in top_items(self.tree):
            for child in child_items(group_item):
                if child.data(0, FIELD_ROLE).name == name:
                    self.tree.setCurrentItem(child)
                    return True
        return False

    def copy_value(self) -> None:
        field = self.current_field()
        if field is not None:
            QGuiApplication.clipboard().setText(field.shown_display)

    def _apply_filter(self, text: str) -> None:
        for group_item in top_items(self.tree):
            shown = 0
            for child in child_items(group_item):
                visible = field_matches(child.data(0, FIELD_ROLE), text)
                child.setHidden(not visible)
                shown += visible
            group_item.setHidden(shown == 0)

    def _on_filter_edit_changed(self, text: str) -> None:
        self._apply_filter(text)
        self.filterChanged.emit(text)

    def _on_tree_current_changed(
        self, current: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None
    ) -> None:
        field = current.data(0, FIELD_ROLE) if current is not None else None
        self.detail.setHtml(field_detail_html(field) if field is not None else "")

    def _on_tree_context_menu(self, pos: QPoint) -> None:
        field = self.current_field()
        if field is None:
            return
        menu = QMenu(self)
        menu.addAction(self.copy_action)
        menu.addAction(
            self.tr("Copy raw value"),
            lambda: QGuiApplication.clipboard().setText(json.dumps(field.raw)),
        )
        menu.addAction(
            self.tr("Copy OpenCL name"), lambda: QGuiApplication.clipboard().setText(field.name)
        )
        menu.exec(self.tree.viewport().mapToGlobal(pos))
        menu.deleteLater()
