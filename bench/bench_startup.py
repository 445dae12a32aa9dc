"""Startup: from launching the app to its first painted window, against a bare Qt start.

The baseline, in the same run, is a process that imports PySide6, pyqtgraph and
pyopencl and creates a QApplication: what any Qt + OpenCL tool pays before it
shows anything. The app is the `clstudio` command itself, run as `python -m clstudio`
runs it (its parser, its collector paused, the app). Both are timed by this process
from the launch of the child to the line the child prints (the app's at its main
window's first paint event).
The app's own settings and data go to a temporary folder, so no last session
or recovery offer changes what is measured. Both start from compiled bytecode, as an
installed app does (a first launch of each fills a private cache). Target: at most
1.2 times, over 9 alternated pairs (the note gives each pair's ratio).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from results_table import Metric, report

REPEATS = 9  # alternated pairs
BASELINE = """
import PySide6.QtWidgets, pyqtgraph, pyopencl
app = PySide6.QtWidgets.QApplication([])
print("ready", flush=True)
"""
APP = """
import importlib.util, runpy, sys

def watch(app_module):
    # Once clstudio.ui.app has loaded: the window it opens says "ready" at its first paint.
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    class FirstPaint(QObject):
        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Paint:
                print("ready", flush=True)
                QTimer.singleShot(0, QApplication.instance().quit)
                watched.removeEventFilter(self)
            return False

    opened = app_module.open_main_window

    def open_main_window(*args, **kwargs):
        window = opened(*args, **kwargs)
        window.painted_filter = FirstPaint(window)
        window.installEventFilter(window.painted_filter)
        return window

    app_module.open_main_window = open_main_window

class Watcher:
    def find_spec(self, name, path=None, target=None):
        if name != "clstudio.ui.app":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        run = spec.loader.exec_module
        def exec_module(module):
            run(module)
            watch(module)
        spec.loader.exec_module = exec_module
        return spec

sys.meta_path.insert(0, Watcher())
sys.argv = ["clstudio"]
runpy.run_module("clstudio", run_name="__main__")
"""


def time_to_ready(code: str, folder: str) -> float:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "CLSTUDIO_DATA_DIR": folder,
        "XDG_CONFIG_HOME": folder,
        "XDG_DATA_HOME": folder,
        "XDG_CACHE_HOME": folder,  # the code of dataclasses' methods, kept by the first launch
        # An installed app starts from compiled bytecode; these sessions run with
        # PYTHONDONTWRITEBYTECODE=1, which made every start compile each module again.
        "PYTHONPYCACHEPREFIX": str(Path(folder) / "pycache"),
    }
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    started = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", code],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    ready = time.perf_counter() - started
    child.wait(timeout=60)
    assert line.strip() == "ready", f"the child did not get ready: {line!r}"
    return ready


def main() -> None:
    baseline, app = [], []
    with tempfile.TemporaryDirectory(prefix="clstudio-bench-startup-") as folder:
        time_to_ready(APP, folder)  # warm the file cache and the bytecode for both
        time_to_ready(BASELINE, folder)
        for _ in range(REPEATS):  # interleaved: both see the same moments of a noisy machine
            baseline.append(time_to_ready(BASELINE, folder))
            app.append(time_to_ready(APP, folder))
    ratios = sorted(a / b for a, b in zip(app, baseline, strict=True))
    spread = ", ".join(f"{r:.2f}" for r in ratios)
    report(
        "startup",
        [
            Metric(
                "launch to first painted window",
                statistics.median(app),
                "s",
                statistics.median(baseline),
                1.2,
                f"medians of {REPEATS} alternated pairs; the pairs' ratios: {spread}; "
                "baseline: PySide6 + pyqtgraph + pyopencl, QApplication",
            )
        ],
        pair_ratios=ratios,
    )


if __name__ == "__main__":
    main()
