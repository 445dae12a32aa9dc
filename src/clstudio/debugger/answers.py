"""Oclgrind's debugger answers, read line by line into plain data.

Oclgrind 19.10 prints no prompt when its stdin is a pipe (readline stays silent), so
each command is followed by an unknown one whose complaint marks the answer's end
(`FENCE`). A kernel's printf output shares stdout with the answers, and no file
descriptor can part them: Oclgrind's printf builtin writes through the same C stream
and `std::cout` as its debugger, from the same thread (WorkItemBuiltins.cpp,
InteractiveDebugger.cpp). So each debug process fences with a token drawn when it
starts (`fence_token`): the kernel's text was fixed before that, and cannot print it.
Lines that no pattern of the command asked for are kept as output, never guessed at.

A trap: printing a pointer (`print`, `backtrace`, a function's arguments) or a memory
dump (`gmem`, `lmem`) leaves Oclgrind's stdout in hexadecimal, so the next
"Breakpoint 1 hit at line 1a" and "Switched to work-item: (a,0,0)" come out in base 16
until something prints with `dec` again (a source line, `info`). The driver sends
`info` after each such command to set it back, and a stop's line is read from its
source line, which is always decimal.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from clstudio.debugger.debug_results import KernelInfo

FENCE = "clstudio-fence"  # an unknown command: "Unrecognized command 'clstudio-fence-…-7'"
_IDS = r"\((\w+),(\w+),(\w+)\)"
_HIT = re.compile(rf"^Breakpoint (\w+) hit at line (\w+) by work-item {_IDS}$")
_SOURCE = re.compile(r"^(\d+)\t(.*)$")
_FUNCTION = re.compile(r"^In function (\w+)\((.*)\) at line (\d+)$")
_SWITCHED = re.compile(rf"^Switched to work-item: {_IDS}$")
_CURRENT = re.compile(rf"^Current work-item: {_IDS}$")
_RUNNING = re.compile(r"^Running kernel '(\w+)'$")
_SIZE = re.compile(rf"^-> (Global work size|Global work offset|Local work size):\s+{_IDS}$")
_VALUE = re.compile(r"^(\S+) = (.*)$")
_FRAME = re.compile(r"^#(\d+) (\w+)\((.*)\) at line (\d+)$")
_ROW = re.compile(r"^\s*([0-9A-F]+):((?: [0-9A-F]{2})+)$")
_BREAKPOINT = re.compile(r"^Breakpoint (\d+): Line (\d+)$")

# Oclgrind's refusals and states, each a whole line, by what they mean.
MESSAGES = {
    "Work-item is at barrier.": "at-barrier",
    "Work-item has finished.": "finished",
    "Work-item has finished execution.": "finished",
    "Work-item has already finished, unable to load state.": "cannot-switch",
    "All work-items finished.": "all-finished",
    "Source line not available.": "no-source-line",
    "Invalid global ID.": "invalid-id",
    "Invalid line number.": "invalid-line",
    "Breakpoint not found.": "no-breakpoint",
    "Invalid breakpoint number.": "no-breakpoint",
    "Invalid memory address.": "invalid-address",
    "Invalid address.": "invalid-address",
    "Invalid size": "invalid-size",
    "Invalid number of arguments.": "invalid-arguments",
    "Variable name(s) required.": "no-variable",
    "Not currently on a line.": "not-on-a-line",
    "Breakpoints only valid when source is available.": "no-source",
    "No source code available.": "no-source",
    "(quit)": "quit",
}


@dataclass(frozen=True)
class StopAnswer:
    """The answer to a command that lets the kernel run (continue, next, step, workitem)."""

    line: int | None  # from the source line Oclgrind printed; None when it printed none
    source: str = ""
    hit: int | None = None  # the breakpoint's number, when one was hit
    hit_by: tuple[int, int, int] | None = None  # the work-item that hit it
    switched_to: tuple[int, int, int] | None = None
    function: str = ""  # "In function f(...)": the stop entered another function
    messages: tuple[str, ...] = ()  # the kinds of MESSAGES, in order
    output: str = ""  # every other line: the kernel's printf


@dataclass(frozen=True)
class InfoAnswer(KernelInfo):
    """`info`: the launch and the current work-item (None when all have finished)."""

    current: tuple[int, int, int] | None
    line: int | None
    finished: bool


@dataclass(frozen=True)
class Frame:
    depth: int
    function: str
    line: int


def fence_token() -> str:
    """A debug process's own fence, drawn when it starts: no kernel can print it."""
    return f"{FENCE}-{secrets.token_hex(16)}"


