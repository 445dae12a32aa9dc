"""Which buffers a kernel never reads, from its source: those default to `out`.

The driver's argument info tells only `const` (read-only); whether a kernel reads a
non-const buffer it does not say. A buffer the kernel body only assigns to
(`grad[i] = ...`, `vstore4(v, i, grad)`) need not be uploaded before each launch. The
scan is conservative: anything it does not recognise as a plain write (`+=`, `*p`, a
call that takes the pointer) counts as a read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_COMMENTS_AND_STRINGS = re.compile(r"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\])*\"", re.S)
_VSTORE = re.compile(r"\bvstore\w*\s*\(")

__all__ = ["unread_buffers"]


def unread_buffers(source: str, kernel: str, names: Iterable[str]) -> frozenset[str]:
    """The `names` the body of `kernel` in `source` never reads; empty when not found."""
    code = _COMMENTS_AND_STRINGS.sub(" ", source)
    body = _kernel_body(code, kernel)
    if body is None:
        return frozenset()
    return frozenset(name for name in names if not _is_read(body, name))


def _kernel_body(code: str, kernel: str) -> str | None:
    header = re.search(rf"\b(?:__)?kernel\s+void\s+{re.escape(kernel)}\s*\(", code)
    if header is None:
        return None
    start = code.find("{", header.end())
    if start < 0:
        return None
    depth = 0
    for index in range(start, len(code)):
        depth += {"{": 1, "}": -1}.get(code[index], 0)
        if depth == 0:
            return code[start + 1 : index]
    return None


def _is_read(body: str, name: str) -> bool:
    stores = [_call_span(body, match.end()) for match in _VSTORE.finditer(body)]
    for use in re.finditer(rf"(?<![\w.]){re.escape(name)}\b", body):
        if any(_is_last_argument(body, span, use) for span in stores):
            continue
        if not _assigned(body, use.end()):
            return True
    return False


def _assigned(body: str, after: int) -> bool:
    """`name[...] = ` (not `==`) right after `after`: a plain store into the buffer."""
    rest = body[after:].lstrip()
    if not rest.startswith("["):
        return False
    depth = 0
    for index, char in enumerate(rest):
        depth += {"[": 1, "]": -1}.get(char, 0)
        if depth == 0:
            tail = rest[index + 1 :].lstrip()
            return tail.startswith("=") and not tail.startswith("==")
    return False


def _call_span(body: str, open_after: int) -> tuple[int, int]:
    """From just inside a call's `(` to its matching `)`."""
    depth = 1
    for index in range(open_after, len(body)):
        depth += {"(": 1, ")": -1}.get(body[index], 0)
        if depth == 0:
            return open_after, index
    return open_after, len(body)


def _is_last_argument(body: str, span: tuple[int, int], use: re.Match[str]) -> bool:
    """The pointer a vstore writes to is its last argument: `vstore4(v, i, grad)`."""
    start, end = span
    return (
        start <= use.start()
        and use.end() <= end
        and body[use.end() : end].strip() == ""
        and body[start : use.start()].rstrip().endswith(",")
    )
