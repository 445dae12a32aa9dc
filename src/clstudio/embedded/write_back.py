"""An edited kernel written back into the string of the host file it came from.

Only the characters of that string change, and they are written in the string's own
quoting: a raw string verbatim with its delimiter, C literals line by line in the
same layout, Python literals with their prefix and quotes. The new file is read again
before anything is written, and must give back exactly the edited text. A file that
changed since the session read it is not replaced unless the caller says so.
"""

from __future__ import annotations

import ast
import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from clstudio.common import gettext, write_bytes_atomically
from clstudio.embedded.c_strings import scan_c
from clstudio.embedded.host_files import (
    HostFileError,
    decode_host_text,
    language_of,
    read_host_bytes,
)
from clstudio.embedded.host_strings import HostString
from clstudio.embedded.python_strings import scan_python, string_prefix
from clstudio.hostcode.literals import c_text_string, python_string_like
from clstudio.session import EmbeddedIn

_RAW_OPENING = re.compile(r'((?:u8|[uUL])?)R"([^()\\\s"]{0,16})\(')
_LINES = re.compile(r"[^\n]*\n|[^\n]+")
_Maker = Callable[[str], str]
_BLANK_GAP = re.compile(r"(?:\s|\\\r?\n)*")  # spaces, line breaks and `\` line splices


class WriteBackError(Exception):
    """The kernel cannot be written back; the message says why and what to do."""


class FileChangedError(WriteBackError):
    """The host file is not the one the session read: writing would replace others' work."""


@dataclass(frozen=True)
class WrittenBack:
    origin: EmbeddedIn  # the session's record, fingerprinting the file as now written
    changed: bool  # False when the string already held the text: nothing was written


def write_back(path: Path, origin: EmbeddedIn, text: str, force: bool = False) -> WrittenBack:
    """Write `text` into the string `origin` names, in the file at `path`.

    Raises FileChangedError when the file's bytes are not those the session read (unless
    `force`), and WriteBackError when the text cannot be written as the string is quoted.
    """
    language = language_of(path)
    if language is None:
        problem = gettext("{file}: not a host source file")
        raise WriteBackError(problem.format(file=path))
    try:
        data = read_host_bytes(path)
        old_text, encoding = decode_host_text(path, data, language)
    except HostFileError as exc:
        raise WriteBackError(str(exc)) from None
    scan = scan_c(old_text) if language == "c" else scan_python(old_text)
    found = (
        origin.index < len(scan.strings) and scan.strings[origin.index].quoting == origin.quoting
    )
    string = scan.strings[origin.index] if found else None
    sha256 = hashlib.sha256(data).hexdigest()
    if string is not None and string.text == text:
        return WrittenBack(replace(origin, sha256=sha256, line=string.line), False)
    if sha256 != origin.sha256 and not force:
        problem = gettext(
            "{file} has changed since the kernel was read from it; writing now would replace "
            "those changes"
        )
        raise FileChangedError(problem.format(file=path))
    if string is None:
        problem = gettext(
            "{file}: the string the kernel came from (line {line}) is no longer there"
        )
        raise WriteBackError(problem.format(file=path, line=origin.line))
    new_text = old_text[: string.start] + written(string, text, old_text) + old_text[string.end :]
    again = scan_c(new_text) if language == "c" else scan_python(new_text)
    if (
        again.problem
        or len(again.strings) != len(scan.strings)
        or again.strings[origin.index].text != text
    ):
        problem = gettext(
            "{file}: the edited kernel cannot be written as this string is quoted (line {line}); "
            "nothing was written"
        )
        raise WriteBackError(problem.format(file=path, line=string.line))
    try:
        new_data = new_text.encode(encoding)
    except UnicodeEncodeError as exc:
        problem = gettext("{file}: the edited kernel holds {text}, which {encoding} cannot write")
        raise WriteBackError(
            problem.format(
                file=path, text=ascii(exc.object[exc.start : exc.end]), encoding=encoding
            )
        ) from None
    try:
        write_bytes_atomically(path.resolve(), new_data)
    except OSError as exc:
        problem = gettext("{file}: cannot write it: {reason}")
        raise WriteBackError(problem.format(file=path, reason=exc.strerror or exc)) from None
    new_sha256 = hashlib.sha256(new_data).hexdigest()
    return WrittenBack(replace(origin, sha256=new_sha256, line=string.line), True)


def written(string: HostString, text: str, file_text: str) -> str:
    """The string's new literals: `text` in the string's own quoting and layout."""
    first = string.pieces[0]
    token = file_text[first.start : first.end]
    newline = "\r\n" if "\r\n" in file_text[string.start : string.end] else "\n"
    if string.quoting == "raw":
        return _raw(token, text, newline, string.line)
    if string.quoting == "mixed":
        problem = gettext(
            "line {line}: the string joins a raw string with other literals; "
            "write it as one kind to write the kernel back"
        )
        raise WriteBackError(problem.format(line=string.line))
    if string.quoting == "python":
        prefix = string_prefix(token)
        quote = token[len(prefix) : len(prefix) + 3]
        quote = quote if quote in ('"""', "'''") else quote[0]
        make = _python_maker(prefix, quote, string.line)
    else:
        make = _c_maker(token[: token.index('"')])
    if len(string.pieces) == 1:
        literal = make(text)
        return literal.replace("\n", newline) if newline != "\n" else literal
    gap = file_text[first.end : string.pieces[1].start]
    if not _BLANK_GAP.fullmatch(gap):  # a comment between them: start lines as the second does
        line_start = file_text.rfind("\n", 0, string.pieces[1].start) + 1
        gap = newline + " " * (string.pieces[1].start - line_start)
    return gap.join(make(line) for line in _LINES.findall(text) or [""])


def _raw(token: str, text: str, newline: str, line: int) -> str:
    opening = _RAW_OPENING.match(token)
    assert opening is not None
    closing = ")" + opening.group(2) + '"'
    if closing in text:
        problem = gettext(
            "line {line}: the edited kernel contains {closing}, which would end the raw string "
            'R"{delimiter}( early; change that text, or give the raw string another delimiter '
            'in the host file (R"X( … )X") and import it again'
        )
        raise WriteBackError(problem.format(line=line, closing=closing, delimiter=opening.group(2)))
    if "\r" in text.replace("\r\n", ""):
        problem = gettext(
            "line {line}: the edited kernel holds a carriage return alone, "
            "which a raw string cannot keep"
        )
        raise WriteBackError(problem.format(line=line))
    return opening.group() + text.replace("\n", newline) + closing


def _c_maker(prefix: str) -> _Maker:
    return lambda text: c_text_string(text, prefix)


def _python_maker(prefix: str, quote: str, line: int) -> _Maker:
    if "r" not in prefix.lower():
        return lambda text: python_string_like(text, prefix, quote)

    def raw(text: str) -> str:
        literal = f"{prefix}{quote}{text}{quote}"
        try:
            same = ast.literal_eval(literal) == text
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            same = False
        if not same:
            problem = gettext(
                "line {line}: the edited kernel cannot be written in this raw string "
                "({prefix}{quote}…{quote}): it holds its closing quotes, a backslash before "
                "them, or a line break it cannot keep; remove the r prefix in the host file "
                "and import it again"
            )
            raise WriteBackError(problem.format(line=line, prefix=prefix, quote=quote))
        return literal

    return raw
