"""What PoCL's compiler prints during a compile for the compiler view, on a channel of its own.

PoCL's LLVM prints its optimisation remarks with `std::cout`, which writes through C
stdio's `stdout` stream, while PoCL writes a kernel's printf with write(2) straight to
fd 1. The two are told apart by where they travel, never by what they say: while the
`with` block runs, the `stdout` stream writes to an unlinked file of its own and fd 1 is
left to whoever catches the kernel's printf (the worker's PrintfCapture). Nothing is left
behind: the file is unlinked at once and closed after.
"""

from __future__ import annotations

import ctypes
import functools
import os
import sys
import tempfile

POCL_CACHE_VARIABLE = "POCL_CACHE_DIR"
REMARKS_VARIABLE = "POCL_VECTORIZER_REMARKS"  # set only in the compiler view's workers
# A relative cache folder lies in the worker's scratch folder (its working folder),
# which goes with the worker: the compile's files never outlive it.
COMPILER_ENVIRONMENT: tuple[tuple[str, str], ...] = (
    (POCL_CACHE_VARIABLE, "pocl-cache"),
    ("POCL_LEAVE_KERNEL_COMPILER_TEMP_FILES", "1"),
    (REMARKS_VARIABLE, "1"),
)
OUTPUT_LIMIT = 16 * 1024 * 1024  # remarks repeat per kernel variant; a big kernel prints MiBs


class _StdioFile(ctypes.Structure):
    """The head of glibc's `struct _IO_FILE` (public in <bits/types/struct_FILE.h>) up to
    `_fileno`, the descriptor a stream writes to."""

    _fields_ = [
        ("flags", ctypes.c_int),
        ("pointers", ctypes.c_void_p * 12),  # the eight buffer pointers, save area, markers
        ("chain", ctypes.c_void_p),
        ("fileno", ctypes.c_int),
    ]


class StdioChannelError(RuntimeError):
    """This C library's `stdout` stream cannot be pointed elsewhere (not glibc)."""


@functools.cache
def _libc() -> ctypes.CDLL:
    libc = ctypes.CDLL(None)
    libc.fileno.argtypes = [ctypes.c_void_p]
    libc.fflush.argtypes = [ctypes.c_void_p]
    return libc


def _stdout_stream() -> _StdioFile:
    """C's `stdout` stream, checked to be laid out as read: its descriptor is fd 1."""
    libc = _libc()
    address = ctypes.c_void_p.in_dll(libc, "stdout").value
    if not address:
        raise StdioChannelError("the C library has no stdout stream")
    stream = _StdioFile.from_address(address)
    if libc.fileno(address) != 1 or stream.fileno != 1:
        raise StdioChannelError("the C library's stdout stream is not glibc's")
    return stream


class NativeOutput:
    """Points C stdio's `stdout` stream at an unlinked file while the `with` block runs;
    fd 1 stays where it was. `text()` reads what the stream wrote."""

    def __init__(self) -> None:
        self._fd = -1
        self._stream: _StdioFile | None = None

    def __enter__(self) -> NativeOutput:
        sys.stdout.flush()
        stream = _stdout_stream()
        _libc().fflush(None)  # what the stream holds now belongs to fd 1
        self._fd, path = tempfile.mkstemp(prefix="clstudio-compile-")
        os.unlink(path)
        stream.fileno = self._fd
        self._stream = stream
        return self

    def __exit__(self, *exc: object) -> None:
        _libc().fflush(None)  # C stdio may still hold some in its buffer
        assert self._stream is not None
        self._stream.fileno = 1
        self._stream = None

    def text(self) -> str:
        data = os.pread(self._fd, OUTPUT_LIMIT, 0)
        os.close(self._fd)
        return data.decode("utf-8", errors="replace")
