"""The files CL Studio keeps for the user: read whole, checked whole, set aside when damaged.

Progress, recovery copies and measured peaks live in the user's data folder, where
anything may end up: a FIFO blocks a read forever (at window start, on the main
thread), a link to /dev/zero never ends, a hand edit leaves `"measurements": 5`. Such
a file is read through the reader of regular files with a size limit, checked as a
whole by its owner, and when it is not what it must be it is renamed beside itself,
never deleted (the user may want it back); the app says so in one line and goes on as
if the file were missing.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from clstudio.common.regular_files import read_text_file
from clstudio.common.terminal_text import escape_controls
from clstudio.common.translation import gettext

MAX_USER_DATA_BYTES = 16 * 2**20  # far above any progress, recovery or peaks file
LATEST_TIME = 253402300799.0  # 9999-12-31 23:59:59 UTC: later times overflow time.localtime

T = TypeVar("T")
Notify = Callable[[str], None]


class UserDataError(ValueError):
    """A user-data file that cannot be used as it is; the message says why."""


class NewerVersionError(UserDataError):
    """A file written by a newer CL Studio: read as missing, and never written over."""


def read_json_file(path: Path, max_bytes: int = MAX_USER_DATA_BYTES) -> object:
    """The decoded JSON of a regular file; FileNotFoundError when there is none."""
    try:
        text = read_text_file(path, max_bytes)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise UserDataError(str(exc.strerror or exc)) from None
    except UnicodeDecodeError as exc:
        problem = gettext("not UTF-8 text (bad byte at offset {offset})")
        raise UserDataError(problem.format(offset=exc.start)) from None
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise UserDataError(gettext("not valid JSON: {problem}").format(problem=exc)) from None


def load_user_data(path: Path, parse: Callable[[object], T], notify: Notify | None) -> T | None:
    """parse() of the file's JSON; None when the file is missing, newer or damaged.

    `parse` raises UserDataError for content that is not what it must be; the file
    is then set aside and `notify` (else stderr) gets the one line that says so.
    """
    try:
        return parse(read_json_file(path))
    except FileNotFoundError:
        return None
    except NewerVersionError:
        return None
    except UserDataError as exc:
        (notify or tell_stderr)(set_aside(path, str(exc)))
        return None


def set_aside(path: Path, problem: str) -> str:
    """Rename a damaged file beside itself; the line that says where it went."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    number = 2
    while target.exists() or target.is_symlink():
        target = path.with_name(f"{path.name}.damaged-{stamp}-{number}")
        number += 1
    try:
        os.rename(path, target)
    except OSError as exc:
        said = gettext("{file} is damaged ({problem}) and cannot be set aside ({reason}); ignored")
        return said.format(file=path, problem=problem, reason=exc.strerror or exc)
    said = gettext("{file} is damaged ({problem}); it was set aside as {name}")
    return said.format(file=path, problem=problem, name=target.name)


def tell_stderr(line: str) -> None:
    print(f"clstudio: {escape_controls(line)}", file=sys.stderr)


def read_object_of(data: object, format_name: str, known_version: int) -> dict[str, object]:
    """The top object of a user-data file of `format_name`, of a version this CL Studio reads.

    Raises NewerVersionError for a later version, UserDataError for anything else.
    """
    if not isinstance(data, dict) or data.get("format") != format_name:
        raise UserDataError(gettext("not a {format} file").format(format=format_name))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise UserDataError(gettext("no version number"))
    if version > known_version:
        problem = gettext(
            "{format} version {version} is newer than this CL Studio writes ({known})"
        )
        raise NewerVersionError(
            problem.format(format=format_name, version=version, known=known_version)
        )
    return data


def newer_version_problem(path: Path, format_name: str, known_version: int) -> str | None:
    """Why `path` must not be written over: a newer CL Studio wrote it; None otherwise.

    Writing this version's form over it would drop what the newer one keeps there.
    """
    try:
        read_object_of(read_json_file(path), format_name, known_version)
    except NewerVersionError as exc:
        said = gettext("{file} was not changed: {problem}; a newer CL Studio keeps it")
        return said.format(file=path, problem=exc)
    except (OSError, UserDataError):
        pass  # missing, or damaged: its reader sets it aside
    return None


def read_time(value: object, what: str) -> float:
    """Seconds since the epoch, between 1970 and 9999; UserDataError otherwise."""
    # compared, never converted: float() of a 400-digit integer overflows; NaN compares false
    if (
        not isinstance(value, int | float)
        or isinstance(value, bool)
        or not 0 <= value <= LATEST_TIME
    ):
        raise UserDataError(gettext("{what} is not a time").format(what=what))
    return float(value)
