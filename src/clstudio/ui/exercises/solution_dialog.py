"""The reference solution of an exercise, read-only, in a window of its own."""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPlainTextEdit, QVBoxLayout, QWidget

from clstudio.exercises import Exercise


class SolutionDialog(QDialog):
    """Beside the editor, not in it: the learner's own kernel stays as it is."""

    def __init__(self, exercise: Exercise, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Reference solution: {exercise.title}")
        self.setObjectName("solutionDialog")
        self.text = QPlainTextEdit(exercise.solution)
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.resize(720, 560)
