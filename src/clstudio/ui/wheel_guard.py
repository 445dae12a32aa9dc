"""The mouse wheel scrolls a pane; it edits a combo box or spin box only once it has focus.

Qt lets the wheel change any combo box or spin box under the pointer, so scrolling
the Arguments form over "zeros" turned c into "a .npy file". Each scrolling pane guards
its fields once they exist (the Arguments form, Timings' numbers, the Debug dock, the
side docks' VerticalScrollArea), and again after making new ones (the form after each
kernel). (A filter on the whole application, or on every field of the window, sees
events of objects half destroyed, and PySide then crashed.)
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractScrollArea, QAbstractSpinBox, QComboBox, QWidget

GUARDED = (QComboBox, QAbstractSpinBox)


def scrolling_pane(field: QWidget) -> QAbstractScrollArea | None:
    """The nearest scroll area whose viewport holds `field`, or None."""
    child, parent = field, field.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea) and child is parent.viewport():
            return parent
        child, parent = parent, parent.parentWidget()
    return None


class WheelGuard(QObject):
    """Passes the wheel over an unfocused field to the pane it scrolls in (if any)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        wheel = event.type() == QEvent.Type.Wheel
        if wheel and isinstance(watched, GUARDED) and not watched.hasFocus():
            pane = scrolling_pane(watched)
            if pane is not None:
                QCoreApplication.sendEvent(pane.viewport(), event)
            return True
        return False


def guard_wheel(root: QWidget) -> None:
    """Guard every combo box and spin box in `root` now; call again after adding fields."""
    found = root.findChild(WheelGuard, "", Qt.FindChildOption.FindDirectChildrenOnly)
    guard = found if isinstance(found, WheelGuard) else WheelGuard(root)
    for kind in GUARDED:
        for field in root.findChildren(kind):
            # The wheel would otherwise focus the field first (Qt.WheelFocus), then edit it.
            field.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            field.removeEventFilter(guard)
            field.installEventFilter(guard)
