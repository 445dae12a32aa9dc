"""`clstudio sweep`: one kernel of a program swept by name, the first by default, and its
roofline figures from the launches of that kernel alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli.test_run_program import write_program
from clstudio.cli import main

pytestmark = pytest.mark.opencl


def test_the_kernel_named_is_swept_and_placed_by_its_own_launches(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    program = str(write_program(tmp_path))
    assert (
        main(["sweep", program, "--kernel", "twice", "--size", "16", "--size", "32", "--json"]) == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "clstudio-sweep-result" and data["version"] == 1
    assert data["kernel"] == "twice" and data["kernels"] == ["vadd", "twice"]
    assert [p["local_size"] for p in data["points"]] == [[16], [32]]
    assert all(p["median_s"] > 0 and p["error"] is None for p in data["points"])
    assert data["best"] in ([16], [32])
    roofline = data["roofline"]
    # Five launches of `twice`, each reading 256 floats of u and writing 256 of v.
    assert roofline["bytes_moved"] == 5 * 2 * 256 * 4
    assert roofline["operations"] == 5 * 256
    assert roofline["seconds"] > 0


def test_without_a_kernel_the_first_is_swept_in_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["sweep", str(write_program(tmp_path)), "--size", "64"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "kernel vadd, global size 256"
    assert out[1].startswith("  64: ") and out[1].endswith(" ms")
    assert "fastest: 64" in out
    assert any(line.startswith("roofline of vadd at 64: ") for line in out)


def test_a_kernel_the_program_does_not_launch_is_refused_with_those_it_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["sweep", str(write_program(tmp_path)), "--kernel", "scan"]) == 1
    err = capsys.readouterr().err
    assert "the session launches no kernel 'scan'; it launches: vadd, twice" in err


def test_a_malformed_size_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["sweep", str(write_program(tmp_path)), "--size", "16xy"]) == 1
    assert "--size 16xy: expected up to three positive numbers" in capsys.readouterr().err
