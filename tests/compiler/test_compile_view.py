"""The compiler view of recorded builds: PoCL's cache, and the binaries of other devices."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from clstudio.compiler import ProgramBuild, compare_builds, compile_view, missing_reason
from compiler.compiler_records import (
    DATA,
    ROW_SUM_SOURCE,
    SAXPY_SOURCE,
    pocl_build,
    pocl_cache,
    printed,
)


def test_saxpy_from_pocls_cache_vectorised_with_its_width(tmp_path: Path) -> None:
    cache = pocl_cache(tmp_path, "saxpy", "saxpy")
    text, _ = printed("saxpy")
    result = compile_view(pocl_build("saxpy", SAXPY_SOURCE), text, cache)
    assert result.ok and result.missing == () and result.compiled_local_size == (64,)
    assert result.ir is not None and result.ir.function == "_pocl_kernel_saxpy"
    assert result.asm is not None and result.asm.function == "_pocl_kernel_saxpy"
    summary = result.summary
    assert summary is not None
    # With 64 work-items the vector loop was unrolled away; the remark still tells it.
    assert (summary.loop_found, summary.vectorised, summary.vector_width) == (True, True, 8)
    assert summary.instructions == result.asm.instruction_count
    assert summary.private_mem_bytes == 1024 and summary.local_mem_bytes == 0
    assert summary.stack_bytes is not None and summary.stack_bytes >= 0


def test_row_sum_has_a_scalar_work_group_loop_and_the_reorder_remark(tmp_path: Path) -> None:
    cache = pocl_cache(tmp_path, "row_sum", "row_sum")
    text, _ = printed("row_sum")
    result = compile_view(pocl_build("row_sum", ROW_SUM_SOURCE), text, cache)
    assert result.summary is not None and not result.summary.vectorised
    assert result.summary.vector_width == 1
    assert any(r.line == 10 and r.column == 13 and "reorder" in r.reason for r in result.remarks)


def test_fast_relaxed_math_compared_with_the_plain_build(tmp_path: Path) -> None:
    plain_text, _ = printed("row_sum")
    fast_text, _ = printed("row_sum_fast")
    plain = compile_view(
        pocl_build("row_sum", ROW_SUM_SOURCE),
        plain_text,
        pocl_cache(tmp_path / "a", "row_sum", "row_sum"),
    )
    fast = compile_view(
        pocl_build("row_sum", ROW_SUM_SOURCE, "-cl-fast-relaxed-math"),
        fast_text,
        pocl_cache(tmp_path / "b", "row_sum_fast", "row_sum"),
    )
    change = compare_builds(plain, fast)
    assert change.language == "asm" and change.options == ("", "-cl-fast-relaxed-math")
    assert not change.source_changed and change.local_sizes == ((64,), (64,))
    assert change.changes and change.added and change.removed
    assert all(c.before != c.after for c in change.changes)
    assert [(r.line, r.column) for r in change.remarks_new if r.kind == "vectorised"] == [(9, 5)]
    assert any("reorder" in r.reason for r in change.remarks_gone)
    assert plain.asm is not None and fast.asm is not None
    assert change.instructions == (plain.asm.instruction_count, fast.asm.instruction_count)


def test_an_edited_kernel_is_told_apart_from_the_same_build(tmp_path: Path) -> None:
    text, _ = printed("saxpy")
    before = compile_view(
        pocl_build("saxpy", SAXPY_SOURCE), text, pocl_cache(tmp_path, "saxpy", "saxpy")
    )
    after = replace(before, source=before.source + "\n// edited\n")
    change = compare_builds(before, after)
    assert change.source_changed and change.changes == ()
    assert change.vector_widths == (8, 8) and change.vectorised == (True, True)


def test_a_cache_without_the_kernels_files_says_what_is_missing(tmp_path: Path) -> None:
    text, _ = printed("saxpy")
    result = compile_view(pocl_build("saxpy", SAXPY_SOURCE), text, tmp_path)
    assert not result.ok and result.ir is None and result.asm is None
    assert result.missing == ("ir", "asm")
    assert "work-group function" in missing_reason(result, "ir")


def saxpy_elsewhere(binary: bytes, **changes: Any) -> ProgramBuild:
    """saxpy's build as a device other than PoCL's gives it: `binary`, and no PoCL cache."""
    return replace(pocl_build("saxpy", SAXPY_SOURCE), pocl=False, binary=binary, **changes)


def test_oclgrind_gives_ir_and_says_it_makes_no_machine_code() -> None:
    binary = (DATA / "saxpy.oclgrind.bin").read_bytes()
    build = saxpy_elsewhere(binary, platform="Oclgrind", added_options="")
    result = compile_view(build, "", None)
    assert result.ok and result.binary_kind == "llvm-bitcode"
    assert result.ir is not None and result.ir.function == "saxpy" and result.asm is None
    assert result.missing == ("remarks", "asm")
    assert result.summary is not None and not result.summary.loop_known
    assert "simulator" in missing_reason(result, "asm")
    assert "PoCL" in missing_reason(result, "remarks")


def test_intels_cpu_runtime_gives_its_ir_and_its_object_code() -> None:
    binary = (DATA / "saxpy.intel-cpu.bin").read_bytes()
    build = saxpy_elsewhere(binary, platform="Intel(R) OpenCL")
    result = compile_view(build, "", None)
    assert result.binary_kind == "intel-cpu" and result.missing == ("remarks",)
    assert result.ir is not None and result.asm is not None
    assert result.asm.function == "saxpy" and result.asm.instruction_count > 0


def test_a_gpu_binary_is_told_by_kind_and_size_only() -> None:
    ptx = b"//\n.version 7.8\n.target sm_86\n.address_size 64\n"
    build = saxpy_elsewhere(ptx)
    result = compile_view(build, "", None)
    assert (result.binary_kind, result.binary_bytes) == ("ptx", len(ptx))
    assert result.missing == ("remarks", "ir", "asm")
    assert "(ptx, 47 bytes)" in missing_reason(result, "asm")


def test_a_failed_build_reads_nothing_and_keeps_its_error() -> None:
    build = replace(
        pocl_build("saxpy", SAXPY_SOURCE),
        error="the kernel source does not build: line 3:1: expected ';'",
        error_stage="build",
        build_log="<source>:3:1: error: expected ';'",
    )
    result = compile_view(build, "", None)
    assert not result.ok and result.summary is None and result.ir is None
    assert result.build_log.startswith("<source>:3:1")
    assert "does not build" in missing_reason(result, "ir")


def test_a_file_pocl_wrote_that_cannot_be_read_is_named(tmp_path: Path) -> None:
    cache = pocl_cache(tmp_path, "saxpy", "saxpy")
    (next(cache.glob("*/*/saxpy/*")) / "parallel.bc").write_bytes(b"BC\xc0\xde truncated")
    text, _ = printed("saxpy")
    result = compile_view(pocl_build("saxpy", SAXPY_SOURCE), text, cache)
    assert not result.ok and result.error_stage == "read" and result.ir is None
    assert result.error.startswith("cannot read PoCL's parallel.bc: ")
    assert result.asm is not None and result.remarks  # what could be read is still shown
