"""CL Studio's own cache folder: what it builds once and keeps between starts.

It imports nothing of CL Studio, so that clstudio.__main__ can find it before anything
loads.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path


def cache_folder(environ: Mapping[str, str]) -> Path:
    """`~/.cache/clstudio`, under XDG_CACHE_HOME when set."""
    root = environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(root) / "clstudio"
