"""A strip that says, in words, at which stage a run stopped and why."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStyle,
    QWidget,
)

from clstudio.common import RunError
from clstudio.ui.error_text import error_text
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

CHECK_OFFER = QT_TRANSLATE_NOOP(
    "ErrorBanner",
    "Check mode (Run > Check) runs the kernel once on the Oclgrind simulator, which names "
    "the line of an out-of-bounds access, a data race, a barrier only some work-items "
    "reach, or an uninitialised value.",
)


class ErrorBanner(QFrame):
    """Hidden while there is no error; set_error shows one, set_error(None) hides it.

    A crash is what check mode explains, so its banner offers "Check this kernel".
    """

    checkRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("errorBanner")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._icon = QLabel()
        self._text = QLabel()
        self._text.setObjectName("errorBannerText")
        self._text.setWordWrap(True)
        # Never squeezed by the plots below it: a cut second line hides the advice.
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self._text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        self.check_button = QPushButton(self.tr("Check this kernel"))
        self.check_button.setToolTip(self.tr(CHECK_OFFER))
        self.check_button.clicked.connect(self.checkRequested)
        self.check_button.setVisible(False)
        layout.addWidget(self._icon, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self._text, 1)
        layout.addWidget(self.check_button, 0, Qt.AlignmentFlag.AlignTop)
        self.setVisible(False)

    def text(self) -> str:
        return self._text.text()

    def set_error(self, error: RunError | None) -> None:
        if error is None:
            self._text.clear()
            self.setVisible(False)
            return
        stopped = error.stage == "cancelled"
        icon = (
            QStyle.StandardPixmap.SP_MessageBoxInformation
            if stopped
            else QStyle.StandardPixmap.SP_MessageBoxWarning
        )
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize)
        self._icon.setPixmap(self.style().standardIcon(icon).pixmap(size, size))
        # Translucent tints read on light and dark palettes alike.
        tint = "rgba(230, 160, 40, 45)" if stopped else "rgba(220, 60, 50, 45)"
        edge = "rgba(230, 160, 40, 160)" if stopped else "rgba(220, 60, 50, 160)"
        self.setStyleSheet(
            f"QFrame#errorBanner {{ background: {tint}; border: 1px solid {edge}; "
            "border-radius: 4px; }"
        )
        crashed = error.stage == "crash"
        self._text.setText(error_text(error) + (f"\n{self.tr(CHECK_OFFER)}" if crashed else ""))
        self.check_button.setVisible(crashed)
        self.setVisible(True)
