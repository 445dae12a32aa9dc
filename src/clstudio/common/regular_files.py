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

from clstudio.common.translation import N_, gettext, ngettext

MAX_TEXT_BYTES = 64 * 2**20  # session and kernel source files; larger ones are refused unread

_KINDS = (
    (stat.S_ISFIFO, N_("{file} is a named pipe (FIFO), not a regular file")),
    (stat.S_ISCHR, N_("{file} is a character device, not a regular file")),
    (stat.S_ISBLK, N_("{file} is a block device, not a regular file")),
    (stat.S_ISSOCK, N_("{file} is a socket, not a regular file")),
    (stat.S_ISDIR, N_("{file} is a folder, not a regular file")),
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
            problem = next(
                (text for test, text in _KINDS if test(info.st_mode)),
                N_("{file} is not a file, not a regular file"),
            )
            raise NotRegularFileError(gettext(problem).format(file=path))
        if max_bytes is not None and info.st_size > max_bytes:
            problem = gettext("the file holds {size} bytes, more than the {most} limit")
            raise OSError(problem.format(size=info.st_size, most=_size(max_bytes)))
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
        problem = gettext("the file is larger than the {most} limit")
        raise OSError(problem.format(most=_size(max_bytes)))
    # utf-8-sig: a byte-order mark written by some Windows editors is not an error.
    return data.decode("utf-8-sig")


def _size(nbytes: int) -> str:
    if nbytes >= 2**20:
        return f"{nbytes // 2**20} MiB"
    return ngettext("{count} byte", "{count} bytes", nbytes).format(count=nbytes)
