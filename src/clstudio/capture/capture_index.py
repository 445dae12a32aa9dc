"""`capture.json`: every launch a captured program made, in order, and where each
captured launch's session is (format `clstudio-capture`, version 1, docs/capture.md).

It is rewritten whole, atomically, as launches are listed (capture_run says how often),
so that a program that crashes or is killed leaves a valid file listing its launches.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from clstudio.capture.journal import Reason
from clstudio.common import N_, gettext, write_text_atomically
from clstudio.common.regular_files import read_text_file

INDEX_FILE = "capture.json"
FORMAT = "clstudio-capture"
VERSION = 1
State = Literal["running", "finished"]
Stopped = Literal["time_limit", "stop"]  # who ended the program, when capture did
REASON_TEXTS: dict[Reason, str] = {
    "not_selected": N_("not selected"),
    "over_budget": N_("its buffers would pass the --max-bytes budget"),
    "global_offset": N_("it has a global offset, which a session cannot hold"),
    "unsupported_argument": N_("an argument a session cannot hold yet"),
    "capture_failed": N_("its arguments could not be read"),
    "unreadable": N_("a buffer could not be read back"),
    "launch_failed": N_("the launch itself failed"),
    "no_source": N_("its program was not built from source"),
    "not_reproducible": N_("a session cannot reproduce it"),
}


@dataclass(frozen=True)
class LaunchEntry:
    number: int
    kernel: str
    device: str
    global_size: tuple[int, ...]
    local_size: tuple[int, ...] | None
    call_site: str | None  # `train.py:42`, in the learner's own file
    session: str | None  # the session file, relative to the capture folder
    reason: Reason | None = None  # why there is no session
    detail: str = ""  # the reason in more words, when there are some
    time_ns: int | None = None  # how long the launch ran, when known
    timed_by: Literal["profiling", "wall"] | None = None

    @property
    def captured(self) -> bool:
        return self.session is not None


@dataclass(frozen=True)
class ProgramEntry:
    """program.json: the captured launches it replays, and why any is left out; no
    session when they could not be one."""

    session: str | None
    launches: tuple[int, ...]
    detail: str = ""


@dataclass
class CaptureIndex:
    command: tuple[str, ...]
    working_folder: str
    state: State = "running"
    exit_status: int | None = None
    stopped: Stopped | None = None
    launches: list[LaunchEntry] = field(default_factory=list)
    program: ProgramEntry | None = None  # once the program has ended
    # Each launch's line of capture.json as last written, with the entry it says: the
    # list is rewritten every second while a program runs, mostly of launches written
    # before.
    written_lines: list[tuple[LaunchEntry, str]] = field(
        default_factory=list, repr=False, compare=False
    )


def reason_text(entry: LaunchEntry) -> str:
    """Why a launch has no session, in the user's language, with the details."""
    words = gettext(REASON_TEXTS[entry.reason]) if entry.reason else ""
    return f"{words} ({entry.detail})" if entry.detail else words


def index_to_dict(index: CaptureIndex) -> dict[str, Any]:
    return {**_head(index), "launches": [_launch(entry) for entry in index.launches]}


def _head(index: CaptureIndex) -> dict[str, Any]:
    """Every key of capture.json but its launches."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "command": list(index.command),
        "working_folder": index.working_folder,
        "state": index.state,
        "exit_status": index.exit_status,
        "stopped": index.stopped,
        "program": None
        if index.program is None
        else {
            "session": index.program.session,
            "launches": list(index.program.launches),
            "detail": index.program.detail,
        },
    }


def _launch(entry: LaunchEntry) -> dict[str, Any]:
    return {
        "number": entry.number,
        "kernel": entry.kernel,
        "device": entry.device,
        "global_size": list(entry.global_size),
        "local_size": None if entry.local_size is None else list(entry.local_size),
        "call_site": entry.call_site,
        "captured": entry.captured,
        "reason": entry.reason,
        "detail": entry.detail,
        "session": entry.session,
        "time_ns": entry.time_ns,
        "timed_by": entry.timed_by,
    }


def index_text(index: CaptureIndex) -> str:
    """capture.json's text: one launch a line. A program of many launches has its list
    rewritten every second while it runs: json's indented output is made by its Python
    encoder, five times slower than its C encoder, which each launch's line uses."""
    head = json.dumps(_head(index), indent=2, ensure_ascii=False)
    if not index.launches:
        return head[:-2] + ',\n  "launches": []\n}\n'
    kept = index.written_lines
    for at, entry in enumerate(index.launches):
        if at == len(kept) or kept[at][0] is not entry:
            del kept[at:]
            kept.append((entry, json.dumps(_launch(entry), ensure_ascii=False)))
    del kept[len(index.launches) :]
    launches = ",\n    ".join(text for _, text in kept)
    return head[:-2] + f',\n  "launches": [\n    {launches}\n  ]\n}}\n'


