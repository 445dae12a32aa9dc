"""`clstudio run`, `check`, `debug`, `traffic` and `export` of a session whose kernel names
its types by typedef."""

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from clstudio.cli import main
from debugger.debugger_testing import needs_oclgrind
from hostcode.exported_programs import run_saving_outputs
from typedef_kernels import write_atax

pytestmark = pytest.mark.opencl


def test_run_checks_the_reference_and_reports_both_type_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    session = write_atax(tmp_path)
    assert main(["run", str(session), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["references"]["tmp"]["ok"]
    args = {a["name"]: a for a in report["build"]["kernels"][0]["args"]}
    assert (args["A"]["type"], args["A"]["written_type"]) == ("float*", "DATA_TYPE*")
    assert (args["nx"]["type"], args["nx"]["written_type"]) == ("uint", "Tidx")


@needs_oclgrind
def test_check_finds_no_problem_and_names_a_short_buffers_type_both_ways(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    session = write_atax(tmp_path)
    assert main(["check", str(session)]) == 0
    assert "no problems found" in capsys.readouterr().out
    short = json.loads(session.read_text())
    short["args"]["tmp"]["shape"] = [60]
    del short["references"]
    session.write_text(json.dumps(short))
    assert main(["check", str(session)]) != 0
    said = capsys.readouterr().out
    assert "of 'tmp', which has 60 DATA_TYPE (float) elements (0 to 59): past its end" in said


def test_export_writes_a_program_that_saves_what_run_saves(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    session = write_atax(tmp_path)
    assert main(["export", str(session), "--lang", "python", "-o", str(tmp_path / "prog")]) == 0
    assert main(["run", str(session), "--save-outputs", str(tmp_path / "app")]) == 0
    capsys.readouterr()
    program = [sys.executable, str(tmp_path / "prog" / "main.py")]
    done = run_saving_outputs(program, tmp_path / "mine")
    assert "tmp: ok" in done.stdout
    np.testing.assert_array_equal(
        np.load(tmp_path / "mine" / "tmp.npy"), np.load(tmp_path / "app" / "tmp.npy")
    )


@needs_oclgrind
def test_debug_reads_the_typedefd_buffers_as_what_they_stand_for(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    session = write_atax(tmp_path)
    status = main(["debug", str(session), "--break", "16", "--item", "3", "--print", "A[0]", "nx"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "atax.cl:16: breakpoint, work-item (3,0,0)" in out
    assert "  nx = 64  (Tidx (uint))" in out  # what the compiler said Tidx stands for
    assert "  A[0] = " in out and "(float)" in out


@needs_oclgrind
def test_traffic_counts_the_typedefd_buffers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["traffic", str(write_atax(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert "x (__global, 48): read 64 times each, written 0 times each" in out
    assert "tmp (__global, 64): read 48 times each, written 48 times each" in out
