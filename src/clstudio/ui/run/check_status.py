"""The status bar's part of a check: what it is doing, a busy bar, and Stop."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QToolButton, QWidget


class CheckStatus(QWidget):
    """Hidden until a check starts; shows its stage, then its verdict until the next one."""

    stopRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("checkStatus")
        self.label = QLabel()
        self.bar = QProgressBar()
        self.bar.setMaximumWidth(120)
        self.bar.setTextVisible(False)
        self.stop_button = QToolButton()
        self.stop_button.setText(self.tr("Stop check"))
        self.stop_button.setToolTip(self.tr("Stop the check: its worker is stopped and restarted"))
        self.stop_button.clicked.connect(self.stopRequested)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 0, 8, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.bar)
        layout.addWidget(self.stop_button)
        self._kernel = ""
        self.hide()

    def show_started(self, kernel: str) -> None:
        self._kernel = kernel
        self.label.setText(
            self.tr("Checking {kernel} on Oclgrind: starting the simulator…").format(kernel=kernel)
        )
        self.bar.setRange(0, 0)  # busy: a check is one launch, its length unknown
        self.bar.show()
        self.stop_button.show()
        self.show()

    def show_progress(self, done: int, total: int) -> None:
        if done >= total:
            text = self.tr("Checking {kernel} on Oclgrind: reading its reports…")
        else:
            text = self.tr("Checking {kernel} on Oclgrind: simulating the work-items…")
        self.label.setText(text.format(kernel=self._kernel))

    def show_finished(self, verdict: str) -> None:
        self.label.setText(self.tr("Check: {verdict}").format(verdict=verdict))
        self.bar.hide()
        self.stop_button.hide()

    def clear(self) -> None:
        """Another session is shown: the verdict was on the old one."""
        self.label.clear()
        self.hide()
