"""Writing files so that a crash never leaves half of one."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO


def write_text_atomically(path: Path, text: str) -> None:
    """Replace `path` with `text`: a reader sees the old text or the new, never a mix."""
    write_atomically(path, lambda stream: stream.write(text.encode("utf-8")))


def write_atomically(path: Path, write: Callable[[BinaryIO], object]) -> None:
    """Replace `path` with what `write` writes to the stream it is given, all or nothing.

    The bytes go to a sibling temporary file that is renamed over `path` once
    complete; the file keeps its permissions.
    """
    mode = path.stat().st_mode & 0o7777 if path.exists() else 0o644
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            write(stream)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def write_bytes_atomically(path: Path, data: bytes) -> None:
    """Replace `path` with `data`, as write_text_atomically does for text."""
    write_atomically(path, lambda stream: stream.write(data))
