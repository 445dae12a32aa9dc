"""A button or a label made in one call with what tells it apart: its tip, the object name
the style sheet and the tests find it by, and what it does or how it shows text."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, SignalInstance
from PySide6.QtWidgets import QLabel, QPushButton


def push_button(
    text: str,
    tip: str = "",
    name: str = "",
    *,
    clicked: Callable[[], object] | SignalInstance | None = None,
    hidden: bool = False,
) -> QPushButton:
    """`clicked` is the slot or signal a click reaches; `hidden` waits for `setVisible`."""
    made = QPushButton(text)
    made.setToolTip(tip)
    made.setObjectName(name)
    if clicked is not None:
        made.clicked.connect(clicked)
    if hidden:
        made.setVisible(False)
    return made


def text_label(
    name: str, text: str = "", *, wrap: bool = False, selectable: bool = False
) -> QLabel:
    """`selectable` lets the mouse select the text, to copy a verdict or a figure."""
    made = QLabel(text)
    made.setObjectName(name)
    made.setWordWrap(wrap)
    if selectable:
        made.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return made
