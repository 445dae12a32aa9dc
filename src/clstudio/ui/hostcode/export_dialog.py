"""File > Export host code…: the language (or both at once) and a folder, new or not.

A folder typed here need not exist: the export creates it. QFileDialog's folder picker
can only choose folders that exist, so it is the Browse… button's helper, not the dialog.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clstudio.hostcode import BOTH
from clstudio.ui.hostcode.host_code_panel import LANGUAGE_NAMES


class ExportDialog(QDialog):
    """chosen_language() is "python", "c" or BOTH; chosen_folder() the folder to write."""

    def __init__(self, language: str, start: Path | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Export host code"))
        self.language = QComboBox()
        for key, name in LANGUAGE_NAMES.items():
            self.language.addItem(name, key)
        self.language.addItem(self.tr("Python and C (into python/ and c/)"), BOTH)
        self.language.setCurrentIndex(max(0, self.language.findData(language)))
        self.folder = QLineEdit(str(start) if start else "")
        self.folder.setMinimumWidth(360)
        self.folder.setPlaceholderText(self.tr("a folder; a new one is created"))
        self.browse = QPushButton(self.tr("Browse…"))
        self.browse.clicked.connect(self._on_browse_clicked)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.folder.textChanged.connect(self._on_folder_text_changed)
        self._on_folder_text_changed(self.folder.text())

        where = QHBoxLayout()
        where.addWidget(self.folder, 1)
        where.addWidget(self.browse)
        form = QFormLayout()
        form.addRow(self.tr("Write the host program in:"), self.language)
        form.addRow(self.tr("Into the folder:"), where)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)

    def chosen_language(self) -> str:
        return str(self.language.currentData())

    def chosen_folder(self) -> Path:
        return Path(self.folder.text().strip()).expanduser()

    def _on_folder_text_changed(self, text: str) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(text.strip()))

    def _on_browse_clicked(self) -> None:
        chosen = QFileDialog.getExistingDirectory(
            self, self.tr("Export host code into folder"), self.folder.text()
        )
        if chosen:
            self.folder.setText(chosen)
