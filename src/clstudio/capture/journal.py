"""The journal the hook writes in the learner's process, read back by `clstudio capture`.

The hook (capture/hook/launch_recorder.py) runs in the learner's interpreter and imports
nothing of CL Studio, so the file names below are written there too, and in the C layer
that records C and C++ programs (capture/layer/clstudio_capture_layer.c). The journal is raw:
one JSON line per launch, each program's source once, each captured buffer's bytes before
and after its launch. The hook writes a launch that is not captured in a short line,
`{"number": 7, "piece": 2, "time_ns": 5100}`, made of a piece written before it, a line
`{"piece": 2, ...}` with every other fact of the launch: a program's launches repeat
their kernel, device, call site and sizes, and the short lines cost less to write and
to read. It lives in the capture folder while the program runs and is
removed once every launch in it has become a session or a line of capture.json.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, cast, get_args

from clstudio.common.regular_files import open_regular_file, read_text_file

JOURNAL_FOLDER = ".journal"
JOURNAL_LINES = "launches.jsonl"  # the hook's name too
READ_AT_ONCE = 64 << 20  # of the journal's lines, at each look; the hook's lines are short
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
# A launch not captured, as both recorders write it (the layer without spaces): read
# without json, since a program of many launches writes thousands of them a second.
SHORT_LINE = re.compile(rb'\{"number": ?(\d+), ?"piece": ?(\d+)(?:, ?"time_ns": ?(\d+))?\}')
# How a captured launch's line says so, as the hook (json) and the layer write it; in any
# string, json escapes the quotes.
CAPTURED = (b'"captured": true', b'"captured":true')

# Why a launch has no session; capture.json says it with the launch (docs/capture.md).
Reason = Literal[
    "not_selected",
    "over_budget",
    "global_offset",
    "unsupported_argument",
    "capture_failed",
    "unreadable",
    "launch_failed",
    "no_source",
    "not_reproducible",
]


@dataclass(frozen=True)
class RawArgument:
    """One argument as the program set it: a buffer (by handle), a scalar's bytes, a
    `__local` size in bytes, or NULL."""

    kind: Literal["buffer", "scalar", "local", "null"]
    buffer: int = 0  # the cl_mem handle: one buffer passed to several launches keeps it
    size: int = 0  # bytes of a buffer or of local memory
    value: bytes = b""  # a scalar's bytes, as the kernel receives them


@dataclass(frozen=True)
class JournalLaunch:
    number: int
    kernel: str
    device: str
    platform: str
    context: int
    global_size: tuple[int, ...]
    local_size: tuple[int, ...] | None
    call_site: str | None
    captured: bool
    reason: Reason | None
    detail: str
    program: int | None  # the program's source file in the journal, when known
    options: str
    args: tuple[RawArgument, ...]
    time_ns: int | None = None  # how long it ran, when the hook could tell cheaply
    timed_by: Literal["profiling", "wall"] | None = None


class JournalReader:
    """Reads the launches the hook has written so far, each once."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._offset = 0  # read up to here
        self._checked = 0  # from the offset to here, no line of a captured launch
        self.damaged = 0  # lines that were no launch the hook writes: skipped
        self._broken = False  # the lines file became something else than a file
        self._pieces: dict[int, JournalLaunch] = {}  # what short lines are made of

    def new_launches(self, later_if_uncaptured: bool = False) -> list[JournalLaunch]:
        """The launches whose lines are complete and not read before.

        With `later_if_uncaptured`, when no new line is a captured launch's, none is read:
        they wait for a call without it, so that a program of many launches has them listed
        in batches, not a few at each look. Looking for one costs two byte searches.
        """
        if later_if_uncaptured:
            unchecked = self._complete_lines(self._checked)
            if not any(captured in unchecked for captured in CAPTURED):
                self._checked += len(unchecked)
                return []
        complete = self._complete_lines(self._offset)
        self._offset += len(complete)
        self._checked = self._offset
        launches = []
        for line in complete.splitlines():
            short = SHORT_LINE.fullmatch(line)
            if short is not None and int(short[2]) in self._pieces:
                number, piece, time_ns = short.groups()
                launches.append(_from_piece(self._pieces[int(piece)], number, time_ns))
            elif line.strip():
                try:
                    facts = json.loads(line)
                    piece = facts.get("piece")
                    if piece is None:
                        launches.append(_launch(facts))
                    elif "number" not in facts:
                        self._pieces[int(piece)] = _launch({**facts, "number": 0})
                    else:
                        time_ns = facts.get("time_ns")
                        launches.append(
                            _from_piece(self._pieces[int(piece)], facts["number"], time_ns)
                        )
                except (ValueError, KeyError, TypeError, AttributeError):
                    self.damaged += 1
        return launches

    def _complete_lines(self, offset: int) -> bytes:
        """The journal's complete lines from `offset` on (at most READ_AT_ONCE bytes)."""
        if self._broken:
            return b""
        try:
            with open_regular_file(self.folder / JOURNAL_LINES) as lines:
                lines.seek(offset)  # a FIFO put there would have blocked: it is refused
                text = lines.read(READ_AT_ONCE)
        except FileNotFoundError:
            return b""
        except OSError:
            self._broken = True
            self.damaged += 1
            return b""
        return text[: text.rfind(b"\n") + 1]

    def source(self, program: int) -> str:
        return read_text_file(self.folder / f"program-{program}.cl")

    def has_after(self, launch: JournalLaunch, buffer: int) -> bool:
        """Capture reads every written buffer back after its launch."""
        return True

    def contents(
        self,
        launch: JournalLaunch,
        buffer: int,
        when: Literal["before", "after"],
        size: int | None = None,
    ) -> bytes:
        """A buffer's bytes (at most `size` of them): a file that holds more, is no regular
        file (a FIFO put there would block forever) or is missing is OSError."""
        path = self.folder / f"launch-{launch.number}.{buffer}.{when}"
        with open_regular_file(path, size) as stream:
            return stream.read() if size is None else stream.read(size)


