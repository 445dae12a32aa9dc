"""The compiler view of an NVIDIA build, on recorded driver output (no GPU here): the PTX
listing with its source lines, and registers, spills and stack from the -cl-nv-verbose
build log. The samples' shapes and where they come from: data/nvidia/SOURCES.md."""

from __future__ import annotations

import json
from pathlib import Path

from clstudio.compiler import (
    ASM_PART,
    IR_PART,
    REMARKS,
    ProgramBuild,
    compile_view,
    kernel_resources,
    missing_reason,
    ptx_listing,
)
from clstudio.engine.compilation import NVIDIA_PLATFORM, POCL_PLATFORM, added_option
from clstudio.reporting import compile_to_json, format_compile, summary_text

DATA = Path(__file__).parent / "data" / "nvidia"


def _build(log: str = "saxpy.verbose.log") -> ProgramBuild:
    return ProgramBuild(
        kernel="saxpy",
        symbol="saxpy",
        device="NVIDIA H100 80GB HBM3",
        platform=NVIDIA_PLATFORM,
        options="",
        added_options="-cl-nv-verbose",
        local_size=None,
        dimensions=1,
        source=(DATA / "saxpy.cl").read_text(),
        build_log=(DATA / log).read_text() if log else "",
        binary=(DATA / "saxpy.ptx").read_bytes(),
        private_mem_bytes=0,
        local_mem_bytes=0,
    )


def test_the_ptx_listing_holds_the_kernel_with_its_source_lines() -> None:
    listing = ptx_listing((DATA / "saxpy.ptx").read_text(), "saxpy")
    assert listing is not None
    assert listing.lines[0].text.startswith(".entry saxpy(")
    assert listing.lines[-1].text == "}"
    assert listing.source_lines() == (3, 4, 5)
    fma = next(row for row in listing.lines if row.mnemonic == "fma.rn.f32")
    assert fma.line == 4  # y[i] = a * x[i] + y[i]
    assert listing.mnemonic_counts()["ld.global.f32"] == 2
    assert not any(row.mnemonic for row in listing.lines if row.text.strip().startswith("."))


def test_a_kernel_the_ptx_does_not_hold_has_no_listing() -> None:
    assert ptx_listing((DATA / "saxpy.ptx").read_text(), "other") is None


def test_the_verbose_log_gives_each_kernel_its_registers_spills_and_stack() -> None:
    found = kernel_resources((DATA / "spilling.verbose.log").read_text())
    assert set(found) == {"nbody_step", "clear"}
    step = found["nbody_step"]
    assert (step.registers, step.stack_bytes) == (255, 296)
    assert (step.spill_store_bytes, step.spill_load_bytes, step.shared_bytes) == (176, 312, 8192)
    assert (found["clear"].registers, found["clear"].spill_store_bytes) == (4, 0)


def test_a_log_without_ptxas_lines_gives_nothing() -> None:
    assert kernel_resources("warning: unused variable 'x'\n") == {}


def test_the_compile_result_of_an_nvidia_build() -> None:
    result = compile_view(_build(), "", None)
    assert result.ok
    assert result.binary_kind == "ptx"
    assert result.asm is not None and result.ir is None
    assert result.missing == (REMARKS, IR_PART)
    assert "PTX" in missing_reason(result, IR_PART)
    summary = result.summary
    assert summary is not None
    assert (summary.registers, summary.stack_bytes, summary.spill_store_bytes) == (10, 0, 0)
    text = summary_text(summary)
    assert "10 registers" in text and "no spills" in text
    assert "occupancy" in text
    assert "fma.rn.f32" in format_compile(result, "saxpy.cl", (ASM_PART,))
    figures = json.loads(json.dumps(compile_to_json(result)))["summary"]
    assert (figures["registers"], figures["spill_load_bytes"]) == (10, 0)


def test_spills_are_named_and_explained() -> None:
    build = _build("spilling.verbose.log")
    result = compile_view(
        ProgramBuild(**{**build.__dict__, "kernel": "nbody_step", "symbol": "nbody_step"}),
        "",
        None,
    )
    summary = result.summary
    assert summary is not None and summary.registers == 255
    text = summary_text(summary)
    assert "spills: 176 B stored, 312 B loaded" in text
    assert "did not fit in registers" in text


def test_without_the_verbose_log_the_ptx_still_shows_and_no_stack_is_guessed() -> None:
    result = compile_view(_build(log=""), "", None)
    assert result.asm is not None
    assert result.summary is not None
    assert result.summary.registers is None and result.summary.stack_bytes is None
    assert "registers" not in summary_text(result.summary)


def test_the_view_asks_nvidia_for_the_verbose_log_and_pocl_for_line_tables() -> None:
    assert added_option(NVIDIA_PLATFORM, "-cl-fast-relaxed-math") == "-cl-nv-verbose"
    assert added_option(NVIDIA_PLATFORM, "-cl-nv-verbose") == ""
    assert added_option(POCL_PLATFORM, "") == "-g"
    assert added_option("Intel(R) OpenCL", "") == ""
