"""Oclgrind's log, read into one Report per message.

The formats come from Oclgrind's own sources (21.10): core/Context.cpp writes the
location block, plugins/MemCheck.cpp, RaceDetector.cpp and Uninitialized.cpp the
headlines, core/WorkGroup.cpp the divergence and wait-event errors, runtime/runtime.cpp
the API errors. A message starts at an unindented headline; its other lines are
indented with a tab. Errors never fail the OpenCL call, so this log is the only sign
of them: a message with a headline no pattern knows is still a report, of kind
"oclgrind-report", so that a check never passes over something Oclgrind said.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from clstudio.checkmode.check_results import Index3, WorkItem

SOURCE_NAME = "input.cl"  # what Oclgrind calls the program's own source

_HEADLINES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "invalid-access",
        re.compile(
            r"^Invalid (?P<access>read|write) of size (?P<size>\d+) at "
            r"(?P<space>\w+) memory address 0x(?P<address>[0-9a-f]+)"
        ),
    ),
    ("read-only-write", re.compile(r"^Invalid write to read-only buffer")),
    ("write-only-read", re.compile(r"^Invalid read from write-only buffer")),
    (
        "array-index",
        re.compile(r"^Index \((?P<index>-?\d+)\) exceeds static array size \((?P<size>\d+)\)"),
    ),
    (
        "data-race",
        re.compile(
            r"^(?P<race>Read-write|Write-write) data race at (?P<space>\w+) memory "
            r"address 0x(?P<address>[0-9a-f]+)"
        ),
    ),
    ("barrier-divergence", re.compile(r"^Work-group divergence detected \(barrier\)")),
    ("async-copy-divergence", re.compile(r"^Work-group divergence detected \(async copy\)")),
    ("unwaited-event", re.compile(r"^Work-item finished without waiting for events")),
    ("invalid-wait-event", re.compile(r"^Invalid wait event")),
    (
        "uninitialized",
        re.compile(
            r"^(?:Uninitialized value written to (?P<space>\w+) memory"
            r"|Controlflow depends on uninitialized value"
            r"|Uninitialized address used to (?:write to|read from) (?P<space2>\w+) memory"
            r"|Instruction depends on an uninitialized index value)"
        ),
    ),
    (
        "misaligned-access",
        re.compile(r"^(?:Invalid memory (?:load|store) - source pointer is not aligned|Unaligned)"),
    ),
    ("simulator-error", re.compile(r"^OCLGRIND FATAL ERROR")),
    ("api-error", re.compile(r"^Oclgrind - OpenCL runtime error detected")),
)
_SUPPRESSED = re.compile(r"^Oclgrind: \d+ errors generated - suppressing further errors")
_IDS = r"\((\d+),(\d+),(\d+)\)"
_ENTITY = re.compile(rf"Global{_IDS} Local{_IDS} Group{_IDS}|Group{_IDS}")
_LOCATION = re.compile(r"^At line (?P<line>\d+) \(column (?P<column>\d+)\) of (?P<file>.*):$")
_ONLY = re.compile(r"^Only (?P<reached>\d+) out of (?P<size>\d+) work-items executed")
# `fence=0x1, num_events=0`, `events[0]=2`, `elem_size=4, num_elems=1, ...`: what a
# divergent barrier or copy was called with, per side.
_VALUES = re.compile(r"^[a-z_]+(?:\[\d+\])?=")
_PREVIOUS = "Previous work-items executed:"
UNKNOWN_KIND = "oclgrind-report"
_ACCESS_WORD = re.compile(r"\b(load|store|call|atomicrmw|cmpxchg)\b")
_API_FIELD = re.compile(r"^(?P<key>Function|Error):\s*(?P<value>.*)$")
# Not the user's problem, or said better elsewhere: pyopencl's NVIDIA compute-capability
# query; its attribute lookup on a Program (`program._source` asks for a kernel of that
# name); and a failed build, whose log the check shows as the build error it is.
_IGNORED_API_ERRORS = (
    ("clGetDeviceInfo", "CL_INVALID_VALUE", re.compile(r"argument 'param_name'")),
    ("clCreateKernel", "CL_INVALID_KERNEL_NAME", re.compile(r"Kernel '_\w*' not found")),
    ("clBuildProgram", "CL_BUILD_PROGRAM_FAILURE", re.compile("")),
    ("clBuildProgram", "CL_INVALID_BUILD_OPTIONS", re.compile("")),
)


@dataclass(frozen=True)
class Side:
    """One work-item's part in a report: who, doing what, where."""

    who: WorkItem | None = None
    access: str = ""  # "load", "store", "call", ... (the LLVM instruction)
    line: int = 0
    column: int = 0
    code: str = ""  # the source line as Oclgrind quoted it, trimmed
    values: tuple[str, ...] = ()  # a divergent call's arguments: "fence=0x1", "num_elems=4"


@dataclass(frozen=True)
class Report:
    """One Oclgrind message."""

    kind: str  # a key of results.KIND_SEVERITIES, or "invalid-access" before it is split
    headline: str
    kernel: str = ""
    space: str | None = None
    address: int | None = None
    size: int | None = None  # bytes of an invalid access; elements of a static array
    index: int | None = None  # the index into a static array
    access: str = ""  # "read" or "write" for an invalid access; the race type for a race
    sides: tuple[Side, ...] = ()
    group: Index3 | None = None  # a divergent work-group
    reached: int | None = None  # work-items that reached a divergent barrier ...
    group_size: int | None = None  # ... out of this many
    details: tuple[str, ...] = ()  # other lines (an API error's function and error)


