"""The kernel picker of the Roofline and Local size tabs, for programs of several kernels."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QComboBox, QLabel


class ProgramKernelChoice(QComboBox):
    """A program's kernels, shown with its label only when there are several to pick from."""

    def __init__(self, label: QLabel, object_name: str, tooltip: str) -> None:
        super().__init__()
        self.label = label
        self.setObjectName(object_name)
        self.setToolTip(tooltip)
        self.set_kernels([])

    def set_kernels(self, kernels: list[str]) -> None:
        """Keeps the kernel picked before if the program still launches it; says nothing."""
        chosen = self.currentText()
        with QSignalBlocker(self):
            self.clear()
            self.addItems(kernels)
            if chosen in kernels:
                self.setCurrentText(chosen)
        several = len(kernels) > 1
        self.label.setVisible(several)
        self.setVisible(several)

    def chosen(self) -> str | None:
        """The kernel picked, or None when there is only one to pick."""
        return self.currentText() if self.count() > 1 else None
