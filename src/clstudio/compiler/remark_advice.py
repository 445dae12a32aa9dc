"""What a remark means for a learner, and what usually helps, in the user's language.

The words are the compiler's; these tables explain the few dozen a course meets. A
remark they do not know keeps LLVM's words alone. Texts are marked with N_ and
translated where they are shown, so one remark reads in the language of its reader.
"""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.common import N_, Diagnostic, gettext
from clstudio.compiler.remarks import (
    NOT_VECTORISED,
    OTHER,
    SLP_VECTORISED,
    UNROLLED,
    VECTORISED,
    Remark,
)


@dataclass(frozen=True)
class RemarkAdvice:
    """One line of meaning, and what usually helps ("" when nothing is needed)."""

    explanation: str
    advice: str


# Reasons for "loop not vectorized: REASON", by the words the reason starts with.
_REASONS: tuple[tuple[str, str, str], ...] = (
    (
        "cannot prove it is safe to reorder floating-point operations",
        N_(
            "the loop adds up floating-point numbers in order; doing several additions at "
            "once would round differently, and the compiler may not change your results"
        ),
        N_(
            "build with -cl-fast-relaxed-math to allow reordering, or keep several partial "
            "sums (or let each work-item add one part) and add them at the end"
        ),
    ),
    (
        "cannot identify array bounds",
        N_("the compiler cannot tell which elements the loop reads and writes"),
        N_("index with a simple counter (a[i], a[row * n + i]) and mark pointers restrict"),
    ),
    (
        "unsafe dependent memory operations",
        N_("an iteration may read what an earlier one wrote, so they cannot run side by side"),
        N_("write to a different buffer than you read, or mark the pointers restrict"),
    ),
    (
        "could not determine number of loop iterations",
        N_("the compiler cannot count the iterations before the loop starts"),
        N_("loop over a counter up to a bound that the loop does not change"),
    ),
    (
        "loop control flow is not understood",
        N_("the loop has several exits or a shape the vectoriser does not handle"),
        N_("use one for loop with one exit; move break and return conditions out of it"),
    ),
    (
        "call instruction cannot be vectorized",
        N_("the loop calls a function that has no vector version"),
        N_("use OpenCL's built-in math functions, or inline the helper"),
    ),
    (
        "instruction cannot be vectorized",
        N_("an operation in the loop has no vector form"),
        N_("move that operation out of the loop, or use a simpler one"),
    ),
    (
        "value that could not be identified as reduction",
        N_("a value computed in the loop is used after it in a way the compiler cannot split"),
        N_("keep one accumulator per loop, updated once per iteration"),
    ),
    (
        "loop contains a switch statement",
        N_("a switch inside the loop stops the vectoriser"),
        N_("replace the switch by if/else or by a lookup table"),
    ),
    (
        "the cost-model indicates that vectorization is not beneficial",
        N_("the compiler could vectorise the loop but expects no gain"),
        N_("nothing is wrong; longer loops or contiguous accesses change the estimate"),
    ),
    (
        "vectorization and interleaving are explicitly disabled",
        N_("this loop was marked not to vectorise, or it is a copy of one already vectorised"),
        "",
    ),
)
_NO_REASON = (
    N_("the vectoriser gave up on this loop; a remark beside it usually says why"),
    "",
)
_BY_KIND: dict[str, tuple[str, str]] = {
    VECTORISED: (
        N_("{width} iterations of this loop run at once, in the lanes of one vector register"),
        "",
    ),
    SLP_VECTORISED: (
        N_("neighbouring operations here were combined into vector instructions"),
        "",
    ),
    UNROLLED: (
        N_("the loop's body was copied so that fewer jumps and counters remain"),
        "",
    ),
    OTHER: ("", ""),
}


def advice_for(remark: Remark) -> RemarkAdvice:
    """The meaning of `remark` and what usually helps, in the current language."""
    if remark.kind == NOT_VECTORISED:
        explanation, advice = _reason_texts(remark.reason)
    else:
        explanation, advice = _BY_KIND[remark.kind]
    said = gettext(explanation).format(width=remark.width) if explanation else ""
    return RemarkAdvice(said, gettext(advice) if advice else "")


def remark_diagnostics(remarks: tuple[Remark, ...]) -> tuple[Diagnostic, ...]:
    """The vectoriser's remarks as notes for the Problems list, each with its meaning.

    Remarks of other passes (hoisting, inlining) are left to the compiler view.
    """
    notes = []
    for remark in remarks:
        if remark.kind == OTHER:
            continue
        advice = advice_for(remark)
        parts = [remark.message, advice.explanation, advice.advice]
        notes.append(
            Diagnostic(remark.line, remark.column, "note", " — ".join(p for p in parts if p))
        )
    return tuple(notes)


def _reason_texts(reason: str) -> tuple[str, str]:
    if not reason:
        return _NO_REASON
    for start, explanation, advice in _REASONS:
        if reason.startswith(start):
            return explanation, advice
    return "", ""
