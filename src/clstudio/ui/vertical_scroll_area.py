"""A scroll area that scrolls up and down only, as wide as the panel it holds needs.

A side dock that scrolls its panel no longer holds the window to the panel's minimum
height (the Exercises dock's kept Results from growing); but a plain
QScrollArea also forgets the panel's minimum width, and the dock then cut it at the
right edge. This one asks for the panel's width, as the panel did itself.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

from clstudio.ui.wheel_guard import guard_wheel


class VerticalScrollArea(QScrollArea):
    def __init__(self, panel: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWidget(panel)
        guard_wheel(self)  # scrolling the panel never edits its combo boxes and spin boxes

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The panel's minimum width changes as it fills (a device tree, longer names):
        # the dock must hear of it, as it did when it held the panel itself.
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return super().eventFilter(watched, event)

    def minimumSizeHint(self) -> QSize:
        panel = self.widget()
        hint = super().minimumSizeHint()
        if panel is None:
            return hint
        width = panel.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width()
        return QSize(max(width, hint.width()), hint.height())