def _launch(line: dict[str, Any]) -> JournalLaunch:
    """One line as the hook writes it; ValueError, KeyError or TypeError for any other."""
    captured = bool(line.get("captured"))
    local = line.get("local_size")
    kernel = str(line["kernel"])
    if not IDENTIFIER.match(kernel):  # it names the session's folder
        raise ValueError(kernel)
    program = line.get("program")
    return JournalLaunch(
        number=int(line["number"]),
        kernel=kernel,
        device=str(line.get("device", "")),
        platform=str(line.get("platform", "")),
        context=int(line.get("context", 0)),
        global_size=tuple(int(n) for n in line["global_size"]),
        local_size=None if local is None else tuple(int(n) for n in local),
        call_site=None if line.get("call_site") is None else str(line["call_site"]),
        captured=captured,
        reason=None if captured else _reason(line.get("reason")),
        detail=str(line.get("detail", "")),
        program=None if program is None else int(program),
        options=str(line.get("options", "")),
        args=tuple(_argument(a) for a in line.get("args") or ()),
        time_ns=None if line.get("time_ns") is None else int(line["time_ns"]),
        timed_by=line.get("timed_by") if line.get("timed_by") in ("profiling", "wall") else None,
    )


def _from_piece(piece: JournalLaunch, number: object, time_ns: object) -> JournalLaunch:
    """A short line's launch: its piece with its number and its time from profiling.

    The piece's fields are copied as they are, not through the frozen dataclass's
    __init__ (16 fields set one by one, for every launch listed)."""
    launch = object.__new__(JournalLaunch)
    fields = launch.__dict__
    fields.update(piece.__dict__)
    fields["number"] = int(cast("int", number))
    fields["time_ns"] = None if time_ns is None else int(cast("int", time_ns))
    fields["timed_by"] = None if time_ns is None else "profiling"
    return launch


def _reason(given: object) -> Reason:
    """The hook's reason; anything else written there is a capture that failed."""
    for known in get_args(Reason):
        if given == known:
            return cast(Reason, known)
    return "capture_failed"


def _argument(raw: dict[str, Any]) -> RawArgument:
    kind = raw["kind"]
    if kind == "buffer":
        return RawArgument("buffer", buffer=int(raw["id"]), size=int(raw["bytes"]))
    if kind == "local":
        return RawArgument("local", size=int(raw["bytes"]))
    if kind == "scalar":
        return RawArgument("scalar", value=bytes.fromhex(raw["hex"]))
    return RawArgument("null")
