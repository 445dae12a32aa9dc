"""argparse in the user's language: its own words, and help wrapped to the terminal's columns.

Python ships no catalogue for argparse's texts ("usage:", "options", "-h", and the errors
of a wrong command line), so the parser takes them from CL Studio's: while it parses,
argparse's own gettext is CL Studio's, which knows the texts listed in USAGE_ERRORS. A
Chinese character fills two terminal columns and a line may break between any two of them,
which textwrap (counting characters, breaking at spaces) does not know: help holding such
characters is wrapped here instead.
"""

from __future__ import annotations

import argparse
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from clstudio.common import N_, gettext, ngettext

_WIDE = ("W", "F")  # east_asian_width of the characters that fill two columns
# Chinese punctuation never starts a line: it may hang past the width instead (argparse
# leaves two columns free).
_CLOSING = frozenset("，。、；：！？）」』”")


# argparse's texts for a wrong command line (Python 3.11's words), for the catalogue.
USAGE_ERRORS = (
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)


class TranslatedParser(argparse.ArgumentParser):
    """An ArgumentParser whose own words (usage, group titles, -h, its errors) are in the
    user's language; its subparsers are of the same class."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options, add_help=False, formatter_class=_HelpFormatter)
        self._positionals.title = gettext("positional arguments")
        self._optionals.title = gettext("options")
        self.add_argument(
            "-h", "--help", action="help", help=gettext("show this help message and exit")
        )

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        with _argparse_speaking_the_users_language():
            return super().parse_known_args(args, namespace)

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        # "unrecognized arguments" is said here, past parse_known_args
        with _argparse_speaking_the_users_language():
            return super().parse_args(args, namespace)


@contextmanager
def _argparse_speaking_the_users_language() -> Iterator[None]:
    """argparse looks up its gettext at each message: CL Studio's answers while this lasts."""
    module: Any = argparse
    before = module._, module.ngettext
    module._, module.ngettext = gettext, ngettext
    try:
        yield
    finally:
        module._, module.ngettext = before


class _HelpFormatter(argparse.HelpFormatter):
    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, gettext("usage: ") if prefix is None else prefix)

    def _split_lines(self, text: str, width: int) -> list[str]:
        if not _has_wide(text):
            return super()._split_lines(text, width)
        return wrapped(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if not _has_wide(text):
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line for line in wrapped(text, width - len(indent)))


def wrapped(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` terminal columns (a longer word stands alone, and
    closing punctuation may hang past the end)."""
    lines: list[str] = []
    line, used = "", 0
    for piece in _pieces(" ".join(text.split())):
        size = columns(piece)
        if used + size > width and line.strip() and piece not in _CLOSING:
            lines.append(line.rstrip())
            line, used = "", 0
            if piece == " ":
                continue
        line += piece
        used += size
    if line.strip():
        lines.append(line.rstrip())
    return lines


def columns(text: str) -> int:
    """The terminal columns `text` fills: two for each wide (CJK) character."""
    return sum(2 if unicodedata.east_asian_width(c) in _WIDE else 1 for c in text)


def _has_wide(text: str) -> bool:
    return columns(text) > len(text)


def _pieces(text: str) -> list[str]:
    """Spaces, wide characters one by one, and the runs of other characters between them."""
    pieces: list[str] = []
    for char in text:
        if pieces and _joins(pieces[-1][-1]) and _joins(char):
            pieces[-1] += char
        else:
            pieces.append(char)
    return pieces


def _joins(char: str) -> bool:
    """Whether `char` belongs to a word that must not break: neither a space nor wide."""
    return char != " " and unicodedata.east_asian_width(char) not in _WIDE
