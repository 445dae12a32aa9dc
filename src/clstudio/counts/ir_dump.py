"""The IR Oclgrind executed, from the files OCLGRIND_DUMP_SPIR=1 leaves in /tmp.

Oclgrind names them /tmp/oclgrind_<program id>.{cl,bc,ll} and says nothing of it,
so the new ones are told by listing the folder before the build, and ours by the
kernel they define. They are removed once read: each build leaves three.
"""

from __future__ import annotations

import re
from pathlib import Path

from clstudio.counts.count_plan import DUMP_FOLDER

_PATTERN = "oclgrind_*.ll"


def dumps_now(folder: str = DUMP_FOLDER) -> frozenset[Path]:
    return frozenset(Path(folder).glob(_PATTERN))


def take_ir(before: frozenset[Path], kernel: str, folder: str = DUMP_FOLDER) -> str | None:
    """The text of the newest dump since `before` that defines `kernel`; its files removed."""
    defines = re.compile(rf"^define\b[^\n]*@{re.escape(kernel)}\(", re.MULTILINE)
    found: str | None = None
    for path in sorted(dumps_now(folder) - before, key=_modified):
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if defines.search(text) is None:
            continue
        found = text
        for suffix in (".ll", ".bc", ".cl"):
            path.with_suffix(suffix).unlink(missing_ok=True)
    return found


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
