"""A program built from several source parts, as host code assembles it.

Host programs often build one program from pieces: a generated header, definitions
prepended or appended, the kernel file. The compiler sees the parts joined, and
numbers lines in the joined text; SourceMap takes those numbers back to a part and
its own line, for the editor, the Problems list and every command's messages.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass

from clstudio.common import gettext

__all__ = ["SourceMap", "SourcePart", "joined_source", "part_text"]


@dataclass(frozen=True)
class SourcePart:
    """One piece of the program's text: written in the session, or read from `file`."""

    text: str
    file: str | None = None  # as written in the session file, relative to it

    def label(self, index: int) -> str:
        """What messages and the editor's tabs call the part: its file, else its number."""
        if self.file is not None:
            return self.file
        return gettext("part {number}").format(number=index + 1)


def part_text(text: str) -> str:
    """A part as it goes into the program: ending with a line break, so that the next
    part starts on a line of its own (an empty part adds nothing)."""
    return text if not text or text.endswith("\n") else text + "\n"


def joined_source(parts: Sequence[SourcePart]) -> str:
    """The program's text: the parts in order, each ending with a line break."""
    return "".join(part_text(part.text) for part in parts)


class SourceMap:
    """Lines of the joined program to (part, line) and back; one part: the identity."""

    def __init__(self, parts: Sequence[SourcePart]) -> None:
        self.parts = tuple(parts)
        self._starts: list[int] = []  # the joined line before each part's first
        before = 0
        for part in self.parts:
            self._starts.append(before)
            before += part_text(part.text).count("\n")
        self._total = before

    @property
    def is_split(self) -> bool:
        return len(self.parts) > 1

    def locate(self, line: int) -> tuple[int, int]:
        """(part index, 1-based line in it) of a 1-based joined line; past the end: the last
        part's. An empty part holds no line: of equal starts the last is taken."""
        if not self.parts:
            return 0, line
        index = max(0, bisect.bisect_left(self._starts, line) - 1)
        return index, line - self._starts[index]

    def joined_line(self, index: int, line: int) -> int:
        """The joined line of a part's 1-based line."""
        if not self.parts:
            return line
        return self._starts[index] + line

    def lines_of(self, index: int) -> range:
        """The joined lines the part holds."""
        start = self._starts[index] if self.parts else 0
        end = self._starts[index + 1] if index + 1 < len(self._starts) else self._total
        return range(start + 1, end + 1)

    def part_named(self, label: str) -> int | None:
        """The index of the part a message calls `label` (its file, or `part N`; or N)."""
        for index, part in enumerate(self.parts):
            if label in (part.label(index), part.file, str(index + 1)):
                return index
        return None

    def place(self, line: int, whole_name: str) -> str:
        """`defs.h:3` for a joined line in a split program; `whole_name:line` otherwise."""
        return self.line_name(line) if self.is_split else f"{whole_name}:{line}"

    def line_name(self, line: int) -> str:
        """A joined line as the learner finds it: `defs.h:3` in a split program, else `3`."""
        if not self.is_split:
            return str(line)
        index, own = self.locate(line)
        return f"{self.parts[index].label(index)}:{own}"
