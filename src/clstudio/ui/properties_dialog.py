"""File > Properties: the session's title (its source's opening comment) and description."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QWidget


class PropertiesDialog(QDialog):
    """`propertiesChosen(title, description)` on OK; the window decides what follows."""

    propertiesChosen = Signal(str, str)

    def __init__(self, title: str, description: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Session properties"))
        self.title = QLineEdit(title)
        self.title.setObjectName("propertiesTitle")
        self.title.setPlaceholderText(self.tr("Vector add, my version"))
        self.title.setToolTip(self.tr("The first line of the comment that opens the kernel source"))
        self.description = QLineEdit(description)
        self.description.setObjectName("propertiesDescription")
        self.description.setPlaceholderText(self.tr("What this kernel does, in one line"))
        self.description.setMinimumWidth(self.fontMetrics().horizontalAdvance("x" * 60))
        note = QLabel(
            self.tr(
                "The title is the source's first comment line; "
                "the description is saved in the session."
            )
        )
        note.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self._on_buttons_accepted)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(self.tr("Title"), self.title)
        form.addRow(self.tr("Description"), self.description)
        form.addRow(note)
        form.addRow(self.buttons)

    def _on_buttons_accepted(self) -> None:
        self.propertiesChosen.emit(self.title.text().strip(), self.description.text().strip())
        self.accept()
