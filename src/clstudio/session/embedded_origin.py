"""Where a session's source came from when it was found inside a host program's file.

A session opened from a `.cc` or `.py` file remembers the file, which of its strings
held the kernel and how that string is quoted, and a fingerprint of the file as it was
read or last written, so that writing the kernel back never replaces a file that has
changed since without asking (docs/embedded-kernels.md).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from clstudio.common import gettext
from clstudio.session.fields import (
    check_keys,
    fail,
    read_choice,
    read_int,
    read_object,
    read_string,
)

# How the string is written: a C++ raw string, ordinary C literals, Python literals,
# or a mix of raw and ordinary C literals (read, never written back).
Quoting = Literal["raw", "c", "python", "mixed"]
QUOTINGS: tuple[Quoting, ...] = ("raw", "c", "python", "mixed")
_KEYS = ("file", "line", "index", "quoting", "sha256")
_SHA256 = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class EmbeddedIn:
    """The string of a host file that holds the session's source."""

    file: str  # as written in the session, relative to its folder (or absolute)
    line: int  # where the string starts, 1-based
    index: int  # which string of the file, counting every string from 0
    quoting: Quoting
    sha256: str  # of the file's bytes when read or last written back

    def path(self, base_dir: Path | None) -> Path:
        return (base_dir or Path()) / self.file

    def moved(self, old: Path, folder: Path) -> EmbeddedIn:
        """The record with a relative path rewritten to start at `folder`."""
        if Path(self.file).is_absolute():
            return self
        file = os.path.relpath((old / self.file).resolve(), folder.resolve())
        return EmbeddedIn(file, self.line, self.index, self.quoting, self.sha256)

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "line": self.line,
            "index": self.index,
            "quoting": self.quoting,
            "sha256": self.sha256,
        }


def read_embedded_in(value: object) -> EmbeddedIn:
    where = "embedded_in"
    obj = read_object(value, where)
    check_keys(obj, where, _KEYS, required=_KEYS)
    sha256 = read_string(obj["sha256"], f"{where}.sha256")
    if not _SHA256.fullmatch(sha256):
        fail(f"{where}.sha256", gettext("expected 64 lowercase hexadecimal digits"))
    quoting = read_choice(obj["quoting"], f"{where}.quoting", QUOTINGS)
    return EmbeddedIn(
        file=read_string(obj["file"], f"{where}.file", non_empty=True),
        line=read_int(obj["line"], f"{where}.line", 1, 2**31 - 1),
        index=read_int(obj["index"], f"{where}.index", 0, 2**31 - 1),
        quoting=quoting,
        sha256=sha256,
    )
