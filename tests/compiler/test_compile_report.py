"""The compile result's --json contract and texts, on recorded PoCL output (no device needed)."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "compiler"))

from clstudio.compiler import CompileResult, compare_builds, compile_view
from clstudio.reporting import comparison_text, compile_to_json, format_compile
from compiler.compiler_records import ROW_SUM_SOURCE, pocl_build, pocl_cache, printed


def row_sum(tmp_path: Path, name: str, options: str = "") -> CompileResult:
    text, _ = printed(name)
    cache = pocl_cache(tmp_path / name, name, "row_sum")
    return compile_view(pocl_build("row_sum", ROW_SUM_SOURCE, options), text, cache)


def test_the_json_round_trips_and_holds_each_part_asked_for(tmp_path: Path) -> None:
    result = row_sum(tmp_path, "row_sum")
    report = json.loads(json.dumps(compile_to_json(result, ("asm",))))
    assert (report["format"], report["version"]) == ("clstudio-compile-result", 1)
    assert "asm" in report and "ir" not in report and "remarks" not in report
    assert report["compiled_local_size"] == [64] and report["missing"] == {}
    assert report["summary"]["work_group_loop"] is True
    assert report["summary"]["vectorised"] is False and report["summary"]["vector_width"] == 1
    rows = report["asm"]["lines"]
    assert rows[0]["offset"] == 0 and all(row["mnemonic"] for row in rows)
    assert report["asm"]["instructions"] == len(rows)


def test_text_lists_the_remarks_with_what_helps_and_the_ir_with_its_lines(tmp_path: Path) -> None:
    text = format_compile(row_sum(tmp_path, "row_sum"), "row_sum.json", ("remarks", "ir"))
    assert "local size 64" in text and "options '-g'" in text
    assert "10:13: loop not vectorized: cannot prove" in text
    assert "what helps: build with -cl-fast-relaxed-math" in text
    assert "── LLVM IR: _pocl_kernel_row_sum" in text and "assembly" not in text
    assert any(line.lstrip().startswith("10  ") for line in text.splitlines())


def test_the_comparison_names_the_options_the_width_and_the_changed_instructions(
    tmp_path: Path,
) -> None:
    plain = row_sum(tmp_path, "row_sum")
    fast = row_sum(tmp_path, "row_sum_fast", "-cl-fast-relaxed-math")
    lines = comparison_text(compare_builds(plain, fast))
    assert lines[0] == "options: '' -> '-cl-fast-relaxed-math'"
    assert "vector width of the work-group loop: 1 -> 1" in lines
    assert any(line.startswith("changed: ") for line in lines)
    assert any(line.startswith("remark new: 9:5: vectorized loop") for line in lines)
    assert any("reorder floating-point" in line and "gone" in line for line in lines)


def test_the_comparison_gives_each_builds_launch_time_when_both_have_one(tmp_path: Path) -> None:
    plain = replace(row_sum(tmp_path, "row_sum"), kernel_ns=120_000)
    fast = replace(row_sum(tmp_path, "row_sum_fast", "-cl-fast-relaxed-math"), kernel_ns=30_000)
    lines = comparison_text(compare_builds(plain, fast))
    assert "kernel time of one launch: 120 µs -> 30 µs" in lines
    assert not any(
        "kernel time" in line
        for line in comparison_text(compare_builds(replace(plain, kernel_ns=None), fast))
    )