@dataclass(frozen=True)
class ParsedLog:
    reports: tuple[Report, ...]
    suppressed: bool


def parse_log(log: str, chatter: str = "") -> ParsedLog:
    """Every message of Oclgrind's `log`, known or not, and those of `chatter` (the
    worker's stderr, where API errors may land among the driver's own lines) that
    have a known headline."""
    first = _messages(log, strict=True)
    second = _messages(chatter, strict=False)
    return ParsedLog(first.reports + second.reports, first.suppressed or second.suppressed)


def _messages(text: str, strict: bool) -> ParsedLog:
    reports: list[Report] = []
    suppressed = False
    block: list[str] = []
    kind, match = "", None
    for raw in [*text.splitlines(), ""]:
        line = raw.rstrip()
        if raw.startswith(("\t", " ")) and block:
            block.append(line.strip())
            continue
        if block:
            report = _report(kind, match, block)
            if report is not None:
                reports.append(report)
            block = []
        if _SUPPRESSED.match(line):
            suppressed = True
            continue
        kind, match = _headline(line)
        if match is not None or (strict and line.strip()):
            block = [line.strip()]
    return ParsedLog(tuple(reports), suppressed)


def _headline(line: str) -> tuple[str, re.Match[str] | None]:
    for kind, pattern in _HEADLINES:
        match = pattern.match(line)
        if match:
            return kind, match
    return UNKNOWN_KIND, None


@dataclass
class _SideDraft:
    """A Side while its lines are read."""

    who: WorkItem | None = None
    access: str = ""
    line: int = 0
    column: int = 0
    code: str = ""
    values: list[str] = field(default_factory=list)
    started: bool = False

    def side(self) -> Side:
        return Side(self.who, self.access, self.line, self.column, self.code, tuple(self.values))


def _report(kind: str, headline: re.Match[str] | None, lines: list[str]) -> Report | None:
    fields = headline.groupdict() if headline is not None else {}
    if kind == "api-error":
        details = tuple(" ".join(line.split()) for line in lines[1:] if line)
        return None if _is_ignored(details) else Report(kind, lines[0], details=details)
    sides: list[Side] = []
    draft = _SideDraft()
    kernel = ""
    group: Index3 | None = None
    reached: int | None = None
    group_size: int | None = None
    expect_code = False
    unread: list[str] = []  # an unknown message's own words
    for line in lines[1:]:
        if expect_code:
            draft.code = "" if line == "(source not available)" else line
            expect_code = False
            continue
        if line.startswith("Kernel:"):
            kernel = line.removeprefix("Kernel:").strip()
        elif line.startswith(("Entity:", "Work-item:", "First entity:", "Second entity:")):
            if line.startswith("Second entity:") and draft.started:
                sides.append(draft.side())
                draft = _SideDraft()
            draft.who, draft.started = _entity(line), True
        elif line == _PREVIOUS:
            if draft.started:
                sides.append(draft.side())
            draft = _SideDraft(started=True)
        elif _VALUES.match(line):
            draft.values.append(line)
        elif line.startswith("Work-group:"):
            found = re.search(_IDS, line)
            group = _three(list(found.groups())) if found else None
        elif only := _ONLY.match(line):
            reached, group_size = int(only["reached"]), int(only["size"])
        elif location := _LOCATION.match(line):
            own = location["file"].strip() == SOURCE_NAME
            draft.line = int(location["line"]) if own else 0
            draft.column = int(location["column"]) if own else 0
            draft.started = expect_code = True
        elif (word := _ACCESS_WORD.search(line)) and not draft.access:
            draft.access, draft.started = word.group(1), True
        elif line and "!dbg" not in line:
            unread.append(line)
    if draft.started:
        sides.append(draft.side())
    address = fields.get("address")
    size = fields.get("size")
    index = fields.get("index")
    return Report(
        kind=kind,
        headline=lines[0],
        kernel=kernel,
        space=fields.get("space") or fields.get("space2"),
        address=int(address, 16) if address else None,
        size=int(size) if size else None,
        index=int(index) if index else None,
        access=(fields.get("access") or fields.get("race") or "").lower(),
        sides=tuple(sides),
        group=group,
        reached=reached,
        group_size=group_size,
        details=tuple(unread) if kind == UNKNOWN_KIND else (),
    )


def _entity(line: str) -> WorkItem | None:
    match = _ENTITY.search(line)
    if match is None:
        return None
    ids = list(match.groups())
    if ids[0] is None:
        return WorkItem(group=_three(ids[9:12]))
    return WorkItem(group=_three(ids[6:9]), global_id=_three(ids[0:3]), local_id=_three(ids[3:6]))


def _three(ids: list[str | None]) -> Index3:
    x, y, z = (int(i or 0) for i in ids)
    return (x, y, z)


def _is_ignored(details: tuple[str, ...]) -> bool:
    fields = {}
    for line in details:
        match = _API_FIELD.match(line)
        if match:
            fields[match["key"]] = match["value"].strip()
    info = " ".join(details)
    return any(
        fields.get("Function") == function and fields.get("Error") == error and why.search(info)
        for function, error, why in _IGNORED_API_ERRORS
    )
