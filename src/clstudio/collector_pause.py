"""Python's cyclic collector, paused while `clstudio` starts.

A start makes some hundreds of thousands of objects, none of them garbage, and the
collector walked them again and again as they came: 40-60 ms of the app's 600 ms
start (bench/bench_startup.py). This module imports nothing of CL Studio, so that
clstudio.__main__ can pause before anything loads.
"""

from __future__ import annotations

import gc

_paused = False


def pause_collection() -> None:
    """No automatic collection until end_pause."""
    global _paused
    _paused = True
    gc.disable()


def end_pause(collect_automatically: bool) -> None:
    """The start is over: what it made is frozen (gc.freeze), so that later collections
    skip it, and automatic collection comes back if `collect_automatically`.

    The window passes False: while its task lanes exist, its GuiThreadCollector collects
    on the GUI thread (ui/gui_thread_collector.py), and automatic collection on a lane's
    thread would free Qt objects there. Does nothing when nothing paused.
    """
    global _paused
    if not _paused:
        return
    _paused = False
    gc.freeze()
    if collect_automatically:
        gc.enable()
