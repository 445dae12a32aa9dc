"""Tooltips for the instructions a learner meets, in English and in Chinese."""

from __future__ import annotations

from pathlib import Path

import pytest

from clstudio.common import set_language
from clstudio.compiler import changes_since, compile_view, instruction_note
from compiler.compiler_records import ROW_SUM_SOURCE, SAXPY_SOURCE, pocl_build, pocl_cache, printed


@pytest.mark.parametrize(
    ("mnemonic", "language", "words"),
    [
        ("fmul", "ir", "multiplies floating-point"),
        ("call @llvm.fmuladd.v8f32", "ir", "multiply and add"),
        ("call @llvm.masked.load.v8f32.p0", "ir", "only the lanes"),
        ("call @get_global_id", "ir", "calls a function"),
        ("vfmadd231ps", "asm", "fused multiply-add"),
        ("vmaskmovps", "asm", "masked load or store"),
        ("mulps", "asm", "multiplies floating-point lanes"),
        ("jne", "asm", "jumps if"),
    ],
)
def test_each_instruction_has_a_sentence(mnemonic: str, language: str, words: str) -> None:
    assert words in instruction_note(mnemonic, language)


def test_packed_and_scalar_forms_say_which_they_are() -> None:
    assert "packed single precision" in instruction_note("vmulps", "asm")
    assert "scalar single precision" in instruction_note("vmulss", "asm")


def test_an_unknown_instruction_has_no_note() -> None:
    assert instruction_note("frobnicate", "asm") == ""
    assert instruction_note("frobnicate", "ir") == ""


def test_the_notes_speak_chinese() -> None:
    english = instruction_note("vfmadd231ps", "asm")
    set_language("zh_CN")
    try:
        chinese = instruction_note("vfmadd231ps", "asm")
    finally:
        set_language("en")
    assert chinese != english and any("\u4e00" <= ch <= "\u9fff" for ch in chinese)


def test_a_view_says_when_the_editor_moved_on_from_its_build(tmp_path: Path) -> None:
    text, _ = printed("saxpy")
    result = compile_view(
        pocl_build("saxpy", SAXPY_SOURCE), text, pocl_cache(tmp_path, "saxpy", "saxpy")
    )
    assert changes_since(result, SAXPY_SOURCE, "", (64,)) == ()
    changed = changes_since(result, ROW_SUM_SOURCE, "-cl-fast-relaxed-math", None)
    assert len(changed) == 3
    assert "edited" in changed[0] and "-cl-fast-relaxed-math" in changed[1]
    assert "local size" in changed[2]