def fence_answer(token: str, number: int) -> str:
    """Oclgrind's complaint at fence `number` of `token`: the end of an answer."""
    return f"Unrecognized command '{token}-{number}'"


def split_fenced(text: str, token: str) -> tuple[str, ...]:
    """The answers in `text`, one per fence of `token`, the text after the last dropped."""
    fence = re.compile(rf"^Unrecognized command '{re.escape(token)}-\d+'$")
    answers: list[str] = []
    current: list[str] = []
    for line in text.splitlines():
        if fence.match(line):
            answers.append("\n".join(current))
            current = []
        else:
            current.append(line)
    return tuple(answers)


def parse_stop(text: str) -> StopAnswer:
    hit: int | None = None
    hit_by: tuple[int, int, int] | None = None
    switched: tuple[int, int, int] | None = None
    line: int | None = None
    source = function = ""
    messages: list[str] = []
    output: list[str] = []
    lines = text.splitlines()
    for index, row in enumerate(lines):
        if (match := _HIT.match(row)) is not None:
            hit, hit_by = _number(match[1]), _ids(match, 3)
        elif (match := _SWITCHED.match(row)) is not None:
            switched = _ids(match, 1)
        elif (match := _FUNCTION.match(row)) is not None:
            function = match[1]
        elif (match := _SOURCE.match(row)) is not None:
            line, source = int(match[1]), match[2]
        elif row in MESSAGES:
            messages.append(MESSAGES[row])
        elif index > 0 and lines[index - 1] == "Source line not available.":
            continue  # the LLVM instruction Oclgrind shows instead of a line
        else:
            output.append(row)
    return StopAnswer(
        line, source, hit, hit_by, switched, function, tuple(messages), _joined(output)
    )


def parse_values(text: str) -> dict[str, str]:
    """`print a b c[2]`: each expression and the text Oclgrind gave for it."""
    values: dict[str, str] = {}
    for row in text.splitlines():
        if (match := _VALUE.match(row)) is not None:
            values[match[1]] = match[2]
    return values


def parse_info(text: str) -> InfoAnswer | None:
    kernel = ""
    sizes: dict[str, tuple[int, int, int]] = {}
    current: tuple[int, int, int] | None = None
    line: int | None = None
    for row in text.splitlines():
        if (match := _RUNNING.match(row)) is not None:
            kernel = match[1]
        elif (match := _SIZE.match(row)) is not None:
            sizes[match[1]] = _ids(match, 2)
        elif (match := _CURRENT.match(row)) is not None:
            current = _ids(match, 1)
        elif (match := _SOURCE.match(row)) is not None:
            line = int(match[1])
    if not kernel or len(sizes) != 3:
        return None
    finished = current is None or "Work-item has finished." in text.splitlines()
    return InfoAnswer(
        kernel,
        sizes["Global work size"],
        sizes["Global work offset"],
        sizes["Local work size"],
        current,
        line,
        finished,
    )


def parse_dump(text: str) -> tuple[int, bytes] | None:
    """`gmem ADDRESS SIZE` and `lmem ...`: the first address and the bytes from it."""
    start: int | None = None
    data = bytearray()
    for row in text.splitlines():
        if (match := _ROW.match(row)) is not None:
            address = int(match[1], 16)
            if start is None:
                start = address
            elif address != start + len(data):
                return None  # a gap: not one region
            data += bytes(int(byte, 16) for byte in match[2].split())
    return None if start is None else (start, bytes(data))


def parse_backtrace(text: str) -> tuple[Frame, ...]:
    frames = [
        Frame(int(m[1]), m[2], int(m[4]))
        for m in (_FRAME.match(row) for row in text.splitlines())
        if m is not None
    ]
    return tuple(frames)


def parse_breakpoints(text: str) -> dict[int, int]:
    """`info break`: breakpoint number to line."""
    return {
        int(m[1]): int(m[2])
        for m in (_BREAKPOINT.match(row) for row in text.splitlines())
        if m is not None
    }


def _ids(match: re.Match[str], first: int) -> tuple[int, int, int]:
    return (_number(match[first]), _number(match[first + 1]), _number(match[first + 2]))


def _number(text: str) -> int:
    """Decimal, or hexadecimal once a pointer was printed (see the module's note)."""
    return int(text) if text.isdecimal() else int(text, 16)


def _joined(lines: list[str]) -> str:
    return "".join(f"{line}\n" for line in lines)
