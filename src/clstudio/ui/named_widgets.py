"""A button or a label made in one call with what tells it apart: its tip, and the object
name the style sheet and the tests find it by."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QPushButton


def push_button(text: str, tip: str = "", name: str = "") -> QPushButton:
    made = QPushButton(text)
    made.setToolTip(tip)
    made.setObjectName(name)
    return made


def text_label(name: str, text: str = "", *, wrap: bool = False) -> QLabel:
    made = QLabel(text)
    made.setObjectName(name)
    made.setWordWrap(wrap)
    return made
