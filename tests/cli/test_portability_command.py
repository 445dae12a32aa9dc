"""`clstudio portability`: an InfiniCore operator built on every device found; PoCL
refuses it and the report names why (OpenCL C 2.0 work-group functions, cl_khr_fp16)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from clstudio.cli.main import main

HOST_FILES = Path(__file__).parents[1] / "embedded" / "third_party" / "infinicore"


@pytest.mark.opencl
def test_pocl_is_said_not_to_build_an_infinicore_operator_and_why(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    host = tmp_path / "causal_softmax_opencl.cc"
    shutil.copy(HOST_FILES / host.name, host)
    argv = ["portability", str(host), "--kernel", "softmax_register", "--dtype", "f16"]
    assert main([*argv, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["format"], report["version"]) == ("clstudio-portability", 1)
    assert report["build_options"] == "-D Tval=half -cl-std=CL2.0"
    assert [n["kind"] for n in report["needs"]] == [
        "opencl_c",
        "work_group_functions",
        "fp16",
        "svm",
    ]
    pocl = next(d for d in report["devices"] if d["platform"] == "Portable Computing Language")
    assert pocl["builds"] is False
    kinds = [r["kind"] for r in pocl["reasons"]]
    # -cl-std=CL2.0 is none of PoCL's reasons: it builds that, not its 2.0 built-ins.
    assert kinds == ["work_group_functions", "fp16"]
    said = " ".join(r["reason"] for r in pocl["reasons"])
    assert "work_group_reduce_max (line 58), work_group_reduce_add (line 66)" in said
    assert "needs cl_khr_fp16" in said
    assert all(r["way_round"] for r in pocl["reasons"])
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "Portable Computing Language: pthread" in text and "does not build" in text


def test_a_file_that_cannot_be_read_is_said(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["portability", str(tmp_path / "missing.json")]) == 1
    assert "clstudio portability:" in capsys.readouterr().err
    binary = tmp_path / "bin.cc"
    binary.write_bytes(b"\0")
    assert main(["portability", str(binary)]) == 1
    assert "a binary file" in capsys.readouterr().err
