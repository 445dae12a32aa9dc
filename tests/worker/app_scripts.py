"""An app of a few lines in a process of its own, to test what its worker does when it dies."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def start_app(folder: Path, script: str, *args: str) -> tuple[subprocess.Popen[str], int]:
    """Run `script` from `folder` (its stdin waits for the test's word) and read the
    worker's pid, the first line it prints."""
    path = folder / "app.py"
    path.write_text(script)
    app = subprocess.Popen(
        [sys.executable, str(path), *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=folder,
    )
    assert app.stdout is not None
    return app, int(app.stdout.readline())
