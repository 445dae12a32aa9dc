"""The words that say `__kernel` in a source: the keyword, and the object-like macros that
stand for it (pyopencl's cluda preamble writes `#define KERNEL __kernel`, then
`KERNEL void k(GLOBAL_MEM float *a)`). The compiler expands them; where CL Studio reads
the source itself (a kernel's definition, its line) it follows them the same way.
"""

from __future__ import annotations

import re

KERNEL_KEYWORDS = ("__kernel", "kernel")
# `#define NAME body`: no "(" right after the name (that would be a function-like macro);
# a line continued with a backslash goes on.
_OBJECT_DEFINE = re.compile(
    r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)(?![\w(])((?:[^\n\\]|\\\n|\\)*)", re.MULTILINE
)
_WORD = re.compile(r"[A-Za-z_]\w*")


def kernel_words(source: str) -> tuple[str, ...]:
    """`__kernel`, `kernel`, and each macro of `source` whose expansion says one of them,
    directly or through another such macro."""
    bodies: dict[str, set[str]] = {}
    for match in _OBJECT_DEFINE.finditer(source):
        bodies.setdefault(match.group(1), set()).update(_WORD.findall(match.group(2)))
    found = list(KERNEL_KEYWORDS)
    grew = True
    while grew:
        grew = False
        for name, words in bodies.items():
            if name not in found and words & set(found):
                found.append(name)
                grew = True
    return tuple(found)


def kernel_word_pattern(source: str) -> str:
    """A regular expression matching any of `source`'s kernel words as a whole word."""
    return r"\b(?:" + "|".join(re.escape(word) for word in kernel_words(source)) + r")\b"
