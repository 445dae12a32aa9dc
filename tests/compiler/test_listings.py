"""IR and assembly read from PoCL's real files, each line tied to the learner's source line."""

from __future__ import annotations

import re

import pytest

from clstudio.compiler import (
    BitcodeError,
    ElfError,
    asm_listing,
    defined_functions,
    function_names,
    ir_listing,
    module_text,
    stack_bytes,
    work_group_loop,
)
from clstudio.compiler.listing import Listing, ListingLine
from compiler.compiler_records import DATA

# Packed single-precision arithmetic on xmm, ymm or zmm registers: SSE, AVX2 or AVX-512,
# whichever the machine that recorded the files had.
PACKED = re.compile(r"^v?(?:mul|add|fmadd\d*|fnmadd\d*|maskmov|movu)ps$")
VECTOR_REGISTER = re.compile(r"\b[xyz]mm\d+\b")


def saxpy_ir() -> str:
    return module_text((DATA / "saxpy.parallel.bc").read_bytes())


def test_the_work_group_function_is_among_the_functions_of_parallel_bc() -> None:
    names = defined_functions(saxpy_ir())
    assert "_pocl_kernel_saxpy" in names and "_pocl_kernel_saxpy_workgroup" in names


def test_saxpy_ir_ties_the_vector_fmuladd_to_its_source_line() -> None:
    listing = ir_listing(saxpy_ir(), "_pocl_kernel_saxpy")
    assert listing.language == "ir" and listing.lines[0].text.startswith("define void @")
    fmas = [row for row in listing.lines if row.mnemonic.startswith("call @llvm.fmuladd.v")]
    assert fmas and {row.line for row in fmas} == {18}
    assert all("x float>" in row.text and "!dbg" not in row.text for row in fmas)
    assert set(listing.source_lines()) <= {15, 16, 17, 18, 19}
    assert 18 in listing.source_lines()


def test_an_unknown_function_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        ir_listing(saxpy_ir(), "no_such_function")


def test_bytes_that_are_not_bitcode_say_so() -> None:
    with pytest.raises(BitcodeError):
        module_text(b"not bitcode at all")


def test_row_sums_work_group_loop_stays_scalar_and_fast_math_keeps_it_so() -> None:
    text = module_text((DATA / "row_sum.parallel.bc").read_bytes())
    loop = work_group_loop(text, "_pocl_kernel_row_sum")
    assert (loop.found, loop.vectorised, loop.width) == (True, False, 1)


def test_saxpy_assembly_holds_packed_vector_instructions_on_its_source_line() -> None:
    listing = asm_listing((DATA / "saxpy.so").read_bytes(), "_pocl_kernel_saxpy")
    assert listing.language == "asm" and listing.instruction_count > 20
    packed = [row for row in listing.lines if PACKED.match(row.mnemonic)]
    assert packed, sorted(listing.mnemonic_counts())
    assert all(VECTOR_REGISTER.search(row.text) for row in packed)
    assert 18 in {row.line for row in packed}
    assert listing.rows_for(18) and all(listing.lines[i].line == 18 for i in listing.rows_for(18))
    offsets = [row.address for row in listing.lines]
    assert offsets[0] == 0 and offsets == sorted(offsets)


def test_the_kernel_and_its_launchers_are_in_the_shared_object() -> None:
    names = function_names((DATA / "saxpy.so").read_bytes())
    assert {"_pocl_kernel_saxpy", "_pocl_kernel_saxpy_workgroup"} <= set(names)


def test_a_missing_function_or_a_file_that_is_not_elf_says_so() -> None:
    with pytest.raises(ElfError, match="no function"):
        asm_listing((DATA / "saxpy.so").read_bytes(), "nothing_here")
    with pytest.raises(ElfError):
        function_names(b"\x7fELF broken")
    with pytest.raises(ElfError):
        function_names((DATA / "saxpy.oclgrind.bin").read_bytes())


def rows(*texts: str) -> Listing:
    return Listing("asm", "f", tuple(ListingLine(t, mnemonic=t.split()[0]) for t in texts))


@pytest.mark.parametrize(
    ("prologue", "expected"),
    [
        (("push rbp", "push rbx", "sub rsp, 0x108", "mov eax, 1"), 16 + 0x108),
        (("push rbp", "mov rbp, rsp", "and rsp, 0xffffffffffffffe0", "sub rsp, 64"), 72),
        (("mov eax, 1", "ret"), 0),
        (("push rbp", "sub rsp, rax"), None),
    ],
)
def test_the_stack_frame_is_read_from_the_prologue(
    prologue: tuple[str, ...], expected: int | None
) -> None:
    assert stack_bytes(rows(*prologue)) == expected
