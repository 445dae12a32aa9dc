"""Reading files that session files name: regular files only, their size checked first.

Session files travel between learners, so any path in one may be hostile. A FIFO,
`/dev/stdin` or a terminal blocks a read forever (in the CLI, and on the window's
main thread), and `/dev/zero` never ends; such files are refused by what they are.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO

MAX_TEXT_BYTES = 64 * 2**20  # session and kernel source files; larger ones are refused unread

_KINDS = (
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a folder"),
)


class NotRegularFileError(OSError):
    """A path that names a pipe, a device, a socket or a folder instead of a file."""


def open_regular_file(path: Path, max_bytes: int | None = None) -> BinaryIO:
    """`path` opened for reading in binary; raises OSError (NotRegularFileError) otherwise.

    The file is opened without blocking (opening a FIFO waits for a writer), and is
    refused before a byte is read if it is not a regular file or holds over max_bytes.
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = next((name for test, name in _KINDS if test(info.st_mode)), "not a file")
            raise NotRegularFileError(f"{path} is {kind}, not a regular file")
        if max_bytes is not None and info.st_size > max_bytes:
            raise OSError(
                f"the file holds {info.st_size} bytes, more than the {_size(max_bytes)} limit"
            )
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_text_file(path: Path, max_bytes: int = MAX_TEXT_BYTES) -> str:
    """A UTF-8 text file of at most max_bytes; raises OSError or UnicodeDecodeError."""
    with open_regular_file(path, max_bytes) as stream:
        data = stream.read(max_bytes + 1)
    if len(data) > max_bytes:  # it grew since it was measured
        raise OSError(f"the file is larger than the {_size(max_bytes)} limit")
    # utf-8-sig: a byte-order mark written by some Windows editors is not an error.
    return data.decode("utf-8-sig")


def _size(nbytes: int) -> str:
    return f"{nbytes // 2**20} MiB" if nbytes >= 2**20 else f"{nbytes} bytes"
