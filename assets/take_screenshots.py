"""Retake the README's window screenshots, as a learner sees the window on a first start.

Run it on an X server at least as large as the largest shot (Xvfb works), with
ImageMagick's `import`:

    Xvfb :57 -screen 0 1920x1080x24 &
    DISPLAY=:57 .venv/bin/python assets/take_screenshots.py            # every shot
    DISPLAY=:57 .venv/bin/python assets/take_screenshots.py roofline   # the shots named so

Each shot runs in a process of its own, with settings of its own (a first start: no
layout kept), its language and theme; it opens a gallery session, runs it on PoCL,
shows one Results tab and saves the window as assets/NAME.png.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ASSETS = Path(__file__).resolve().parent
KERNELS = ASSETS.parent / "kernels"
RUN_LIMIT_MS = 120_000


@dataclass(frozen=True)
class Shot:
    name: str  # assets/NAME.png
    session: str  # a gallery session, kernels/SESSION.json
    tab: str  # the Results tab to show, by its object name
    language: str = "en"
    theme: str = "light"
    size: tuple[int, int] = (1280, 800)


SHOTS = (
    Shot("screenshot-window", "matmul_tiled", "resultsTimings"),
    Shot("screenshot-window-zh_CN", "matmul_tiled", "resultsRuntimesteps", language="zh_CN"),
    Shot("screenshot-window-dark", "matmul_tiled", "resultsTimings", theme="dark"),
    Shot("screenshot-window-1920", "matmul_tiled", "resultsTimings", size=(1920, 1080)),
    Shot("screenshot-roofline", "matmul_tiled", "resultsRoofline"),
)


def take(shot: Shot) -> None:
    """In this process: the window on a first start, the session run, the tab shown, saved."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication, QWidget

    from clstudio.ui.app import create_application, open_main_window
    from clstudio.ui.language import install_translators
    from clstudio.ui.settings import AppSettings

    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())
    settings = AppSettings()
    settings.set_language(shot.language)
    settings.set_theme(shot.theme)
    app = create_application()
    install_translators(app, shot.language)
    window = open_main_window(KERNELS / f"{shot.session}.json", settings)
    window.setGeometry(0, 0, *shot.size)
    done: list[str] = []
    window.workbench.lastRunChanged.connect(done.append)

    def wait(until: object, limit_ms: int) -> None:
        waited = 0
        while not until() and waited < limit_ms:  # type: ignore[operator]
            app.processEvents()
            QApplication.instance().thread().msleep(20)  # type: ignore[union-attr]
            waited += 20
        if not until():  # type: ignore[operator]
            raise SystemExit(f"{shot.name}: gave up waiting")

    wait(lambda: not window.devices.discovery.is_running(), 30_000)
    wait(lambda: not window.arguments_panel.is_empty(), 30_000)  # built: the form is there
    window.window_actions["run"].trigger()
    wait(lambda: bool(done), RUN_LIMIT_MS)
    results = window.results_panel
    page = results.findChild(QWidget, shot.tab)
    if page is None:
        raise SystemExit(f"{shot.name}: no Results tab {shot.tab}")
    results.setCurrentWidget(page)
    for _ in range(50):  # the layout and plots settle
        app.processEvents()
        QApplication.instance().thread().msleep(20)  # type: ignore[union-attr]
    # What the X server shows, as a user would see it (a grab() paints widgets afresh).
    width, height = shot.size
    crop = f"{width}x{height}+0+0"
    out = str(ASSETS / f"{shot.name}.png")
    subprocess.run(["import", "-window", "root", "-crop", crop, "+repage", out], check=True)
    window.workbench.document.mark_clean()
    window.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="take only the shots whose names hold these")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # the child process's shot
    options = parser.parse_args()
    if options.one:
        take(next(s for s in SHOTS if s.name == options.one))
        return 0
    if not os.environ.get("DISPLAY"):
        parser.error("no DISPLAY: run it on an X server of the shot's size (Xvfb works)")
    chosen = [s for s in SHOTS if not options.names or any(n in s.name for n in options.names)]
    for shot in chosen:
        env = {**os.environ, "QT_QPA_PLATFORM": "xcb", "LANGUAGE": shot.language}
        status = subprocess.run([sys.executable, __file__, "--one", shot.name], env=env).returncode
        print(f"{shot.name}.png" if status == 0 else f"{shot.name}: failed ({status})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
