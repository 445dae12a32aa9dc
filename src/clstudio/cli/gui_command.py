"""`clstudio [gui] [SESSION]`: open the app."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from clstudio.cli.qt_platform import EXIT_NO_DISPLAY, import_problem, startup_problem
from clstudio.common import N_, gettext

NAME = "gui"
HELP = N_("open the app (the default)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("session", nargs="?", type=Path, help=gettext("a session file to open"))


def execute(options: argparse.Namespace) -> int:
    # Before Qt: it aborts the process when its platform plugin cannot load.
    problem = startup_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        return EXIT_NO_DISPLAY
    try:
        # Imported here: the terminal commands never load Qt.
        from clstudio.ui.app import run_app
    except ImportError as exc:
        explained = import_problem(exc)
        if explained is None:
            raise
        print(explained, file=sys.stderr)
        return EXIT_NO_DISPLAY
    return run_app(options.session)
