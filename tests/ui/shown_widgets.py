"""A widget under test, shown at a size where it lays out and draws."""

from typing import TypeVar

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

W = TypeVar("W", bound=QWidget)


def shown(qtbot: QtBot, widget: W, width: int = 0, height: int = 0, exposed: bool = False) -> W:
    """`widget`, closed by qtbot after the test, resized (when a size is given) and shown
    (and waited for on screen with `exposed`, for what draws only once it is)."""
    qtbot.addWidget(widget)
    if width and height:
        widget.resize(width, height)
    widget.show()
    if exposed:
        qtbot.waitExposed(widget)
    return widget
