"""`clstudio run`, `check`, `export` of structs that hold arrays and other structs, on PoCL
and on Intel's CPU runtime; a launch's own struct; non-uniform work-groups on the OpenCL
C 3.0 device; and `debug` typing variables a typedef'd name declares."""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from clstudio.cli import main
from clstudio.devices import installed_runtimes
from debugger.debugger_testing import needs_oclgrind
from nested_struct_kernels import (
    LAYOUT_FIGURES,
    by_value_program,
    layout_session,
    my_struct_session,
)
from typedef_kernels import write_atax

pytestmark = pytest.mark.opencl
needs_intel = pytest.mark.skipif(
    not installed_runtimes(), reason="Intel's CPU runtime is not installed: make intel"
)
INTEL = "Intel(R) OpenCL:"
POCL = "Portable Computing Language:"


def write(tmp_path: Path, data: dict[str, Any], name: str = "session.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def run_json(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, dict[str, Any]]:
    status = main(["run", *map(str, argv), "--json"])
    return status, json.loads(capsys.readouterr().out)


def test_the_layout_is_the_compilers_on_pocl_and_the_values_pass_through_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, report = run_json(capsys, write(tmp_path, layout_session()))
    assert status == 0, report["error"]
    assert all(r["ok"] for r in report["references"].values())
    assert set(report["references"]) == {
        "sizes",
        "items.m",
        "items.in.tag",
        "items.in.d",
        "items.idx",
        "items.v",
    }
    nested = report["outputs"]["items"]["fields"]["in"]["fields"]
    assert nested["d"]["shape"] == [8, 2] and nested["d"]["max"] == 15.0


@needs_intel
def test_intels_compiler_lays_the_structs_out_as_pocl_and_the_session_do(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "out"
    session = write(tmp_path, layout_session())
    status, data = run_json(
        capsys, session, "--device", POCL, "--device", INTEL, "--save-outputs", out
    )
    assert status == 0
    for run in data["devices"]:
        assert run["ok"], run["error"]
        assert all(r["ok"] for r in run["references"].values()), run["device"]
    for device in ("device-1", "device-2"):
        assert np.load(out / device / "sizes.npy").tolist() == LAYOUT_FIGURES


def test_a_public_kernel_with_an_array_in_its_struct_runs_and_checks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, report = run_json(capsys, write(tmp_path, my_struct_session()))
    assert status == 0, report["error"]
    assert [r["ok"] for r in report["references"].values()] == [True] * 5


@needs_oclgrind
def test_check_mode_runs_nested_structs_and_a_launch_s_own_struct(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["check", str(write(tmp_path, layout_session()))]) == 0
    assert "no problems found" in capsys.readouterr().out
    # The public kernel copies a struct whose b[1] nobody wrote (array[0] = array[y]).
    assert main(["check", str(write(tmp_path, by_value_program()))]) == 1
    said = capsys.readouterr().out
    assert "session.json:16:14: warning: uninitialized: line 16 uses a value" in said
    assert "launch 1 of 2" in said and "launch 2 of 2" in said


def test_each_launch_passes_its_own_struct_by_value(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, report = run_json(capsys, write(tmp_path, by_value_program()))
    assert status == 0, report["error"]
    assert report["references"]["mem"]["ok"]  # the second launch's struct: 40 + 8
    wrong = by_value_program()
    wrong["launches"][1]["args"]["s"]["value"]["a"] = 41
    status, report = run_json(capsys, write(tmp_path, wrong))
    assert status == 1 and not report["references"]["mem"]["ok"]


@pytest.mark.parametrize("data", [layout_session(), by_value_program()], ids=["nested", "launch"])
def test_both_exports_declare_and_fill_the_structs_and_match(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: dict[str, Any]
) -> None:
    session = write(tmp_path, data)
    assert main(["export", str(session), "--lang", "both", "-o", str(tmp_path / "out")]) == 0
    capsys.readouterr()
    c = tmp_path / "out" / "c"
    built = subprocess.run(
        ["make", "-s", "-C", str(c), "CFLAGS=-O2 -Wall -Wextra -Werror"],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    python = [sys.executable, str(tmp_path / "out" / "python" / "main.py")]
    for command in (python, [str(c / "run.sh")]):
        done = subprocess.run(command, capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
        for name in data["references"]:
            assert f"{name}: ok" in done.stdout, (command, name)
    main_c = (c / "main.c").read_text()
    if "layout" in data["kernel"]:
        assert "    Inner in[2];" in main_c and "    cl_int2 idx[3];" in main_c
        assert "one.in[0].tag = 3;" in main_c and "one.idx[2].s[1] = 5;" in main_c
    else:
        assert "s_1.a = 100;" in main_c and "s_2.a = 40;" in main_c


NON_UNIFORM = """\
__kernel void fill(__global int *out)
{
    int i = get_global_id(0);
    out[i] = (int)get_local_size(0) * 1000 + (int)get_group_id(0);
}
"""


def non_uniform(options: str) -> dict[str, Any]:
    """10 work-items in groups of 4: the last group has 2 on an OpenCL C 2.0 build."""
    expected = [4000] * 4 + [4001] * 4 + [2002] * 2
    return {
        "format": "clstudio-session",
        "version": 1,
        "kernel": "fill",
        "source": NON_UNIFORM,
        "global_size": [10],
        "local_size": [4],
        "build_options": options,
        "args": {"out": {"kind": "buffer", "dtype": "int32", "shape": [10], "access": "out"}},
        "references": {"out": {"expr": f"np.array({expected})", "rtol": 0, "atol": 0}},
    }


@needs_intel
def test_an_opencl_c_2_build_runs_a_smaller_last_work_group_on_intel(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for options in ("-cl-std=CL2.0", "-cl-std=CL3.0"):
        status, report = run_json(capsys, write(tmp_path, non_uniform(options)), "--device", INTEL)
        assert status == 0, report["error"]
        assert report["references"]["out"]["ok"]
    for options, said in (
        ("", "add -cl-std=CL2.0 (or CL3.0) to the build options"),
        ("-cl-std=CL3.0 -cl-uniform-work-group-size", "ask for full work-groups"),
    ):
        status, report = run_json(capsys, write(tmp_path, non_uniform(options)), "--device", INTEL)
        assert status == 1
        assert said in report["error"]["message"]


def test_pocl_keeps_its_full_work_groups(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, report = run_json(capsys, write(tmp_path, non_uniform("")), "--device", POCL)
    assert status == 1
    assert "OpenCL 1.2 needs every work-group to be full" in report["error"]["message"]


@needs_oclgrind
def test_check_mode_simulates_a_smaller_last_work_group_of_a_cl2_build(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["check", str(write(tmp_path, non_uniform("-cl-std=CL2.0")))]) == 0
    assert "no problems found" in capsys.readouterr().out


@needs_oclgrind
def test_debug_types_the_variables_a_typedef_declares_by_both_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    session = write_atax(tmp_path)
    source = (tmp_path / "atax.cl").read_text()
    source = source.replace(
        "typedef unsigned int Tidx;", "typedef unsigned int Tidx;\ntypedef int4 lanes_t;"
    )
    source = source.replace(
        "        int j;\n",
        "        int j;\n        DATA_TYPE acc = 0;\n        lanes_t seen = (int4)(7);\n",
    )
    source = source.replace("tmp[i] += A", "acc = tmp[i];\n            tmp[i] += A")
    (tmp_path / "atax.cl").write_text(source)
    line = source.splitlines().index("            tmp[i] += A[i * ny + j] * x[j];") + 1
    assert main(["debug", str(session), "--break", str(line), "--item", "3"]) == 0
    out = capsys.readouterr().out
    assert "  nx = 64  (Tidx (uint))" in out
    assert "  acc = 0  (DATA_TYPE (float))" in out
    assert "  seen = (7,7,7,7)  (lanes_t (int4))" in out  # a name only a variable uses


@pytest.mark.parametrize(
    ("source", "shown"),
    [
        ("__kernel void k(__global union W *w) { }\n", "union W*"),
        (
            "typedef union { int i; float f; } W;\n__kernel void k(__global W *w) { }\n",
            "W* (union W*)",
        ),
    ],
    ids=["union", "typedefd_union"],
)
def test_a_union_argument_is_refused_naming_the_union(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, source: str, shown: str
) -> None:
    data = {"format": "clstudio-session", "version": 1, "kernel": "k", "source": source}
    status, report = run_json(capsys, write(tmp_path, data | {"global_size": [2]}))
    assert status == 1
    assert report["error"]["message"] == (
        f"argument 'w' has type {shown}: a union (union W): CL Studio fills structs, not unions"
    )


def test_an_export_refuses_a_launch_s_value_that_is_not_the_kernel_s_struct(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    number = by_value_program()
    number["launches"][0]["args"]["s"] = {"kind": "scalar", "value": 3}
    other = by_value_program()
    other["structs"]["pair"] = {"fields": [{"name": "q", "type": "int"}]}
    other["launches"][1]["args"]["s"] = {"kind": "scalar", "dtype": "pair", "value": {"q": 1}}
    for data, said in (
        (number, "launch 1 of 2: 's' is a struct my_struct: give it a struct of the session's"),
        (other, "launch 2 of 2: 's' is a struct my_struct, not struct pair"),
    ):
        out = tmp_path / "out"
        assert main(["export", str(write(tmp_path, data)), "--lang", "c", "-o", str(out)]) != 0
        assert said in capsys.readouterr().err
        assert not out.exists()
