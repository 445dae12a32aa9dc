"""`clstudio run` and `clstudio check` on the gallery's bfs, which loops until its flag stays
0: the rounds in the text and in --json, and a loop that runs out of rounds fails the run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clstudio.cli import main

pytestmark = pytest.mark.opencl

BFS = Path(__file__).parents[2] / "kernels" / "bfs.json"
ROUNDS = "launches 1 to 2: 15 rounds, until `g_over` equals 0"


def test_run_says_how_many_rounds_the_search_took(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(BFS)]) == 0
    out = capsys.readouterr().out
    assert f"  {ROUNDS}\n" in out
    assert "program time (30 enqueued) over 5 repeats" in out


def test_run_json_gives_each_loops_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(BFS), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is True
    assert data["loops"] == [
        {
            "first_launch": 1,
            "last_launch": 2,
            "rounds": 15,
            "most": 64,
            "condition": "`g_over` equals 0",
            "held": True,
            "message": ROUNDS,
        }
    ]


def test_a_search_cut_short_by_its_most_rounds_fails_and_says_why(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = json.loads(BFS.read_text())
    data["source_file"] = str(BFS.with_suffix(".cl"))
    data["launches"][0]["iterations"] = 10
    short = tmp_path / "short.json"
    short.write_text(json.dumps(data), encoding="utf-8")
    assert main(["run", str(short)]) == 1
    out = capsys.readouterr().out
    assert (
        "launches 1 to 2: `g_over` equals 0 still did not hold after the most rounds, 10; "
        "the loop stopped there"
    ) in out
    assert "Traceback" not in out and out.rstrip().endswith("FAILED")


def test_check_mode_runs_the_same_rounds_on_the_simulator(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", str(BFS), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is True and report["problems"] == []
    assert [(loop["rounds"], loop["held"]) for loop in report["loops"]] == [(15, True)]
