"""The string literals of C and C++ source, found by a lexer that knows what hides them.

Comments, character literals, digit separators (`1'000`) and line splices are read as
the compiler reads them, so that a quote inside any of them is not taken for a string.
Raw strings (`R"CLC( … )CLC"`, any delimiter, any prefix) hold their text verbatim;
ordinary literals are decoded escape by escape, and adjacent ones are one string, as
the compiler joins them. Nothing here compiles or runs the file.
"""

from __future__ import annotations

import re

from clstudio.common import gettext
from clstudio.embedded.host_strings import HostScan, HostString, Piece, line_at, line_starts
from clstudio.session import Quoting

_TOKEN = re.compile(
    r"""
    (?P<line_comment>//(?:\\\r?\n|[^\r\n])*)
    | (?P<splice>\\\r?\n)
    | (?P<block_comment>/\*)
    | (?P<raw>(?:u8|[uUL])?R"(?P<delimiter>[^()\\\s"]{0,16})\()
    | (?P<string>(?:u8|[uUL])?")
    | (?P<char>(?:u8|[uUL])?')
    | (?P<number>\.?[0-9](?:'(?=\w)|[eEpP][+-]|[\w.])*)
    | (?P<identifier>[A-Za-z_$][\w$]*)
    | (?P<other>\S)
    """,
    re.VERBOSE,
)
_STRING_REST = re.compile(r'(?:[^"\\\r\n]|\\(?:\r\n|[\s\S]))*"')
_CHAR_REST = re.compile(r"(?:[^'\\\r\n]|\\(?:\r\n|[\s\S]))*'")
_SUFFIX = re.compile(r"[A-Za-z_]\w*")  # a user-defined literal's suffix: "text"_s
_ESCAPE = re.compile(
    r"\\(?:(?P<simple>[ntrabfv\\'\"?])|(?P<octal>[0-7]{1,3})|x(?P<hex>[0-9A-Fa-f]+)"
    r"|u(?P<u4>[0-9A-Fa-f]{4})|U(?P<u8>[0-9A-Fa-f]{8})|(?P<splice>\r?\n)|(?P<other>[\s\S]))"
)
_SIMPLE = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def scan_c(text: str) -> HostScan:
    """Every string of a C or C++ file, adjacent literals joined, in file order."""
    starts = line_starts(text)
    strings: list[HostString] = []
    pieces: list[tuple[Piece, bool]] = []  # the string being read, and whether each is raw
    before = ""  # the token before the string being read
    last = ""  # the last token that is not a comment or a literal

    def close(after: str) -> None:
        if pieces:
            strings.append(_joined(pieces, before, after))
            pieces.clear()

    position = 0
    while (match := _TOKEN.search(text, position)) is not None:
        kind = match.lastgroup
        start = match.start()
        if kind == "block_comment":
            end = text.find("*/", match.end())
            if end < 0:
                problem = gettext("line {line}: a /* comment that never closes")
                close("")
                return HostScan(tuple(strings), problem.format(line=line_at(starts, start)))
            position = end + 2
            continue
        if kind in ("line_comment", "splice"):  # `"…\n" \` lines join literals too
            position = match.end()
            continue
        if kind in ("raw", "string"):
            piece = _raw(text, match, starts) if kind == "raw" else _ordinary(text, match, starts)
            if piece is None:
                problem = gettext("line {line}: a string that never closes")
                close("")
                return HostScan(tuple(strings), problem.format(line=line_at(starts, start)))
            if not pieces:
                before = last
            pieces.append((piece, kind == "raw"))
            suffix = _SUFFIX.match(text, piece.end)
            position = suffix.end() if suffix else piece.end
            continue
        token = match.group()
        if kind == "char":
            # An apostrophe that closes nothing on its line is prose (`#error don't`).
            rest = _CHAR_REST.match(text, match.end())
            position = rest.end() if rest is not None else match.end()
        else:
            position = match.end()
        close(token if kind in ("other", "identifier") else "")
        last = token
    close("")
    return HostScan(tuple(strings))


def _joined(pieces: list[tuple[Piece, bool]], before: str, after: str) -> HostString:
    raws = {raw for _, raw in pieces}
    quoting: Quoting = "mixed" if len(raws) > 1 else ("raw" if True in raws else "c")
    if quoting == "raw" and len(pieces) > 1:
        quoting = "mixed"
    joined = ""
    if before == "+" or after == "+":
        joined = "+"
    elif after[:1].isalpha() or after[:1] == "_":
        joined = after  # a macro between literals: "…" TYPE "…"
    return HostString(tuple(piece for piece, _ in pieces), quoting, joined)


def _raw(text: str, match: re.Match[str], starts: list[int]) -> Piece | None:
    closing = ")" + match.group("delimiter") + '"'
    end = text.find(closing, match.end())
    if end < 0:
        return None
    # Line splices and escapes are not undone in a raw string; line ends read as \n.
    value = text[match.end() : end].replace("\r\n", "\n").replace("\r", "\n")
    return Piece(match.start(), end + len(closing), line_at(starts, match.start()), value)


def _ordinary(text: str, match: re.Match[str], starts: list[int]) -> Piece | None:
    rest = _STRING_REST.match(text, match.end())
    if rest is None:
        return None
    wide = match.group()[:1] in ("L", "u", "U") and not match.group().startswith("u8")
    value = decode_c(text[match.end() : rest.end() - 1], wide)
    return Piece(match.start(), rest.end(), line_at(starts, match.start()), value)


def decode_c(body: str, wide: bool = False) -> str:
    """The text a C literal's body stands for: escapes decoded, line splices removed.

    In a narrow literal an octal or hex escape is a byte of UTF-8; in a wide one
    (L, u, U) it is a character.
    """
    out = bytearray()
    position = 0
    for match in _ESCAPE.finditer(body):
        out += body[position : match.start()].encode("utf-8")
        position = match.end()
        if match.group("splice") is not None:
            continue
        simple = match.group("simple")
        if simple is not None:
            out += _SIMPLE.get(simple, simple).encode("utf-8")
            continue
        number = match.group("octal") or match.group("hex")
        if number is not None:
            code = int(number, 8 if match.group("octal") else 16)
            if wide or code > 0xFF:
                out += chr(min(code, 0x10FFFF)).encode("utf-8", "surrogatepass")
            else:
                out.append(code)
            continue
        universal = match.group("u4") or match.group("u8")
        if universal is not None:
            out += chr(min(int(universal, 16), 0x10FFFF)).encode("utf-8", "surrogatepass")
            continue
        out += match.group("other").encode("utf-8")  # an unknown escape: the character
    out += body[position:].encode("utf-8")
    return out.decode("utf-8", "replace")
