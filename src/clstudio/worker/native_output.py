"""What native code prints during a compile for the compiler view, caught at fd 1.

PoCL's LLVM prints its optimisation remarks through C, past Python's sys.stdout, so
they are caught by pointing fd 1 at a file. The file is unlinked at once and closed
after: nothing is left behind.
"""

from __future__ import annotations

import ctypes
import os
import sys
import tempfile

POCL_CACHE_VARIABLE = "POCL_CACHE_DIR"
# A relative cache folder lies in the worker's scratch folder (its working folder),
# which goes with the worker: the compile's files never outlive it.
COMPILER_ENVIRONMENT: tuple[tuple[str, str], ...] = (
    (POCL_CACHE_VARIABLE, "pocl-cache"),
    ("POCL_LEAVE_KERNEL_COMPILER_TEMP_FILES", "1"),
    ("POCL_VECTORIZER_REMARKS", "1"),
)
OUTPUT_LIMIT = 16 * 1024 * 1024  # remarks repeat per kernel variant; a big kernel prints MiBs


class NativeOutput:
    """Points fd 1 at an unlinked file while the `with` block runs; `text()` reads it."""

    def __init__(self) -> None:
        self._fd = -1
        self._saved = -1

    def __enter__(self) -> NativeOutput:
        sys.stdout.flush()
        self._fd, path = tempfile.mkstemp(prefix="clstudio-compile-")
        os.unlink(path)
        self._saved = os.dup(1)
        os.dup2(self._fd, 1)
        return self

    def __exit__(self, *exc: object) -> None:
        ctypes.CDLL(None).fflush(None)  # C stdio may still hold some in its buffer
        sys.stdout.flush()
        os.dup2(self._saved, 1)
        os.close(self._saved)

    def text(self) -> str:
        data = os.pread(self._fd, OUTPUT_LIMIT, 0)
        os.close(self._fd)
        return data.decode("utf-8", errors="replace")
