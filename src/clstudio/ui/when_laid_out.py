"""Run something once the layout has settled after a resize asked for just now.

A dock resized by resizeDocks, and the pages inside it, take their new sizes one turn of
the event loop later, and the widgets laid out by that take theirs one turn after: a
size read sooner is the old one.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QObject, QTimer


def when_laid_out(owner: QObject, then: Callable[[], None]) -> None:
    """Call `then` two turns of the event loop from now, unless `owner` is gone by then."""
    QTimer.singleShot(0, owner, partial(QTimer.singleShot, 0, owner, then))
