"""The string literals of Python source, found by Python's own tokenizer.

`tokenize` splits the file exactly as Python would, and each string token's value comes
from `ast.literal_eval` of that token alone: the file is never compiled or run.
Adjacent literals (inside parentheses, across lines and comments) are one string, as
Python joins them. f-strings and bytes are not text a kernel can be read from.
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Callable

from clstudio.common import gettext
from clstudio.embedded.host_strings import HostScan, HostString, Piece, line_starts

# Between two literals of one string: Python joins them across these.
_GAP = (tokenize.NL, tokenize.COMMENT)
_JOINERS = ("+", "%")


def string_prefix(token: str) -> str:
    """The letters before a Python literal's quote: "", "r", "Rb", "f"."""
    return token[: len(token) - len(token.lstrip("rRbBuUfF"))]


def scan_python(text: str) -> HostScan:
    """Every string of a Python file, adjacent literals joined, in file order."""
    starts = line_starts(text)
    strings: list[HostString] = []
    pieces: list[Piece] = []
    before = ""
    last = ""
    problem = ""

    def offset(row: int, column: int) -> int:
        return starts[row - 1] + column

    def close(after: str) -> None:
        if pieces:
            joined = next((j for j in (before, after) if j in _JOINERS), "")
            if after == "." and not joined:
                joined = "."  # "….".format(…) or "…".join(…)
            strings.append(HostString(tuple(pieces), "python", joined))
            pieces.clear()

    tokens = tokenize.generate_tokens(io.StringIO(text, newline="").readline)
    try:
        for token in tokens:
            if token.type == tokenize.STRING:
                piece = _piece(token, offset)
                if piece is None:  # bytes or an f-string: it ends the string being read
                    close(token.string)
                    if "f" in string_prefix(token.string).lower():
                        strings.append(_formatted(token, offset))
                    last = token.string
                    continue
                if not pieces:
                    before = last
                pieces.append(piece)
            elif token.type in _GAP:
                continue
            elif token.type == tokenize.ERRORTOKEN and token.string[:1] in ("'", '"'):
                problem = gettext("line {line}: a string that never closes").format(
                    line=token.start[0]
                )
                break
            else:
                close(token.string)
                if token.type not in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
                    last = token.string
    except tokenize.TokenError as exc:
        line = exc.args[1][0] if len(exc.args) > 1 else len(starts)
        problem = gettext("line {line}: a string that never closes").format(line=line)
    except (SyntaxError, ValueError) as exc:  # inconsistent indentation, a NUL
        where = getattr(exc, "lineno", None)
        said = gettext("Python cannot read it: {reason}").format(reason=getattr(exc, "msg", exc))
        problem = gettext("line {line}: {problem}").format(line=where, problem=said)
    if not problem:
        close("")
    return HostScan(tuple(strings), problem)


Offset = Callable[[int, int], int]


def _formatted(token: tokenize.TokenInfo, offset: Offset) -> HostString:
    """An f-string, its text as written: built at run time, so it is never opened."""
    piece = Piece(offset(*token.start), offset(*token.end), token.start[0], token.string)
    return HostString((piece,), "python", "f-string")


def _piece(token: tokenize.TokenInfo, offset: Offset) -> Piece | None:
    prefix = string_prefix(token.string).lower()
    if "b" in prefix or "f" in prefix:
        return None
    try:
        value = ast.literal_eval(token.string)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None
    if not isinstance(value, str):
        return None
    return Piece(offset(*token.start), offset(*token.end), token.start[0], value)
