"""Converting between the three ways of counting a position in a line of source.

Compilers count columns in UTF-8 bytes from 1, Python counts code points from 0, and Qt's
documents count UTF-16 code units. They agree on ASCII, and a learner's comment in Greek or
an emoji must not push a squiggle off its token.
"""

from __future__ import annotations

import re

_WORD = re.compile(r"\w+")
# 2.5f, 0x1Fu, 1e-3h: a number with its fraction, exponent and suffix.
_NUMBER = re.compile(r"(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\w*")


def char_index(line: str, byte_column: int) -> int:
    """The 0-based index of the character at a compiler's 1-based byte column.

    A column past the end of the line gives len(line).
    """
    encoded = line.encode("utf-8")
    offset = max(0, min(byte_column - 1, len(encoded)))
    return len(encoded[:offset].decode("utf-8", errors="ignore"))


def utf16_length(text: str) -> int:
    """How many positions `text` takes in a QTextDocument."""
    return len(text.encode("utf-16-le")) // 2


def utf16_to_index(text: str, position: int) -> int:
    """The Python index of a QTextDocument position counted from the start of `text`."""
    if text.isascii():
        return position
    units = 0
    for index, char in enumerate(text):
        if units >= position:
            return index
        units += 2 if ord(char) > 0xFFFF else 1
    return len(text)


def index_to_utf16(text: str, index: int) -> int:
    """The QTextDocument position of Python index `index` in `text`."""
    return index if text.isascii() else utf16_length(text[:index])


def token_span(line: str, index: int) -> tuple[int, int] | None:
    """The characters a squiggle at `index` underlines, wide enough for a learner to see.

    A word or a number is underlined whole, even when the column points inside it. At
    a character that starts no token (an operator, a bracket), the rest of the line is
    underlined. Past the end (clang's "expected ';'" points just after the last token),
    the last run of non-blank text is. An empty or blank line underlines nothing.
    """
    stripped = line.rstrip()
    if not stripped.strip():
        return None
    if index >= len(stripped):
        last = stripped.split()[-1]
        return len(stripped) - len(last), len(stripped)
    start = index
    if _is_word_char(line[index]):
        while start > 0 and _is_word_char(line[start - 1]):
            start -= 1
    for pattern in (_NUMBER, _WORD):
        match = pattern.match(line, start)
        if match is not None:
            return match.span()
    return index, len(stripped)


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char == "_"


def line_span(line: str) -> tuple[int, int] | None:
    """The visible text of a line, for a message with a line but no column."""
    stripped = line.strip()
    if not stripped:
        return None
    start = len(line) - len(line.lstrip())
    return start, start + len(stripped)
