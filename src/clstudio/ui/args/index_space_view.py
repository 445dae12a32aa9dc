"""A picture of the index space: its work-groups, and the part of the last one that is empty."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from clstudio.ui.layouts import vbox
from clstudio.validation import IndexSpace, summary

MAX_COLUMNS = 16  # groups drawn along x; more are shown as the first ones, "…", the last
MAX_ROWS = 6
PARTIAL = QColor(224, 150, 40)  # amber reads on light and dark palettes alike
_CAPTION = 16  # pixels under the groups for the axis names


def shown_groups(count: int, most: int) -> list[int | None]:
    """Which groups to draw: all of them, or the first ones, None for a gap, and the last."""
    if count <= most:
        return list(range(count))
    return [*range(most - 2), None, count - 1]


class IndexSpacePicture(QWidget):
    """Work-groups as cells; the empty part of a partial last group is hatched in amber."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._space = IndexSpace((1,))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_space(self, space: IndexSpace) -> None:
        self._space = space
        self.setFixedHeight(self.sizeHint().height())
        self.update()

    def sizeHint(self) -> QSize:
        flat = len(self._space.global_size) == 1 or self._space.local_size is None
        return QSize(360, (34 if flat else 110) + _CAPTION + 4)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        area = QRectF(self.rect()).adjusted(2, 2, -2, -2 - _CAPTION)
        space = self._space
        if space.local_size is None:
            self._paint_auto(painter, area)
        else:
            self._paint_groups(painter, area, space)
        self._paint_caption(painter, area)
        painter.end()

    def _colors(self) -> tuple[QColor, QColor, QColor]:
        palette = self.palette()
        fill = QColor(palette.highlight().color())
        fill.setAlpha(110)
        return fill, palette.highlight().color().darker(130), palette.text().color()

    def _paint_auto(self, painter: QPainter, area: QRectF) -> None:
        fill, border, text = self._colors()
        painter.setPen(QPen(border, 1, Qt.PenStyle.DashLine))
        painter.setBrush(fill)
        painter.drawRoundedRect(area, 4, 4)
        painter.setPen(text)
        painter.drawText(
            area, Qt.AlignmentFlag.AlignCenter, self.tr("groups chosen by the implementation")
        )

    def _paint_groups(self, painter: QPainter, area: QRectF, space: IndexSpace) -> None:
        fill, border, text = self._colors()
        groups, last, local = space.groups, space.last_group, space.local_size
        assert groups is not None and last is not None and local is not None
        columns = shown_groups(groups[0], MAX_COLUMNS)
        rows = shown_groups(groups[1], MAX_ROWS) if len(groups) > 1 else [0]
        width = area.width() / len(columns)
        height = min(area.height() / len(rows), width if len(rows) > 1 else area.height())
        top = area.top() + (area.height() - height * len(rows)) / 2
        partial = space.partial_dims
        for r, row in enumerate(rows):
            for c, column in enumerate(columns):
                cell = QRectF(area.left() + c * width, top + r * height, width, height)
                cell = cell.adjusted(1.5, 1.5, -1.5, -1.5)
                if row is None or column is None:
                    # One mark per gap: "…" along the gap column, "⋮" at the gap row's ends.
                    gap = "…" if row is not None else "⋮" if c in (0, len(columns) - 1) else ""
                    painter.setPen(text)
                    painter.drawText(cell, Qt.AlignmentFlag.AlignCenter, gap)
                    continue
                fx = last[0] / local[0] if 0 in partial and column == groups[0] - 1 else 1.0
                fy = 1.0
                if len(groups) > 1 and 1 in partial and row == groups[1] - 1:
                    fy = last[1] / local[1]
                self._paint_cell(painter, cell, fx, fy, fill, border)

    def _paint_cell(
        self, painter: QPainter, cell: QRectF, fx: float, fy: float, fill: QColor, border: QColor
    ) -> None:
        if fx < 1 or fy < 1:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(PARTIAL, Qt.BrushStyle.BDiagPattern))
            painter.drawRect(cell)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawRect(QRectF(cell.left(), cell.top(), cell.width() * fx, cell.height() * fy))
        painter.setPen(QPen(PARTIAL if fx < 1 or fy < 1 else border, 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(cell)

    def _paint_caption(self, painter: QPainter, area: QRectF) -> None:
        space = self._space
        caption = QRectF(area.left(), area.bottom() + 2, area.width(), _CAPTION)
        painter.setPen(self.palette().placeholderText().color())
        rows = len(space.global_size) > 1 and space.local_size is not None
        if len(space.global_size) > 2:
            layers = space.groups[2] if space.groups is not None else space.global_size[2]
            if rows:
                axes = self.tr(
                    "dimension 0 (x) →,  dimension 1 (y) ↓,  × {layers} along dimension 2 (z)"
                )
            else:
                axes = self.tr("dimension 0 (x) →,  × {layers} along dimension 2 (z)")
            axes = axes.format(layers=layers)
        elif rows:
            axes = self.tr("dimension 0 (x) →,  dimension 1 (y) ↓")
        else:
            axes = self.tr("dimension 0 (x) →")
        painter.drawText(caption, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, axes)
        if space.partial_dims:
            painter.setPen(PARTIAL)
            painter.drawText(
                caption,
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                self.tr("▨ partial"),
            )


class IndexSpaceView(QWidget):
    """The picture and its one-line summary: `1000 work-items in 16 groups of 64; ...`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.picture = IndexSpacePicture()
        self.summary = QLabel()
        self.summary.setObjectName("indexSpaceSummary")
        self.summary.setWordWrap(True)
        vbox(self.picture, self.summary, parent=self, margins=0).setSpacing(2)
        self.set_space(IndexSpace((1,)))

    def set_space(self, space: IndexSpace) -> None:
        self.picture.set_space(space)
        self.summary.setText(summary(space))

    def summary_text(self) -> str:
        return self.summary.text()
