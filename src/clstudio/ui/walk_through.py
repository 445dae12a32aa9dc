"""A lesson told as numbered steps, a heading and a paragraph each, in a dialog beside the
window: Help > Debugging the reduction and Help > Memory traffic are two of them."""

from __future__ import annotations

import html
from typing import ClassVar

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget


class WalkThrough(QDialog):
    """The walk-through, readable top to bottom beside the window. A lesson is a subclass
    that names its translation context, its title and its steps (heading, paragraph)."""

    CONTEXT: ClassVar[str]
    TITLE: ClassVar[str]
    STEPS: ClassVar[tuple[tuple[str, str], ...]]

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self._tr(self.TITLE))
        self.resize(720, 600)
        self.text = QTextBrowser()
        self.text.setHtml(self.html())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)

    @classmethod
    def _tr(cls, text: str) -> str:
        return QCoreApplication.translate(cls.CONTEXT, text)

    @classmethod
    def html(cls) -> str:
        parts = [f"<h2>{html.escape(cls._tr(cls.TITLE))}</h2>"]
        for number, (heading, text) in enumerate(cls.STEPS, start=1):
            parts.append(f"<h3>{number}. {html.escape(cls._tr(heading))}</h3>")
            parts.append(f"<p>{html.escape(cls._tr(text))}</p>")
        return "\n".join(parts)
