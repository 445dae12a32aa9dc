"""The journal the hook writes in the learner's process, read back by `clstudio capture`.

The hook (capture/hook/launch_recorder.py) runs in the learner's interpreter and imports
nothing of CL Studio, so the file names below are written there too. The journal is raw:
one JSON line per launch, each program's source once, each captured buffer's bytes before
and after its launch. It lives in the capture folder while the program runs and is
removed once every launch in it has become a session or a line of capture.json.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

JOURNAL_FOLDER = ".journal"
JOURNAL_LINES = "launches.jsonl"  # the hook's name too

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
        self._offset = 0

    def new_launches(self) -> list[JournalLaunch]:
        """The launches whose lines are complete and not read before."""
        path = self.folder / JOURNAL_LINES
        try:
            with path.open("rb") as lines:
                lines.seek(self._offset)
                text = lines.read()
        except FileNotFoundError:
            return []
        complete = text[: text.rfind(b"\n") + 1]
        self._offset += len(complete)
        return [_launch(json.loads(line)) for line in complete.splitlines() if line.strip()]

    def source(self, program: int) -> str:
        return (self.folder / f"program-{program}.cl").read_text(encoding="utf-8")

    def contents(
        self, launch: JournalLaunch, buffer: int, when: Literal["before", "after"]
    ) -> bytes:
        return (self.folder / f"launch-{launch.number}.{buffer}.{when}").read_bytes()


def _launch(line: dict[str, Any]) -> JournalLaunch:
    captured = bool(line.get("captured"))
    local = line.get("local_size")
    return JournalLaunch(
        number=int(line["number"]),
        kernel=str(line["kernel"]),
        device=str(line.get("device", "")),
        platform=str(line.get("platform", "")),
        context=int(line.get("context", 0)),
        global_size=tuple(int(n) for n in line["global_size"]),
        local_size=None if local is None else tuple(int(n) for n in local),
        call_site=line.get("call_site"),
        captured=captured,
        reason=None if captured else line.get("reason", "capture_failed"),
        detail=str(line.get("detail", "")),
        program=line.get("program"),
        options=str(line.get("options", "")),
        args=tuple(_argument(a) for a in line.get("args") or ()),
        time_ns=None if line.get("time_ns") is None else int(line["time_ns"]),
        timed_by=line.get("timed_by") if line.get("timed_by") in ("profiling", "wall") else None,
    )


def _argument(raw: dict[str, Any]) -> RawArgument:
    kind = raw["kind"]
    if kind == "buffer":
        return RawArgument("buffer", buffer=int(raw["id"]), size=int(raw["bytes"]))
    if kind == "local":
        return RawArgument("local", size=int(raw["bytes"]))
    if kind == "scalar":
        return RawArgument("scalar", value=bytes.fromhex(raw["hex"]))
    return RawArgument("null")
