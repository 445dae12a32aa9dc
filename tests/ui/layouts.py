"""Layouts done now, so that a test reads the widths the user will see, whatever the load."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication


def settle_layouts() -> None:
    """Run every layout that a change of text, font or size has asked for.

    Qt lays a widget out when it delivers the LayoutRequest event that the change posted, and
    each layout may post more (a form's new minimum size asks its scroll area, the scroll
    area its dock). A test that read a width at once read the old layout when a loaded
    machine delivered them late, and one that waited had a time limit a loaded machine
    could pass. Delivered here, in the test's thread, every pending one runs before the
    test reads, newly posted ones included; no clock is involved.
    """
    QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
