"""The mouse wheel scrolls a pane; it edits a combo box or spin box only once it has focus.

Qt lets the wheel change any combo box or spin box under the pointer, so scrolling
the Arguments form over "zeros" turned c into "a .npy file". A scrolling pane calls
`guard_wheel` once its fields exist. (A filter on the whole application would see every
event, and PySide then crashed on objects half destroyed.)
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractScrollArea, QAbstractSpinBox, QComboBox

GUARDED = (QComboBox, QAbstractSpinBox)


class WheelGuard(QObject):
    """Passes the wheel over an unfocused field to the pane it scrolls in."""

    def __init__(self, pane: QAbstractScrollArea) -> None:
        super().__init__(pane)
        self._pane = pane

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        wheel = event.type() == QEvent.Type.Wheel
        if wheel and isinstance(watched, GUARDED) and not watched.hasFocus():
            QCoreApplication.sendEvent(self._pane.viewport(), event)
            return True
        return False


def guard_wheel(pane: QAbstractScrollArea) -> None:
    """Guard every combo box and spin box in `pane` now; call again after adding fields."""
    guard = pane.findChild(WheelGuard) or WheelGuard(pane)
    for kind in GUARDED:
        for field in pane.findChildren(kind):
            # The wheel would otherwise focus the field first (Qt.WheelFocus), then edit it.
            field.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            field.removeEventFilter(guard)
            field.installEventFilter(guard)
