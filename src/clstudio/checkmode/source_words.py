"""What the source says at a place Oclgrind names: the access expression and its buffer.

Oclgrind's column points at the `=` of a store and at the start of a load's
expression, so `tmp[l] = x` and `... = tmp[(l + 1) % n]` both lead to `tmp`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from clstudio.common import KernelArgInfo
from clstudio.session import SourceMap

_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
# `float window[4];`, `__local float tile[TILE][TILE + 1];`: arrays the kernel declares.
_ARRAY_DECLARATION = re.compile(
    r"\b[A-Za-z_]\w*\s+\**\s*([A-Za-z_]\w*)\s*(?:\[[^\]\n]*\])+\s*[;=,]"
)
_PAIRS = {"]": "[", ")": "("}
_BARRIER = re.compile(r"\b(?:work_group_)?barrier\s*\(([^;]*)\)\s*;")


class SourceWords:
    def __init__(
        self,
        source: str,
        kernel_args: Sequence[KernelArgInfo] = (),
        source_map: SourceMap | None = None,
    ) -> None:
        self._lines = source.splitlines()
        self._map = source_map or SourceMap(())
        declared = {m.group(1) for m in _ARRAY_DECLARATION.finditer(source)}
        pointers = {a.name for a in kernel_args if a.is_pointer}
        self._buffers = pointers | declared

    def place(self, line: int) -> str:
        """How a sentence names a line: `5`, or `reduce2.cl:15` in a program of parts."""
        return self._map.line_name(line)

    def access_text(self, line: int, column: int, is_store: bool) -> str:
        """The expression accessed at a place (`tmp[l]`), or "" when none is found."""
        text = self._line(line)
        index = column - 1
        if not text or not 0 <= index < len(text):
            return ""
        compound = text[index] in "+-*/%&|^" and text[index + 1 : index + 2] == "="
        if is_store and (text[index] == "=" or compound):
            left = text[:index].rstrip().rstrip("+-*/%&|^<>").rstrip()
            return _expression_before(left)
        return _expression_from(text, index)

    def access_column(self, line: int, column: int, is_store: bool) -> int:
        """Where the accessed expression starts: a store's column moves from `=` to `tmp`."""
        text = self._line(line)
        expression = self.access_text(line, column, is_store)
        at_operator = 0 < column <= len(text) and text[column - 1] in "=+-*/%&|^"
        if not (is_store and expression and at_operator):
            return column
        start = text.rfind(expression, 0, column - 1)
        return start + 1 if start >= 0 else column

    def buffer_at(self, line: int, column: int, is_store: bool) -> str | None:
        """The buffer argument or declared array that the access at a place names."""
        expression = self.access_text(line, column, is_store)
        names = [n for n in _IDENTIFIER.findall(expression) if n in self._buffers]
        return names[0] if names else None

    def calls(self, line: int, name: str) -> bool:
        return re.search(rf"\b{re.escape(name)}\s*\(", self._line(line)) is not None

    def first_line_calling(self, prefix: str) -> int:
        """The first line that calls a function whose name starts with `prefix`; 0 if none."""
        pattern = re.compile(rf"\b{re.escape(prefix)}\w*\s*\(")
        return next((i for i, text in enumerate(self._lines, 1) if pattern.search(text)), 0)

    def barrier_between(self, first: int, last: int, fence: str) -> tuple[int, str] | None:
        """A barrier between two lines that lacks `fence`, with its line and flags; None
        when there is none, or when one between them has it."""
        wrong = None
        for number in range(min(first, last) + 1, max(first, last)):
            for found in _BARRIER.finditer(self._line(number)):
                flags = " ".join(found.group(1).split())
                if fence in flags:
                    return None
                wrong = wrong or (number, flags)
        return wrong

    def _line(self, line: int) -> str:
        return self._lines[line - 1] if 1 <= line <= len(self._lines) else ""


def _expression_before(text: str) -> str:
    """The postfix expression ending `text`: `out[get_global_id(0)]`, `((float *)a)[i]`."""
    end = len(text)
    start = end
    while start > 0:
        char = text[start - 1]
        if char in _PAIRS:
            opening = _matching_open(text, start - 1)
            if opening is None:
                break
            start = opening
        elif char.isalnum() or char in "_.":
            start -= 1
        else:
            break
    return text[start:end].strip()


def _expression_from(text: str, index: int) -> str:
    """The postfix expression starting at `index`: `tmp[(l + 1) % n]`."""
    position = index
    if text[position] == "(":
        position = _matching_close(text, position)
    else:
        match = _IDENTIFIER.match(text, position)
        if match is None:
            return ""
        position = match.end() - 1
    while position + 1 < len(text) and text[position + 1] == "[":
        position = _matching_close(text, position + 1)
    return text[index : position + 1]


def _matching_open(text: str, close: int) -> int | None:
    depth = 0
    for position in range(close, -1, -1):
        if text[position] in _PAIRS:
            depth += 1
        elif text[position] in "[(":
            depth -= 1
            if depth == 0:
                return position
    return None


def _matching_close(text: str, opening: int) -> int:
    depth = 0
    for position in range(opening, len(text)):
        if text[position] in "[(":
            depth += 1
        elif text[position] in "])":
            depth -= 1
            if depth == 0:
                return position
    return len(text) - 1
