"""Colours of the editor, one set for a light palette and one for a dark palette.

The editor follows the application palette (the theme controller swaps it), so these are
picked by the palette's window lightness, not by a setting of their own.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QPalette


@dataclass(frozen=True)
class EditorColors:
    keyword: str
    qualifier: str
    type: str
    builtin: str
    constant: str
    number: str
    string: str
    comment: str
    preprocessor: str
    current_line: str
    bracket_match: str
    bracket_mismatch: str
    gutter_background: str
    gutter_text: str
    gutter_current_text: str
    error: str
    warning: str
    note: str
    breakpoint: str  # the dot in the gutter
    paused_line: str  # the line where the debugger has paused the work-item

    def severity(self, severity: str) -> QColor:
        """The colour of a diagnostic's squiggle, marker and icon."""
        return QColor({"error": self.error, "warning": self.warning}.get(severity, self.note))


LIGHT = EditorColors(
    keyword="#0033b3",
    qualifier="#871094",
    type="#00627a",
    builtin="#795e26",
    constant="#1750eb",
    number="#1750eb",
    string="#067d17",
    comment="#8c8c8c",
    preprocessor="#9e880d",
    current_line="#eef3fb",
    bracket_match="#c9dcf5",
    bracket_mismatch="#f6c6c6",
    gutter_background="#f4f4f4",
    gutter_text="#9a9a9a",
    gutter_current_text="#1e1e1e",
    error="#d32f2f",
    warning="#c77c00",
    note="#1f6fd0",
    breakpoint="#d32f2f",
    paused_line="#fff1a8",
)

DARK = EditorColors(
    keyword="#569cd6",
    qualifier="#c586c0",
    type="#4ec9b0",
    builtin="#dcdcaa",
    constant="#4fc1ff",
    number="#b5cea8",
    string="#ce9178",
    comment="#6a9955",
    preprocessor="#a0a0d8",
    current_line="#2a2d35",
    bracket_match="#3b4f6b",
    bracket_mismatch="#6b2f2f",
    gutter_background="#1b1b1e",
    gutter_text="#6e6e6e",
    gutter_current_text="#e6e6e6",
    error="#f14c4c",
    warning="#e0a82e",
    note="#4fa3f7",
    breakpoint="#f14c4c",
    paused_line="#4b4620",
)


def colors_for(palette: QPalette) -> EditorColors:
    """DARK when the palette's window is dark, LIGHT otherwise."""
    return DARK if palette.color(QPalette.ColorRole.Window).lightness() < 128 else LIGHT
