"""Files a reader must refuse without opening them, for the tests of hostile input."""

from __future__ import annotations

import os
from pathlib import Path

# What make_special puts at a path: a named pipe, or a link to a character device.
SPECIAL_KINDS = ["fifo", "/dev/zero"]


def make_special(path: Path, kind: str) -> None:
    """A FIFO at `path` (kind "fifo"), or a link to the device `kind`."""
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to(kind)
