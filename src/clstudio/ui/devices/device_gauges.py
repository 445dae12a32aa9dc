"""Pictures of a device's limits: memory sizes on one scale, work sizes, compute units.

A table of numbers hides that local memory is a million times smaller than global
memory; bars on one logarithmic axis make it obvious. Every bar carries its real value.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QHelpEvent, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QToolTip, QWidget

_BYTE_UNITS = ("B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB")


@dataclass(frozen=True)
class Bar:
    """One row of a chart: a label, a value (None when unknown) and the text shown for it."""

    label: str
    value: int | None
    text: str
    tooltip: str = ""


def power_of_two_label(exponent: int, unit: str) -> str:
    """2**exponent as `4 GiB` (unit 'bytes') or `4096` (unit 'count')."""
    if unit == "bytes":
        return f"{2 ** (exponent % 10)} {_BYTE_UNITS[exponent // 10]}"
    return f"{2**exponent:,}".replace(",", " ")


def axis_range(values: Sequence[int], from_one: bool = False) -> tuple[int, int]:
    """Exponents of the powers of two that bracket every positive value.

    The axis starts at 1 when asked (a count of work-items), else a little below the
    smallest value, so that its bar stays visible.
    """
    positive = [v for v in values if v > 0] or [1]
    low = math.floor(math.log2(min(positive)))
    high = math.ceil(math.log2(max(positive)))
    if from_one:
        return 0, max(high, 1)
    high = max(high, low + 1)
    return max(0, low - max(1, (high - low) // 5)), high


class LogBarChart(QWidget):
    """Horizontal bars on one base-2 logarithmic axis."""

    ROW_HEIGHT = 24
    AXIS_HEIGHT = 22

    def __init__(self, unit: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if unit not in ("bytes", "count"):
            raise ValueError(f"unit must be 'bytes' or 'count', not {unit!r}")
        self._unit = unit
        self._bars: tuple[Bar, ...] = ()
        self._range = (0, 1)
        self._min_label_width = 0

    def set_bars(self, bars: Sequence[Bar]) -> None:
        self._bars = tuple(bars)
        values = [b.value for b in self._bars if b.value is not None]
        self._range = axis_range(values, from_one=self._unit == "count")
        self.updateGeometry()
        self.update()

    def bars(self) -> tuple[Bar, ...]:
        return self._bars

    def fraction(self, index: int) -> float:
        """How far along the axis bar `index` reaches, from 0 to 1."""
        value = self._bars[index].value
        if not value or value <= 0:
            return 0.0
        low, high = self._range
        return min(1.0, max(0.0, (math.log2(value) - low) / (high - low)))

    def tick_ratio(self) -> int:
        """How many times larger each grid line is than the one before."""
        exponents = self._tick_exponents()
        return 2 ** (exponents[1] - exponents[0]) if len(exponents) > 1 else 2

    def natural_label_width(self) -> int:
        metrics = self.fontMetrics()
        return max((metrics.horizontalAdvance(b.label) for b in self._bars), default=0) + 12

    def set_min_label_width(self, width: int) -> None:
        """Line up the bars of charts stacked one above the other."""
        self._min_label_width = width
        self.update()

    def tick_labels(self) -> list[str]:
        return [power_of_two_label(e, self._unit) for e in self._tick_exponents()]

    def _tick_exponents(self) -> list[int]:
        """Powers of two to mark, as many as fit side by side under the bars."""
        low, high = self._range
        widest = self.fontMetrics().horizontalAdvance(power_of_two_label(high, self._unit))
        fitting = max(2, int(self._bar_area().width() // (widest + 16)))
        step = 1
        while (high - low) // step + 1 > min(fitting, 7):
            step *= 2
        return list(range(high, low - 1, -step))[::-1]  # the axis's end always marked

    def sizeHint(self) -> QSize:
        return QSize(360, self.minimumSizeHint().height())

    def minimumSizeHint(self) -> QSize:
        return QSize(240, len(self._bars) * self.ROW_HEIGHT + self.AXIS_HEIGHT + 4)

    def _label_width(self) -> int:
        return max(self.natural_label_width(), self._min_label_width)

    def _bar_area(self) -> QRectF:
        left = self._label_width()
        right_margin = 24
        return QRectF(left, 2, max(40, self.width() - left - right_margin), 0)

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        text_color = palette.color(QPalette.ColorRole.WindowText)
        muted = QColor(text_color)
        muted.setAlpha(110)
        bar_color = palette.color(QPalette.ColorRole.Highlight)
        track = QColor(text_color)
        track.setAlpha(22)
        area = self._bar_area()
        rows_bottom = len(self._bars) * self.ROW_HEIGHT
        low, high = self._range

        label_start = math.inf
        # From the right, so the largest value keeps its label if space runs out.
        for exponent in reversed(self._tick_exponents()):
            x = area.left() + area.width() * (exponent - low) / (high - low)
            painter.setPen(muted)
            painter.drawLine(int(x), 0, int(x), rows_bottom)
            label = power_of_two_label(exponent, self._unit)
            width = self.fontMetrics().horizontalAdvance(label) + 4
            left = min(x - width / 2, self.width() - width)
            if left + width > label_start - 6:
                continue
            painter.drawText(
                QRectF(left, rows_bottom + 2, width, self.AXIS_HEIGHT),
                Qt.AlignmentFlag.AlignCenter,
                label,
            )
            label_start = left

        for i, bar in enumerate(self._bars):
            top = i * self.ROW_HEIGHT
            painter.setPen(text_color)
            painter.drawText(
                QRectF(0, top, area.left() - 8, self.ROW_HEIGHT),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                bar.label,
            )
            rect = QRectF(area.left(), top + 4, area.width(), self.ROW_HEIGHT - 8)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(track)
            painter.drawRoundedRect(rect, 3, 3)
            filled = QRectF(rect)
            filled.setWidth(max(2.0, rect.width() * self.fraction(i)) if bar.value else 0)
            painter.setBrush(bar_color)
            painter.drawRoundedRect(filled, 3, 3)
            text_width = self.fontMetrics().horizontalAdvance(bar.text) + 12
            if filled.width() >= text_width:
                painter.setPen(palette.color(QPalette.ColorRole.HighlightedText))
                painter.drawText(
                    filled.adjusted(6, 0, -6, 0), Qt.AlignmentFlag.AlignVCenter, bar.text
                )
            else:
                painter.setPen(text_color)
                painter.drawText(
                    rect.adjusted(filled.width() + 6, 0, 0, 0),
                    Qt.AlignmentFlag.AlignVCenter,
                    bar.text,
                )
        painter.end()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            row = int(event.pos().y() // self.ROW_HEIGHT)
            if 0 <= row < len(self._bars) and self._bars[row].tooltip:
                QToolTip.showText(event.globalPos(), self._bars[row].tooltip, self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)


class ComputeUnitsView(QWidget):
    """One square per compute unit, so 4 and 80 look as different as they are."""

    MAX_DRAWN = 64
    CELL = 14

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._units = 0

    def set_units(self, units: int) -> None:
        self._units = max(0, units)
        self.updateGeometry()
        self.update()

    def units(self) -> int:
        return self._units

    def _columns(self) -> int:
        return max(1, min(16, (self.width() - 4) // (self.CELL + 3)))

    def sizeHint(self) -> QSize:
        return self.minimumSizeHint()

    def minimumSizeHint(self) -> QSize:
        drawn = min(self._units, self.MAX_DRAWN) or 1
        rows = math.ceil(drawn / 16)
        return QSize(120, rows * (self.CELL + 3) + (18 if self._units > self.MAX_DRAWN else 4))

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        columns = max(1, min(16, (width - 4) // (self.CELL + 3)))
        drawn = min(self._units, self.MAX_DRAWN) or 1
        extra = 18 if self._units > self.MAX_DRAWN else 4
        return math.ceil(drawn / columns) * (self.CELL + 3) + extra

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        color = self.palette().color(QPalette.ColorRole.Highlight)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(color)
        columns = self._columns()
        drawn = min(self._units, self.MAX_DRAWN)
        for i in range(drawn):
            row, col = divmod(i, columns)
            painter.drawRoundedRect(
                QRectF(2 + col * (self.CELL + 3), 2 + row * (self.CELL + 3), self.CELL, self.CELL),
                2,
                2,
            )
        if self._units > drawn:
            painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
            rows = math.ceil(drawn / columns)
            painter.drawText(
                QRectF(2, rows * (self.CELL + 3), self.width(), 16),
                Qt.AlignmentFlag.AlignLeft,
                self.tr("… and {count} more").format(count=self._units - drawn),
            )
        painter.end()


def largest_square_group(max_group: int, sizes: Sequence[int], dims: int) -> int:
    """Largest power of two s such that an s×s(×s) work-group fits every limit."""
    side = 1
    while (side * 2) ** dims <= max_group and all(side * 2 <= n for n in sizes[:dims]):
        side *= 2
    return side
