"""Which bracket pairs with the one beside the cursor, ignoring comments and strings."""

from __future__ import annotations

import re

PAIRS = {"(": ")", "[": "]", "{": "}"}
_CLOSERS = {close: open_ for open_, close in PAIRS.items()}
_NOT_CODE = re.compile(
    r"""//[^\n]*|/\*.*?(?:\*/|\Z)|"(?:\\.|[^"\\\n])*"?|'(?:\\.|[^'\\\n])*'?""", re.DOTALL
)


def _blank(match: re.Match[str]) -> str:
    text = match.group()
    if "\n" not in text:
        return " " * len(text)
    return "\n".join(" " * len(line) for line in text.split("\n"))


def code_only(text: str) -> str:
    """`text` with comments and string literals blanked out, every index kept in place."""
    return _NOT_CODE.sub(_blank, text)


def bracket_at(code: str, cursor: int) -> int | None:
    """The bracket just before the cursor, else the one just after it, else None."""
    for index in (cursor - 1, cursor):
        if 0 <= index < len(code) and (code[index] in PAIRS or code[index] in _CLOSERS):
            return index
    return None


def partner(code: str, index: int) -> int | None:
    """The index of the bracket pairing with code[index], or None when it has none."""
    char = code[index]
    if char in PAIRS:
        mate, step, end = PAIRS[char], 1, len(code)
    elif char in _CLOSERS:
        mate, step, end = _CLOSERS[char], -1, -1
    else:
        return None
    depth = 0
    for position in range(index, end, step):
        if code[position] == char:
            depth += 1
        elif code[position] == mate:
            depth -= 1
            if depth == 0:
                return position
    return None


def match_brackets(text: str, cursor: int) -> tuple[int, int | None] | None:
    """The bracket beside `cursor` and its partner (None when unmatched), in Python indices.

    None when no bracket of code is beside the cursor: a bracket inside a comment or a
    string literal pairs with nothing.
    """
    code = code_only(text)
    index = bracket_at(code, cursor)
    if index is None:
        return None
    return index, partner(code, index)
