"""How each status looks in the list: a mark that reads without colour, and a colour."""

from __future__ import annotations

from PySide6.QtGui import QColor

from clstudio.exercises import FAILING, FAST_ENOUGH, NOT_STARTED, PASSING
from clstudio.exercises.grading_text import status_name

MARKS = {NOT_STARTED: "○", FAILING: "✗", PASSING: "✓", FAST_ENOUGH: "★"}
# Mid-tone colours that read on the light and the dark palette alike.
COLOURS = {
    NOT_STARTED: QColor(128, 128, 128),
    FAILING: QColor(215, 70, 60),
    PASSING: QColor(60, 160, 90),
    FAST_ENOUGH: QColor(215, 150, 30),
}


def status_text(status: str) -> str:
    return f"{MARKS[status]} {status_name(status)}"
