"""Numbers and text as program text: every session value reaches a program through here.

A float32 written with its shortest unique digits reads back as the same float32 in
both languages (via a double in Python, which cannot change it: 53 >= 2 * 24 + 2 bits).
Text comes from session files that someone else wrote, so it is escaped once, here, by
one function per language and place (a string literal, a comment), and nowhere else.
"""

from __future__ import annotations

import math
import re

import numpy as np

C_TYPES = {
    "int8": "cl_char",
    "uint8": "cl_uchar",
    "int16": "cl_short",
    "uint16": "cl_ushort",
    "int32": "cl_int",
    "uint32": "cl_uint",
    "int64": "cl_long",
    "uint64": "cl_ulong",
    "float16": "cl_half",
    "float32": "cl_float",
    "float64": "cl_double",
}


def c_type(dtype: np.dtype, lanes: int = 1) -> str:
    """The host type of the OpenCL C API headers: cl_float, cl_uint4."""
    base = C_TYPES[dtype.name]
    return base if lanes == 1 else f"{base}{lanes}"


def _float_digits(value: float, dtype: np.dtype) -> str:
    scalar = dtype.type(value)
    if value == 0 or 1e-4 <= abs(value) < 1e16:
        return np.format_float_positional(scalar, unique=True, trim="0")
    return np.format_float_scientific(scalar, unique=True, trim="0")


def python_number(value: int | float, dtype: np.dtype) -> str:
    """A literal for np.array(..., dtype=dtype) or np.<dtype>(...)."""
    if dtype.kind in "iub":
        return str(int(value))
    if math.isnan(value):
        return "np.nan"
    if math.isinf(value):
        return "np.inf" if value > 0 else "-np.inf"
    return _float_digits(float(value), dtype)


def c_number(value: int | float, dtype: np.dtype) -> str:
    """A C literal of the host type: 2.5f, 7u, -3LL, INFINITY."""
    if dtype.kind in "iub":
        number = int(value)
        if dtype.itemsize == 8:
            return f"{number}ULL" if dtype.kind == "u" else f"{number}LL"
        if dtype.kind == "u":
            return f"{number}u"
        if number == -(2**31):
            return "(-2147483647 - 1)"
        return str(number)
    if dtype.name == "float16":
        return str(int(np.float16(value).view(np.uint16)))  # cl_half holds the bits
    suffix = "f" if dtype.name == "float32" else ""
    if math.isnan(value):
        return "NAN"
    if math.isinf(value):
        return "INFINITY" if value > 0 else "-INFINITY"
    return _float_digits(float(value), dtype) + suffix


def wrapped(items: list[str], width: int, indent: str) -> list[str]:
    """Comma-separated items in lines of at most `width` characters after `indent`."""
    lines, line = [], ""
    for item in items:
        piece = f"{item},"
        if line and len(indent) + len(line) + 1 + len(piece) > width:
            lines.append(indent + line)
            line = piece
        else:
            line = f"{line} {piece}" if line else piece
    if line:
        lines.append(indent + line)
    return lines


def python_string(text: str) -> str:
    """A Python string literal of `text`: repr(), which escapes all that could end it,
    in double quotes as the rest of the program writes them.

    repr doubles every backslash, so each `"` inside its single quotes follows an even
    number of them, and escaping it cannot pair with one.
    """
    literal = repr(text)
    if literal.startswith('"'):
        return literal
    return '"' + literal[1:-1].replace('"', '\\"') + '"'


def c_string(text: str) -> str:
    """A C string literal of `text`'s UTF-8 bytes that holds printable ASCII alone.

    Every other byte, and `"`, `\\` and `?` (which starts trigraphs), is a three-digit
    octal escape: an octal escape ends after three digits, where a hex escape would
    swallow a hex digit that follows it.
    """
    return '"' + "".join(_C_BYTES[byte] for byte in text.encode("utf-8")) + '"'


_C_BYTES = [
    chr(byte) if 0x20 <= byte < 0x7F and chr(byte) not in '"\\?' else f"\\{byte:03o}"
    for byte in range(256)
]


def c_text_string(text: str, prefix: str = "") -> str:
    """A C string literal of program text that stays readable: `\\n`, `\\t`, `\\"` and
    `\\\\` as people write them, a `?` after a `?` escaped (so no trigraph forms),
    and every other byte outside printable ASCII a three-digit octal escape.

    For a line of a kernel written back into the host file it came from; `prefix` is
    the literal's own (`u8`, `L`): a wide literal takes characters, so non-ASCII text in
    one is written as `\\u` escapes instead of bytes.
    """
    wide = prefix in ("L", "u", "U")
    out = []
    for index, ch in enumerate(text):
        if ch in _C_READABLE:
            out.append(_C_READABLE[ch])
        elif ch == "?" and text[index - 1 : index] == "?":
            out.append("\\?")
        elif " " <= ch <= "~":
            out.append(ch)
        elif wide:
            out.append(f"\\u{ord(ch):04x}" if ord(ch) < 0x10000 else f"\\U{ord(ch):08x}")
        else:
            out.extend(_C_BYTES[byte] for byte in ch.encode("utf-8", "surrogatepass"))
    return f'{prefix}"{"".join(out)}"'


_C_READABLE = {"\n": "\\n", "\t": "\\t", '"': '\\"', "\\": "\\\\"}


def python_string_like(text: str, prefix: str, quote: str) -> str:
    """A Python literal of `text` with a given prefix (no `r`) and quote (`'`, `\"`,
    `'''` or `\"\"\"`), for a string written back in the style it was written in.

    A triple-quoted literal keeps its line breaks and tabs; a quote character is escaped
    where it could end the literal (any quote of a single-quoted one; in a triple-quoted
    one, each that another follows, and a last one); backslashes are doubled and other
    characters that are not printable take Python's escapes.
    """
    triple = len(quote) == 3
    mark = quote[0]
    out = []
    for index, ch in enumerate(text):
        if ch == "\\":
            out.append("\\\\")
        elif ch == mark:
            following = text[index + 1 : index + 2]
            out.append("\\" + ch if not triple or following in (mark, "") else ch)
        elif (triple and ch in "\n\t") or ch.isprintable():
            out.append(ch)
        else:
            out.append(repr(ch)[1:-1])
    return f"{prefix}{quote}{''.join(out)}{quote}"


def visible_text(text: str) -> str:
    """`text` on one line: each character that is not printable written as its escape.

    The escapes are Python's (\\x00, \\u2028), so in a Python docstring they mean the
    character itself again; printable text, Chinese included, stays as it is.
    """
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def python_comment(text: str) -> str:
    """Text for a `#` comment: one line, nothing that the tokenizer could stop at."""
    return visible_text(text)


def python_docstring_line(text: str) -> str:
    """Text for a line of a triple-quoted docstring that reads back as `text` itself."""
    escaped = visible_text(text.replace("\\", "\\\\"))
    return re.sub('(?<=")"', '\\\\"', escaped)


def c_comment(text: str) -> str:
    """Text for a /* */ comment: one line that neither ends nor opens a comment.

    A space goes between `*` and `/` in either order, and between two `?` (a trigraph
    `??/` would be a backslash under -std=c99).
    """
    return re.sub(r"(?<=\*)(?=/)|(?<=/)(?=\*)|(?<=\?)(?=\?)", " ", visible_text(text))
