"""PoCL's optimisation remarks from what a build printed: at the learner's source, once each.

With POCL_VECTORIZER_REMARKS=1 and `-g`, PoCL's LLVM prints every remark as
`FILE:LINE:COLUMN: MESSAGE` with no line break between two remarks, once per variant of
the kernel it compiles, mixed with the inliner's notes at `<unknown>:0:0`. FILE is PoCL's
temporary copy of the source, printed as a tail of its absolute path (`pocl-cache/
tempfile_V2hLgT.cl`), so a remark is found by that tail, not by any separator.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

# What a remark is about, by the first words of its message; the rest are "other".
VECTORISED = "vectorised"
NOT_VECTORISED = "not-vectorised"
SLP_VECTORISED = "slp-vectorised"
UNROLLED = "unrolled"
OTHER = "other"
KINDS = (VECTORISED, NOT_VECTORISED, SLP_VECTORISED, UNROLLED, OTHER)

_VECTORISED = re.compile(
    r"^vectorized loop \(vectorization width: (?P<width>\d+), "
    r"interleaved count: (?P<interleave>\d+)\)"
)
_NOT_VECTORISED = re.compile(r"^loop not vectorized(?::\s*(?P<reason>.*))?$")
# Said without the "loop not vectorized:" head when the loop could be vectorised at a loss.
_NO_GAIN = re.compile(r"^the cost-model indicates that vectorization is not beneficial")
_SLP = re.compile(r"^(?:Stores )?SLP vectorized", re.IGNORECASE)
_UNROLLED = re.compile(r"^(?:completely )?unrolled loop")
# The reason LLVM gives for the copies of a loop it has vectorised already.
ALREADY_VECTORISED = (
    "vectorization and interleaving are explicitly disabled, or the loop has already been "
    "vectorized"
)
_UNKNOWN = "<unknown>"
_LOOP_KEYWORD = re.compile(r"(?:for|while|do)\b")


@dataclass(frozen=True)
class Remark:
    """One remark at the learner's line and column (1-based), as LLVM worded it."""

    line: int
    column: int
    kind: str  # one of KINDS
    message: str
    width: int = 0  # vectorised: the lanes of the vector loop
    interleave: int = 0  # vectorised: how many vector iterations run interleaved
    reason: str = ""  # not vectorised: why, in LLVM's words ("" when it gave none)


def parse_remarks(text: str, source_path: str) -> tuple[Remark, ...]:
    """The remarks at the learner's source in `text`, in source order, each once.

    `source_path` is the absolute path of the copy of the source PoCL compiled. A
    "loop not vectorized" said of a loop that also has a "vectorized loop" at the same
    place is dropped: it speaks of the copies LLVM keeps beside the vector loop.
    """
    found: dict[Remark, None] = {}
    for file, line, column, message in _located(text, source_path):
        if file == _UNKNOWN or line == 0:
            continue
        found.setdefault(classify(line, column, message.strip()))
    vectorised = {(r.line, r.column) for r in found if r.kind == VECTORISED}
    kept = [
        r
        for r in found
        if not (r.reason == ALREADY_VECTORISED and (r.line, r.column) in vectorised)
    ]
    return tuple(sorted(kept, key=lambda r: (r.line, r.column, KINDS.index(r.kind), r.message)))


def classify(line: int, column: int, message: str) -> Remark:
    """A remark of the right kind for its message, with the numbers it carries."""
    if match := _VECTORISED.match(message):
        width, interleave = int(match["width"]), int(match["interleave"])
        return Remark(line, column, VECTORISED, message, width=width, interleave=interleave)
    if match := _NOT_VECTORISED.match(message):
        return Remark(line, column, NOT_VECTORISED, message, reason=(match["reason"] or "").strip())
    if _NO_GAIN.match(message):
        return Remark(line, column, NOT_VECTORISED, message, reason=message)
    if _SLP.match(message):
        return Remark(line, column, SLP_VECTORISED, message)
    if _UNROLLED.match(message):
        return Remark(line, column, UNROLLED, message)
    return Remark(line, column, OTHER, message)


def at_loop_keyword(source: str, line: int, column: int) -> bool:
    """Whether `source` has `for`, `while` or `do` at `line`:`column`: a remark there is
    about the learner's own loop, not the work-group loop PoCL wraps around the kernel."""
    lines = source.splitlines()
    if not 0 < line <= len(lines) or column < 1:
        return False
    return _LOOP_KEYWORD.match(lines[line - 1], column - 1) is not None


def _located(text: str, source_path: str) -> Iterable[tuple[str, int, int, str]]:
    """(file, line, column, message) for every remark printed in `text`."""
    location = re.compile(
        rf"(?P<file>{_file_pattern(source_path)}):(?P<line>\d+):(?P<column>\d+): "
    )
    matches = list(location.finditer(text))
    for index, match in enumerate(matches):
        end = matches[index + 1].start() if index + 1 < len(matches) else len(text)
        message = text[match.end() : end].split("\n", 1)[0]
        yield match["file"], int(match["line"]), int(match["column"]), message


def _file_pattern(source_path: str) -> str:
    """`<unknown>` or any tail of `source_path` that starts at a folder boundary, longest first.

    Longest first: at the place where a remark starts, the whole printed path must win
    over the shorter tails inside it.
    """
    parts = source_path.strip("/").split("/")
    tails = ["/".join(parts[start:]) for start in range(len(parts))]
    choices = [re.escape("/" + tails[0]), *(re.escape(tail) for tail in tails)]
    return "|".join([re.escape(_UNKNOWN), *choices])
