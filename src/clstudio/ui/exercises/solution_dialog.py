"""The reference solution of an exercise, read-only, in a window of its own."""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPlainTextEdit, QVBoxLayout, QWidget

from clstudio.exercises import Exercise, Variant


class SolutionDialog(QDialog):
    """Beside the editor, not in it: the learner's own kernel stays as it is."""

    def __init__(
        self, exercise: Exercise, variant: Variant | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        if variant is None:
            self.setWindowTitle(
                self.tr("Reference solution: {exercise}").format(exercise=exercise.title)
            )
        else:
            self.setWindowTitle(
                self.tr("Reference solution: {exercise} ({variant})").format(
                    exercise=exercise.title, variant=variant.title
                )
            )
        self.setObjectName("solutionDialog")
        self.text = QPlainTextEdit(exercise.solution if variant is None else variant.solution)
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.resize(720, 560)