def write_index(folder: Path, index: CaptureIndex) -> None:
    write_text_atomically(folder / INDEX_FILE, index_text(index))


class CaptureFileError(ValueError):
    """A capture.json that cannot be read; the message names the file and the cause."""


def read_index(path: Path) -> CaptureIndex:
    """capture.json as written by `clstudio capture`, for the window's list; a file of a
    newer version, or one that is not a capture's, is refused with the cause."""
    try:
        data = json.loads(read_text_file(path))
    except (OSError, UnicodeDecodeError) as exc:
        said = gettext("{file}: cannot read: {reason}")
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise CaptureFileError(said.format(file=path, reason=reason)) from exc
    except ValueError as exc:
        said = gettext("{file}: not valid JSON: {reason}")
        raise CaptureFileError(said.format(file=path, reason=exc)) from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        said = gettext("{file}: not a capture's list of launches (format {format})")
        raise CaptureFileError(said.format(file=path, format=FORMAT))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version > VERSION:
        said = gettext("{file}: version {version} is newer than this CL Studio reads ({known})")
        raise CaptureFileError(said.format(file=path, version=version, known=VERSION))
    try:
        return _index(data)
    except (KeyError, TypeError, ValueError) as exc:
        said = gettext("{file}: a launch or a key is not as a capture writes it ({problem})")
        raise CaptureFileError(
            said.format(file=path, problem=f"{type(exc).__name__}: {exc}")
        ) from exc


def _index(data: dict[str, Any]) -> CaptureIndex:
    program = data.get("program")
    status = data.get("exit_status")
    return CaptureIndex(
        command=tuple(str(word) for word in data["command"]),
        working_folder=str(data["working_folder"]),
        state="finished" if data.get("state") == "finished" else "running",
        exit_status=None if status is None else int(status),
        launches=[_entry(line) for line in data["launches"]],
        program=None
        if program is None
        else ProgramEntry(
            session=None if program["session"] is None else _relative(program["session"]),
            launches=tuple(int(n) for n in program["launches"]),
            detail=str(program.get("detail", "")),
        ),
    )


def _entry(line: dict[str, Any]) -> LaunchEntry:
    local = line.get("local_size")
    reason = line.get("reason")
    timed_by = line.get("timed_by")
    return LaunchEntry(
        number=int(line["number"]),
        kernel=str(line["kernel"]),
        device=str(line.get("device", "")),
        global_size=tuple(int(n) for n in line["global_size"]),
        local_size=None if local is None else tuple(int(n) for n in local),
        call_site=None if line.get("call_site") is None else str(line["call_site"]),
        session=None if line.get("session") is None else _relative(line["session"]),
        reason=reason if reason in REASON_TEXTS else None,
        detail=str(line.get("detail", "")),
        time_ns=None if line.get("time_ns") is None else int(line["time_ns"]),
        timed_by=timed_by if timed_by in ("profiling", "wall") else None,
    )


def _relative(path: object) -> str:
    """A session's path inside the capture folder; one that leaves it is refused."""
    text = str(path)
    parts = Path(text).parts
    if not text or Path(text).is_absolute() or ".." in parts:
        raise ValueError(gettext("{path} is not a path inside the capture").format(path=text))
    return text
