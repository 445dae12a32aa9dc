"""The bar above the source: the kernel, the build options, Live and Build.

At 1280 x 800 the editor's column is about 550 px wide, too narrow for the kernel's whole
label and a readable options field side by side: the bar then puts the options on a row
of their own rather than cutting either ("matmul_tiled (6 arg", "E=16").
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QWidget

OPTIONS_CHARACTERS = 24  # the options field shows at least this many, e.g. "-cl-std=CL2.0 -D N=256"


class EditorBar(QWidget):
    """One row when it fits, else the kernel with Live and Build over the options."""

    def __init__(
        self,
        kernel: tuple[QLabel, QWidget],
        options: tuple[QLabel, QWidget],
        buttons: tuple[QWidget, ...],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._kernel = self._pair(*kernel)
        self._options = self._pair(*options, stretch=True)
        self._buttons = QWidget()
        row = QHBoxLayout(self._buttons)
        row.setContentsMargins(0, 0, 0, 0)
        for button in buttons:
            row.addWidget(button)
        field = options[1]
        field.setMinimumWidth(field.fontMetrics().averageCharWidth() * OPTIONS_CHARACTERS)
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(6, 4, 6, 4)
        self._grid.setHorizontalSpacing(18)
        self._grid.setVerticalSpacing(4)
        self._wrapped: bool | None = None
        self._place(wrapped=False)

    def is_wrapped(self) -> bool:
        return bool(self._wrapped)

    def minimumSizeHint(self) -> QSize:
        """The wrapped bar's: the one-row layout's minimum would hold the editor's column
        (and the docks beside it) wider than the wrapped bar needs, and keep it one row."""
        margins = self._grid.contentsMargins()
        top = self._kernel.minimumSizeHint().width() + self._grid.horizontalSpacing()
        top += self._buttons.minimumSizeHint().width()
        width = max(top, self._options.minimumSizeHint().width())
        return QSize(width + margins.left() + margins.right(), super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place(event.size().width() < self._one_row_width())

    def _one_row_width(self) -> int:
        margins = self._grid.contentsMargins()
        parts = (self._kernel, self._options, self._buttons)
        widths = sum(part.sizeHint().width() for part in parts)
        gaps = self._grid.horizontalSpacing() * (len(parts) - 1)
        return widths + gaps + margins.left() + margins.right()

    def _place(self, wrapped: bool) -> None:
        if wrapped == self._wrapped:
            return
        self._wrapped = wrapped
        for part in (self._kernel, self._options, self._buttons):
            self._grid.removeWidget(part)
        self._grid.addWidget(self._kernel, 0, 0)
        if wrapped:
            self._grid.addWidget(self._buttons, 0, 2)
            self._grid.addWidget(self._options, 1, 0, 1, 3)
        else:
            self._grid.addWidget(self._options, 0, 1)
            self._grid.addWidget(self._buttons, 0, 2)
        for column in range(3):
            self._grid.setColumnStretch(column, 0)
        self._grid.setColumnStretch(1, 1)

    @staticmethod
    def _pair(label: QLabel, field: QWidget, stretch: bool = False) -> QWidget:
        holder = QWidget()
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(label)
        row.addWidget(field, 1 if stretch else 0)
        return holder
