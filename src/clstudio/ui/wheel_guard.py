"""The mouse wheel scrolls a pane; it edits a combo box or spin box only once it has focus.

Qt lets the wheel change any combo box or spin box under the pointer, so scrolling
the Arguments form over "zeros" turned c into "a .npy file". One filter on the
application covers every such field in every scrolling pane, made now or later.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractScrollArea, QAbstractSpinBox, QComboBox, QWidget

GUARDED = (QComboBox, QAbstractSpinBox)


class WheelGuard(QObject):
    """Gives guarded fields focus by click or Tab only, and passes their wheel to the pane."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Polish and isinstance(watched, GUARDED):
            # The wheel would otherwise focus the field first (Qt.WheelFocus), then edit it.
            if watched.focusPolicy() == Qt.FocusPolicy.WheelFocus:
                watched.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        elif kind == QEvent.Type.Wheel and isinstance(watched, GUARDED):
            pane = _scrolling_pane(watched)
            if pane is not None and not watched.hasFocus():
                QCoreApplication.sendEvent(pane.viewport(), event)
                return True
        return False


def install_wheel_guard(app: QCoreApplication) -> None:
    """Install the one guard on `app`; a second call changes nothing."""
    if app.findChild(WheelGuard) is None:
        app.installEventFilter(WheelGuard(app))


def _scrolling_pane(widget: QWidget) -> QAbstractScrollArea | None:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            return parent
        parent = parent.parentWidget()
    return None
