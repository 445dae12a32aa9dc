"""`clstudio check`: compiler-style lines, the versioned --json contract, the exit status."""

import json
from pathlib import Path

import pytest

from clstudio.cli import main

FAULTS = Path(__file__).parents[1] / "checkmode" / "faults"
PROBLEM_KEYS = {
    "kind",
    "severity",
    "line",
    "column",
    "kernel",
    "message",
    "memory_space",
    "buffer",
    "work_item",
    "work_group",
    "count",
    "first",
    "other_line",
    "other_column",
    "oclgrind",
    "launch",
}


@pytest.mark.opencl
def test_a_race_in_json_has_every_documented_key(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["check", str(FAULTS / "local_race" / "session.json"), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 1
    assert (report["format"], report["version"]) == ("clstudio-check-result", 1)
    assert report["ok"] is False and report["simulator_found"] is True
    assert report["error"] is None and report["coverage"] is None
    assert report["kernel"] == "rotate" and report["device"] == "Oclgrind Simulator"
    assert report["global_size"] == [64] and report["local_size"] == [16]
    assert report["launch_count"] is None  # one launch: no program to count
    (problem,) = report["problems"]
    assert set(problem) == PROBLEM_KEYS
    assert (problem["kind"], problem["line"], problem["other_line"]) == ("data-race", 4, 5)
    assert problem["buffer"] == "tmp" and problem["memory_space"] == "local"
    # Oclgrind runs work-groups on several threads: which group races first varies.
    assert problem["work_group"] in ([g, 0, 0] for g in range(4)) and len(problem["first"]) == 3
    assert set(problem["first"][0]) == {"global", "local", "group"}


@pytest.mark.opencl
def test_text_names_the_file_line_and_column_like_a_compiler(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["check", str(FAULTS / "out_of_bounds_read" / "session.json")])
    out = capsys.readouterr().out
    assert status == 1
    assert out.startswith("kernel shift_left on Oclgrind Simulator, ")
    assert "kernel.cl:4:12: error: out-of-bounds-read: line 4 reads element 64 of 'a'" in out
    assert "1 work-item: work-item (63,0,0)" in out
    assert out.rstrip().endswith("FOUND 1 problem")


@pytest.mark.opencl
def test_a_clean_gallery_kernel_exits_zero_and_says_what_quick_mode_left_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    kernels = Path(__file__).parents[2] / "kernels"
    status = main(["check", str(kernels / "vector_add.json")])
    out = capsys.readouterr().out
    assert status == 0
    assert "quick mode" in out and out.rstrip().endswith("ok: no problems found")


def test_a_broken_session_is_a_load_error_without_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{ not json")
    status = main(["check", str(path), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 1 and report["error"]["stage"] == "load"
    assert "Traceback" not in report["error"]["message"]
