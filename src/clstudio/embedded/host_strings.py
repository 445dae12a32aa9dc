"""The string literals of a host source file, as data: where each lies and what it holds.

A kernel embedded in host code is one string of the host language, written as one or
several literals (adjacent C literals, or Python's implicit concatenation); `HostString`
keeps each literal's exact span in the file, so that writing back replaces those
characters alone.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from clstudio.session import Quoting

_NEWLINES = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class Piece:
    """One literal token: its span in the file's text (prefix and quotes included),
    the line it starts on (1-based) and the text it stands for."""

    start: int
    end: int
    line: int
    value: str


@dataclass(frozen=True)
class HostString:
    """One string of the host program: its literals in order, and how they are quoted.

    `joined` names what joins it to other text at run time (`+`, a macro, `.format`),
    so that it is only part of what the host program builds; "" when it stands alone.
    """

    pieces: tuple[Piece, ...]
    quoting: Quoting
    joined: str = ""

    @property
    def text(self) -> str:
        return "".join(piece.value for piece in self.pieces)

    @property
    def line(self) -> int:
        return self.pieces[0].line

    @property
    def start(self) -> int:
        return self.pieces[0].start

    @property
    def end(self) -> int:
        return self.pieces[-1].end

    def host_line(self, text_line: int, file_text: str) -> int:
        """The line of the host file where line `text_line` (1-based) of the string is.

        A literal that spans lines (a raw or triple-quoted string) keeps the string's
        lines one for one; a literal on one line holds all of its lines there.
        """
        text = self.text
        offset = 0  # where line `text_line` starts in the text
        for _ in range(text_line - 1):
            offset = text.find("\n", offset) + 1
            if offset == 0:
                return self.pieces[-1].line
        taken = 0
        for piece in self.pieces:
            if offset < taken + len(piece.value) or piece is self.pieces[-1]:
                written = file_text[piece.start : piece.end]
                inside = piece.value.count("\n", 0, offset - taken)
                if len(_NEWLINES.findall(written)) == piece.value.count("\n"):
                    return piece.line + inside
                return piece.line
            taken += len(piece.value)
        return self.pieces[-1].line


@dataclass(frozen=True)
class HostScan:
    """Every string of a host file, in order, and the strings that never close."""

    strings: tuple[HostString, ...]
    problem: str = ""  # why the scan stopped early (a string or comment that never closes)


def line_starts(text: str) -> list[int]:
    """The offset where each line starts; a line ends at \\n, \\r\\n or \\r."""
    return [0, *(match.end() for match in _NEWLINES.finditer(text))]


def line_at(starts: list[int], offset: int) -> int:
    """The 1-based line that holds `offset`."""
    return bisect.bisect_right(starts, offset)
