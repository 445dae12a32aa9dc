"""`clstudio [gui] [SESSION]`: open the app."""

from __future__ import annotations

import argparse
from pathlib import Path

NAME = "gui"
HELP = "open the app (the default)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("session", nargs="?", type=Path, help="a session file to open")


def execute(options: argparse.Namespace) -> int:
    # Imported here: the terminal commands never load Qt.
    from clstudio.ui.app import run_app

    return run_app(options.session)
