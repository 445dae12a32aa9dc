"""Tree rows whose long texts wrap at their column's width instead of losing their middle
or their end: an exercise's title, a problem's message.

Qt wraps an item's text when painting it with word wrap on, but the row's height comes
from the delegate's size hint, which does not know the column's width: the text wrapped
into one line's height and its second line was cut. This delegate measures the text at
the column's width, and the rows are laid out again when a column changes width."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QTreeView

_TALL = 1 << 20  # room enough below any text when measuring it


class WrappingDelegate(QStyledItemDelegate):
    def __init__(self, view: QTreeView) -> None:
        super().__init__(view)
        self._view = view
        view.setWordWrap(True)
        view.setUniformRowHeights(False)
        view.setTextElideMode(Qt.TextElideMode.ElideNone)
        view.setItemDelegate(self)
        view.header().sectionResized.connect(lambda *_: view.doItemsLayout())

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        size = super().sizeHint(option, index)
        shown = QStyleOptionViewItem(option)
        self.initStyleOption(shown, index)
        style = self._view.style()
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, shown, self._view)
        width = self._view.columnWidth(index.column()) - 2 * (margin + 1)
        if index.column() == 0:  # the branch and each level's indent come off the first
            depth, parent = int(self._view.rootIsDecorated()), index.parent()
            while parent.isValid():
                depth, parent = depth + 1, parent.parent()
            width -= depth * self._view.indentation()
        if not shown.icon.isNull():
            width -= shown.decorationSize.width() + 2 * margin
        text = shown.fontMetrics.boundingRect(
            QRect(0, 0, max(width, 1), _TALL), Qt.TextFlag.TextWordWrap, shown.text
        )
        one_line = shown.fontMetrics.height()
        return QSize(size.width(), max(size.height(), size.height() - one_line + text.height()))
