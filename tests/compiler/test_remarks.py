"""PoCL's remarks as it really prints them: run together, repeated per kernel variant."""

from __future__ import annotations

import pytest

from clstudio.common import Diagnostic, set_language
from clstudio.compiler import Remark, advice_for, classify, parse_remarks, remark_diagnostics
from clstudio.compiler.remarks import at_loop_keyword
from compiler.compiler_records import ROW_SUM_SOURCE, SAXPY_SOURCE, printed


def kept(name: str) -> tuple[Remark, ...]:
    text, source_path = printed(name)
    return parse_remarks(text, source_path)


def test_saxpy_reports_its_work_group_loop_vectorised_once_with_its_width() -> None:
    text, _ = printed("saxpy")
    assert text.count("vectorized loop (vectorization width: 8") > 1  # printed per variant
    vectorised = [r for r in kept("saxpy") if r.kind == "vectorised"]
    assert vectorised == [
        Remark(
            17,
            9,
            "vectorised",
            "vectorized loop (vectorization width: 8, interleaved count: 1)",
            width=8,
            interleave=1,
        )
    ]


def test_only_remarks_at_the_learners_source_are_kept_each_once() -> None:
    remarks = kept("row_sum")
    text, _ = printed("row_sum")
    assert "<unknown>:0:0:" in text
    assert all(r.line > 0 for r in remarks)
    assert len(set(remarks)) == len(remarks)
    assert not any("<unknown>" in r.message or "tempfile" in r.message for r in remarks)


def test_the_row_sum_reduction_is_not_vectorised_at_its_line_and_column() -> None:
    reasons = [(r.line, r.column, r.reason) for r in kept("row_sum") if r.kind == "not-vectorised"]
    assert (10, 13, "cannot prove it is safe to reorder floating-point operations") in reasons
    line = ROW_SUM_SOURCE.splitlines()[9]
    assert line[12:].startswith("+= m[")  # the addition that may not be reordered


def test_fast_relaxed_math_vectorises_the_learners_loop_and_drops_the_copies_note() -> None:
    remarks = kept("row_sum_fast")
    assert [(r.line, r.column, r.width) for r in remarks if r.kind == "vectorised"] == [(9, 5, 8)]
    assert not [r for r in remarks if r.kind == "not-vectorised"]
    text, _ = printed("row_sum_fast")
    assert "has already been vectorized" in text  # said of the loop's scalar copies


def test_a_loop_keyword_tells_the_learners_loop_from_the_work_group_loop() -> None:
    assert at_loop_keyword(ROW_SUM_SOURCE, 9, 5)
    assert not at_loop_keyword(SAXPY_SOURCE, 17, 9)
    assert not at_loop_keyword(ROW_SUM_SOURCE, 99, 1)
    assert not at_loop_keyword("for", 1, 0)


def test_a_message_run_into_the_next_remark_is_cut_at_its_file_name() -> None:
    path = "/tmp/scratch/pocl-cache/tempfile_Ab12Cd.cl"
    text = (
        "<unknown>:0:0: hoisting shlscratch/pocl-cache/tempfile_Ab12Cd.cl:4:7: vectorized loop "
        "(vectorization width: 4, interleaved count: 2)pocl-cache/tempfile_Ab12Cd.cl:8:36: "
        "loop not vectorized: cannot identify array bounds"
    )
    assert [(r.line, r.column, r.kind, r.width) for r in parse_remarks(text, path)] == [
        (4, 7, "vectorised", 4),
        (8, 36, "not-vectorised", 0),
    ]


@pytest.mark.parametrize(
    ("message", "kind"),
    [
        ("loop not vectorized", "not-vectorised"),
        ("the cost-model indicates that vectorization is not beneficial", "not-vectorised"),
        ("Stores SLP vectorized with cost -7 and with tree size 2", "slp-vectorised"),
        ("completely unrolled loop with 16 iterations", "unrolled"),
        ("hoisting zext", "other"),
    ],
)
def test_remarks_are_classified_by_their_first_words(message: str, kind: str) -> None:
    assert classify(3, 1, message).kind == kind


def test_problems_get_notes_with_what_helps_and_leave_out_other_passes() -> None:
    notes = remark_diagnostics(kept("row_sum"))
    reorder = next(n for n in notes if n.line == 10)
    assert reorder.severity == "note" and reorder.column == 13
    assert "-cl-fast-relaxed-math" in reorder.message
    assert not any("hoisting" in n.message or "inlined" in n.message for n in notes)
    assert all(isinstance(n, Diagnostic) for n in notes)


def test_an_unknown_reason_keeps_llvms_words_alone() -> None:
    remark = classify(2, 3, "loop not vectorized: some reason of a newer LLVM")
    assert advice_for(remark).explanation == "" and advice_for(remark).advice == ""
    (note,) = remark_diagnostics((remark,))
    assert note.message == "loop not vectorized: some reason of a newer LLVM"


def test_the_advice_speaks_chinese_when_the_learner_does() -> None:
    remark = classify(
        10, 13, "loop not vectorized: cannot prove it is safe to reorder floating-point operations"
    )
    english = advice_for(remark)
    set_language("zh_CN")
    try:
        chinese = advice_for(remark)
    finally:
        set_language("en")
    assert chinese.explanation != english.explanation and chinese.advice != english.advice
    assert "-cl-fast-relaxed-math" in chinese.advice
    assert any("\u4e00" <= ch <= "\u9fff" for ch in chinese.advice)
