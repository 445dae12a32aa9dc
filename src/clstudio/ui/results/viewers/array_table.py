"""A buffer's values with their indices, in a table that formats only the visible cells.

The model reads the array on demand, so 16 million elements cost no more than a
hundred: nothing is copied or turned into items up front.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFontDatabase, QPalette
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from clstudio.ui.results.viewers.buffer_layout import (
    BufferLayout,
    TableLayout,
    field_values,
    format_value,
    index_text,
)

Index = QModelIndex | QPersistentModelIndex


class ArrayTableModel(QAbstractTableModel):
    """Read-only view of one array through a TableLayout."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._array = np.zeros(0)
        self.table = TableLayout(BufferLayout((0,)))

    def set_array(self, array: np.ndarray, layout: BufferLayout) -> None:
        self.beginResetModel()
        self._array = array
        self.table = TableLayout(layout)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self.table.rows

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self.table.columns

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.cell_text(index.row(), index.column())
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        if role == Qt.ItemDataRole.ForegroundRole and self._is_index_column(index.column()):
            return QPalette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            name = self.table.column_name(section)
            return self.tr("value") if name == "value" else name  # i0, x, R: as they are
        return str(section)

    def cell_text(self, row: int, column: int) -> str:
        """What the cell shows: an index, or the value there."""
        where = self.table.cell(row, column)
        if where is None:
            return str(self.table.layout.element_index(row)[column])
        return format_value(self._value(where, column))

    def hover_text(self, row: int, column: int) -> str:
        column = max(column, self.table.index_columns)
        where = self.table.cell(row, column)
        if where is None:
            return ""
        value = format_value(self._value(where, column))
        if self.table.field_at(column) is not None:  # a buffer of structs: element, column
            return self.tr("index {index}, {field}: {value}").format(
                index=index_text(self.table.layout.element_index(row)),
                field=self.table.column_name(column),
                value=value,
            )
        return self.tr("index {index}: {value}").format(index=index_text(where), value=value)

    def _value(self, where: tuple[int, ...], column: int) -> object:
        """The value at a cell's index, in the column's field for a buffer of structs."""
        field = self.table.field_at(column)
        if field is None:
            return self._array[where]
        # the field's values in one struct, each a lane: an array's, a vector's lanes
        lanes = field_values(self._array, field).reshape(*self._array.shape, -1)
        return lanes[where] if len(where) > self._array.ndim else lanes[(*where, 0)]

    def _is_index_column(self, column: int) -> bool:
        return column < self.table.index_columns


class ArrayTableView(QTableView):
    """Fixed row heights, so a million rows scroll as smoothly as ten."""

    pointHovered = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model_ = ArrayTableModel(self)
        self.setModel(self.model_)
        self.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setMouseTracking(True)
        for header in (self.verticalHeader(), self.horizontalHeader()):
            header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows = self.fontMetrics().height() + 6
        self.verticalHeader().setDefaultSectionSize(rows)
        self.horizontalHeader().setDefaultSectionSize(
            self.fontMetrics().horizontalAdvance("0") * 14
        )
        self.entered.connect(self._on_entered)

    def set_array(self, array: np.ndarray, layout: BufferLayout) -> None:
        self.model_.set_array(array, layout)

    def show_element(self, index: tuple[int, ...]) -> None:
        """Select the cell that holds host-array element `index` and scroll to it."""
        row, column = self.model_.table.position(index)
        cell = self.model_.index(row, column)
        if not cell.isValid():
            return
        self.selectionModel().setCurrentIndex(
            cell, QItemSelectionModel.SelectionFlag.ClearAndSelect
        )
        self.scrollTo(cell, QAbstractItemView.ScrollHint.PositionAtCenter)

    def _on_entered(self, index: QModelIndex) -> None:
        self.pointHovered.emit(self.model_.hover_text(index.row(), index.column()))
