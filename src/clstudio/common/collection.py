"""Python's cyclic collector, resumed after a start that paused it (clstudio.__main__)."""

from __future__ import annotations

import gc


def resume_collection() -> None:
    """Collect again, if the start paused collection; what the start made is frozen first
    (gc.freeze): its modules, classes and tables live as long as the process, and later
    collections need not walk them. When nothing paused it, nothing changes."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()
