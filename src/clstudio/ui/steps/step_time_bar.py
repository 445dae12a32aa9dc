"""A time with a bar behind it, all bars of a list on one scale: where the time goes."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QWidget

BAR_ROLE = Qt.ItemDataRole.UserRole + 1  # the bar's length, from 0 to 1 of the longest time


class StepTimeBarDelegate(QStyledItemDelegate):
    """Paints a translucent bar of the item's BAR_ROLE fraction under its text."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        fraction = index.data(BAR_ROLE)
        if isinstance(fraction, float) and fraction > 0:
            rect: QRect = option.rect
            width = max(2, round((rect.width() - 6) * min(fraction, 1.0)))
            bar = QRect(rect.left() + 3, rect.top() + 3, width, rect.height() - 6)
            colour = QColor(option.palette.highlight().color())
            colour.setAlpha(90)  # reads on light and dark palettes alike
            painter.save()
            painter.fillRect(bar, colour)
            painter.restore()
        super().paint(painter, option, index)
