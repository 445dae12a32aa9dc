"""What Enter, Tab and a closing brace do to indentation: the rules, without the widget."""

from __future__ import annotations

INDENT_WIDTH = 4
INDENT = " " * INDENT_WIDTH


def leading_whitespace(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" \t"))]


def newline_indents(before: str, after: str) -> tuple[str, str | None]:
    """Indentation for Enter pressed between `before` and `after` (the line's two halves).

    Returns the new line's indentation and, when the cursor sits between `{` and `}`,
    the indentation of a further line that takes the `}`; otherwise None.
    """
    base = leading_whitespace(before)
    if not before.rstrip().endswith("{"):
        return base, None
    inner = base + INDENT
    if after.lstrip().startswith("}"):
        return inner, base
    return inner, None


def dedented(whitespace: str) -> str:
    """`whitespace` one level shallower: a closing brace typed on a blank line goes here."""
    if whitespace.endswith("\t"):
        return whitespace[:-1]
    spaces = len(whitespace) - len(whitespace.rstrip(" "))
    remove = min(spaces, (spaces - 1) % INDENT_WIDTH + 1) if spaces else 0
    return whitespace[: len(whitespace) - remove]


def spaces_to_tab_stop(column: int) -> str:
    """The spaces Tab inserts at a 0-based column: up to the next multiple of four."""
    return " " * (INDENT_WIDTH - column % INDENT_WIDTH)


def unindented(line: str) -> str:
    """`line` with one level of indentation removed (Shift+Tab)."""
    if line.startswith("\t"):
        return line[1:]
    spaces = len(line) - len(line.lstrip(" "))
    return line[min(spaces, INDENT_WIDTH) :]
