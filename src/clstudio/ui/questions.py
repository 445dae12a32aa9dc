"""A question answered Yes or not, asked before the window restores, replaces or reveals
something: one call instead of a QMessageBox.question and its buttons at each place."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget

Button = QMessageBox.StandardButton


def agrees(
    parent: QWidget,
    title: str,
    text: str,
    refuse: Button = Button.No,
    *,
    default_yes: bool = False,
) -> bool:
    """Whether the user answered Yes; `refuse` is the other button, the default unless
    `default_yes`."""
    default = Button.Yes if default_yes else refuse
    return QMessageBox.question(parent, title, text, Button.Yes | refuse, default) == Button.Yes
