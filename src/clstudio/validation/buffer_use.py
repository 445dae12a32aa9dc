"""Which buffers a kernel never reads, from its source: those default to `out`; and which
pointers it dereferences without testing them first: NULL must not be passed there.

The driver's argument info tells only `const` (read-only); whether a kernel reads a
non-const buffer it does not say. A buffer the kernel body only assigns to
(`grad[i] = ...`, `vstore4(v, i, grad)`) need not be uploaded before each launch. The
scan is conservative: anything it does not recognise as a plain write (`+=`, `*p`, a
call that takes the pointer) counts as a read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from clstudio.common import kernel_word_pattern
from clstudio.session import NullArg, Session, bound_name, leaf_launches

_COMMENTS_AND_STRINGS = re.compile(r"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\])*\"", re.S)
_VSTORE = re.compile(r"\bvstore\w*\s*\(")

# A use of a pointer as a condition: `p ?`, `p && …`, `p == 0`, `!p`, `if (p)`.
_TEST_AFTER = re.compile(r"\s*(?:\?|&&|\|\||==|!=)")
_TEST_BEFORE = re.compile(r"(?:!|&&|\|\||==|!=)\s*$")

__all__ = ["null_dereferences", "null_reads", "unread_buffers"]


def unread_buffers(source: str, kernel: str, names: Iterable[str]) -> frozenset[str]:
    """The `names` the body of `kernel` in `source` never reads; empty when not found."""
    code = _COMMENTS_AND_STRINGS.sub(" ", source)
    body = _kernel_body(code, kernel)
    if body is None:
        return frozenset()
    return frozenset(name for name in names if not _is_read(body, name))


def null_reads(session: Session) -> frozenset[str]:
    """The arguments passed as NULL that a launch's kernel dereferences without a test:
    the form warns of them, and a run that crashes names them."""
    nulls = {name for name, spec in session.args.items() if isinstance(spec, NullArg)}
    found: set[str] = set()
    for launch in leaf_launches(session.launches) if nulls else ():
        # A parameter passes an argument of its own name unless the launch binds it.
        params = {p: n for p in {*session.args, *launch.args} if (n := bound_name(launch, p))}
        passed = {param: name for param, name in params.items() if name in nulls}
        found.update(passed[p] for p in null_dereferences(session.source, launch.kernel, passed))
    return frozenset(found)


def null_dereferences(source: str, kernel: str, names: Iterable[str]) -> frozenset[str]:
    """The `names` the body of `kernel` dereferences (`p[i]`, `*p`, `p->x`) and never
    tests (`if (p)`, `p ? … : …`, `p != 0`): passed NULL, those crash the run. A token
    scan, not a parser: any test anywhere in the body counts as guarding every use."""
    code = _COMMENTS_AND_STRINGS.sub(" ", source)
    body = _kernel_body(code, kernel)
    if body is None:
        return frozenset()
    return frozenset(
        name for name in names if _dereferenced(body, name) and not _tested(body, name)
    )


def _dereferenced(body: str, name: str) -> bool:
    word = re.escape(name)
    return re.search(rf"(?<![\w.]){word}\s*(?:\[|->)|\*\s*{word}\b", body) is not None


def _tested(body: str, name: str) -> bool:
    for use in re.finditer(rf"(?<![\w.]){re.escape(name)}\b", body):
        before, after = body[: use.start()].rstrip(), body[use.end() :]
        if _TEST_AFTER.match(after) or _TEST_BEFORE.search(before):
            return True
        if before.endswith("(") and after.lstrip().startswith(")"):
            return True  # `if (p)`, `while (p)`
    return False


def _kernel_body(code: str, kernel: str) -> str | None:
    header = re.search(rf"{kernel_word_pattern(code)}\s+void\s+{re.escape(kernel)}\s*\(", code)
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
