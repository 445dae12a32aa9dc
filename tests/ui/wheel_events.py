"""The mouse wheel as a user turns it over a widget, for the tests of the wheel guard."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QWidget


def wheel(widget: QWidget, notches: int = -1) -> None:
    """Turn the wheel over the middle of `widget`: negative notches towards the user."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(
        centre,
        QPointF(widget.mapToGlobal(centre.toPoint())),
        QPoint(0, 0),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def wheel_down(widget: QWidget) -> None:
    """One notch of the wheel, towards the user, over the middle of `widget`."""
    wheel(widget, -1)
