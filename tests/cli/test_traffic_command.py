"""`clstudio traffic`: the versioned --json contract, readable text, the exit status."""

import json
from pathlib import Path

import pytest

from clstudio.cli import main

KERNELS = Path(__file__).parents[2] / "kernels"


@pytest.mark.opencl
def test_json_has_the_documented_keys_and_the_naive_transposes_16_lines(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["traffic", str(KERNELS / "transpose_naive.json"), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 0
    assert (report["format"], report["version"]) == ("clstudio-traffic", 1)
    assert report["ok"] is True and report["error"] is None
    assert (report["groups_logged"], report["groups"]) == (3072, 3072)
    assert (report["line_bytes"], report["neighbours"]) == (64, 16)
    assert report["local_size"] == [16, 16] and report["references_passed"] is True
    a, out = report["buffers"]
    assert a == {
        "name": "a",
        "space": "global",
        "shape": [768, 1024],
        "element_bytes": 4,
        "counted_over": "logged work-groups",
        "work_group": None,
        "reads": 768 * 1024,
        "writes": 0,
        "most_reads": 1,
        "most_writes": 0,
        "untouched": 0,
        "written_twice": 0,
        "outside": 0,
    }
    assert (out["shape"], out["writes"], out["most_writes"]) == ([1024, 768], 768 * 1024, 1)
    store = next(x for x in report["accesses"] if x["kind"] == "store")
    assert store["buffer"] == "out" and store["line"] == 19
    assert (store["lines_per_16"], store["most_lines_per_16"]) == (16.0, 16)


@pytest.mark.opencl
def test_text_names_each_buffer_and_access(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["traffic", str(KERNELS / "transpose_tiled.json")]) == 0
    text = capsys.readouterr().out
    assert "every work-group logged (3,072)" in text
    assert "tile (__local, 16 x 17) in one work-group" in text
    assert "out[(first_col + ly) * rows + first_row + lx]" in text
    assert "1.0 (coalesced)" in text


def test_a_missing_session_is_a_message_and_status_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["traffic", str(tmp_path / "nothing.json")]) == 1
    out = capsys.readouterr().out
    assert "not measured" in out and "nothing.json" in out


@pytest.mark.opencl
def test_a_program_is_measured_at_the_first_launch_of_its_kernel(
    capsys: pytest.CaptureFixture[str],
) -> None:
    session = str(KERNELS / "reduction_two_pass.json")
    assert main(["traffic", session, "--kernel", "reduce_sum", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is True and report["kernel"] == "reduce_sum"
    assert report["global_size"] == [65536] and report["local_size"] == [256]
    assert [b["name"] for b in report["buffers"]] == ["in", "out", "scratch"]
    assert report["references_passed"] is None  # they speak of the program's end


def test_a_kernel_the_program_does_not_launch_is_a_message_and_status_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    session = str(KERNELS / "reduction_two_pass.json")
    assert main(["traffic", session, "--kernel", "nothing"]) == 1
    assert "it launches: reduce_sum" in capsys.readouterr().out
