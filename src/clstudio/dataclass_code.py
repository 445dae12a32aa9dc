"""The compiled code of dataclasses' methods, kept between starts.

`@dataclass` writes each class's `__init__`, `__repr__`, `__eq__` and, frozen,
`__hash__`, `__setattr__` and `__delattr__` as source text and compiles it: about 950
compiles, 70 ms of the app's 510 ms start (bench/bench_startup.py). The text is the same
at every start, so its code is kept in CL Studio's cache, keyed by the text itself, as
Python keeps a module's bytecode in `__pycache__`; only new text is compiled.

This module imports nothing of CL Studio but its cache folder, so that clstudio.__main__
can use the kept code before anything loads (the file helpers come at the end, with
something new to keep).
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib.util
import marshal
import os
import stat
import sys
from collections.abc import Mapping
from pathlib import Path
from types import CodeType

from clstudio.cache_folder import cache_folder

CACHE_NAME = f"dataclass-code-{sys.implementation.cache_tag}.marshal"
MAX_ENTRIES = 20_000  # past this, a file keeps only what its last writer used
MAX_FILE_BYTES = 16 * 1024 * 1024

_kept: dict[str, CodeType] = {}  # source text -> its code, read from the file
_used: dict[str, CodeType] = {}  # what this process compiled or took from the file
_compiled = 0
_file: Path | None = None


def cache_file(environ: Mapping[str, str] = os.environ) -> Path:
    """Where the code is kept: one file per Python version in CL Studio's cache."""
    return cache_folder(environ) / CACHE_NAME


def use_kept_code(path: Path) -> None:
    """Read the code kept in `path` and compile every dataclass's methods through it
    from now on. A missing, damaged or foreign file counts as empty."""
    global _file
    _file = path
    _kept.update(_read(path))
    vars(dataclasses)["exec"] = _exec  # dataclasses looks `exec` up in its globals first


def keep_new_code() -> None:
    """Write what this process compiled to the file, if it compiled anything; a cache that
    cannot be written is left as it is."""
    if _file is None or _compiled == 0:
        return
    codes = {**_kept, **_used} if len(_kept) + len(_used) <= MAX_ENTRIES else dict(_used)
    from clstudio.common.text_files import write_bytes_atomically

    with contextlib.suppress(OSError):  # a read-only home: the next start compiles again
        _file.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        write_bytes_atomically(_file, importlib.util.MAGIC_NUMBER + marshal.dumps(codes))
        _file.chmod(0o600)  # a replaced file keeps its mode, which may be one _read refuses


def compiled_here() -> int:
    """How many method texts this process compiled rather than took from the file."""
    return _compiled


def _exec(
    source: str | CodeType,
    global_names: dict[str, object] | None = None,
    local_names: dict[str, object] | None = None,
) -> None:
    """exec, as dataclasses calls it, with the text's code kept."""
    global _compiled
    if isinstance(source, str):
        code = _used.get(source) or _kept.get(source)
        if code is None:
            # As exec compiles a string: its file "<string>", no `from __future__` of ours.
            code = compile(source, "<string>", "exec", dont_inherit=True)
            _compiled += 1
        _used[source] = code
        source = code
    exec(source, global_names, local_names)


def _read(path: Path) -> dict[str, CodeType]:
    """The kept code, if `path` is a regular file of this user's that only they can
    write, written by this Python: it is run as it stands, as `__pycache__` is."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return {}
    try:
        info = os.fstat(fd)
        if (
            not stat.S_ISREG(info.st_mode)
            or info.st_size > MAX_FILE_BYTES
            or (hasattr(os, "getuid") and info.st_uid != os.getuid())
            or info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
        ):
            return {}
        with os.fdopen(fd, "rb", closefd=False) as file:
            data = file.read(MAX_FILE_BYTES)
    except OSError:
        return {}
    finally:
        os.close(fd)
    magic = importlib.util.MAGIC_NUMBER
    if not data.startswith(magic):
        return {}
    try:
        codes = marshal.loads(data[len(magic) :])
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(codes, dict):
        return {}
    return {
        text: code
        for text, code in codes.items()
        if isinstance(text, str) and isinstance(code, CodeType)
    }
