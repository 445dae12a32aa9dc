"""Kernels written against pyopencl's cluda preamble (`KERNEL void k(GLOBAL_MEM float *a)`,
pyopencl/_cluda.py): `clstudio run`, `check`, `traffic`, both exports and `import` follow
the macros for `__kernel` and `__global` as the compiler does; numpy is the reference."""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from clstudio.cli import main
from clstudio.common import kernel_words
from debugger.debugger_testing import needs_oclgrind
from hostcode.exported_programs import run_saving_outputs

pytestmark = pytest.mark.opencl

# pyopencl/_cluda.py's CLUDA_PREAMBLE (its `% if double_support` template line left out).
CLUDA_PREAMBLE = """\
#define local_barrier() barrier(CLK_LOCAL_MEM_FENCE);

#define WITHIN_KERNEL /* empty */
#define KERNEL __kernel
#define GLOBAL_MEM __global
#define LOCAL_MEM __local
#define LOCAL_MEM_ARG __local
#define REQD_WG_SIZE(X,Y,Z) __attribute__((reqd_work_group_size(X, Y, Z)))

#define LID_0 get_local_id(0)
#define GID_0 get_group_id(0)
#define LDIM_0 get_local_size(0)
"""
KERNELS = (
    CLUDA_PREAMBLE
    + """
KERNEL void axpb(GLOBAL_MEM float *scaled, GLOBAL_MEM const float *a, float by, int n)
{
    int i = GID_0 * LDIM_0 + LID_0;
    if (i < n)
        scaled[i] = by * a[i] + 1.0f;
}

KERNEL REQD_WG_SIZE(16, 1, 1)
void group_sums(GLOBAL_MEM float *sums, GLOBAL_MEM const float *a)
{
    LOCAL_MEM float part[16];
    part[LID_0] = a[GID_0 * LDIM_0 + LID_0];
    local_barrier();
    if (LID_0 == 0) {
        float total = 0.0f;
        for (int k = 0; k < 16; k++)
            total += part[k];
        sums[GID_0] = total;
    }
}
"""
)


def session(kernel: str) -> dict[str, Any]:
    """Both kernels over 64 floats 0..63, in work-groups of 16."""
    ramp = {"kind": "buffer", "dtype": "float32", "shape": [64], "init": "arange"}
    args: dict[str, Any] = {"a": ramp}
    if kernel == "axpb":
        args |= {
            "scaled": {"kind": "buffer", "dtype": "float32", "shape": [64], "init": "zeros"},
            "by": {"kind": "scalar", "value": 2.0},
            "n": {"kind": "scalar", "value": 64},
        }
        references = {"scaled": {"expr": "2.0 * a + 1.0"}}
    else:
        args["sums"] = {"kind": "buffer", "dtype": "float32", "shape": [4], "init": "zeros"}
        references = {"sums": {"expr": "a.reshape(4, 16).sum(axis=1)"}}
    return {
        "format": "clstudio-session",
        "version": 1,
        "kernel": kernel,
        "source_file": "cluda.cl",
        "global_size": [64],
        "local_size": [16],
        "args": args,
        "references": references,
    }


def write(folder: Path, kernel: str) -> Path:
    (folder / "cluda.cl").write_text(KERNELS)
    path = folder / f"{kernel}.json"
    path.write_text(json.dumps(session(kernel)))
    return path


def test_the_macros_for_kernel_are_followed_but_not_other_macros() -> None:
    assert kernel_words(KERNELS) == ("__kernel", "kernel", "KERNEL")
    chained = "#define K1 __kernel\n#define K2 K1 \\\n  __attribute__((x))\n#define F(x) kernel"
    assert kernel_words(chained) == ("__kernel", "kernel", "K1", "K2")


@pytest.mark.parametrize("kernel", ["axpb", "group_sums"])
def test_run_builds_both_kernels_and_passes_the_numpy_reference(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kernel: str
) -> None:
    assert main(["run", str(write(tmp_path, kernel)), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert all(r["ok"] for r in report["references"].values())
    # Kernels are listed in source order, the macro-qualified ones found by their KERNEL.
    assert [k["name"] for k in report["build"]["kernels"]] == ["axpb", "group_sums"]


@needs_oclgrind
def test_check_finds_no_problem(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["check", str(write(tmp_path, "group_sums"))]) == 0
    assert "no problems found" in capsys.readouterr().out


def test_traffic_finds_the_kernel_and_its_buffers_through_the_macros(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["traffic", str(write(tmp_path, "axpb"))]) == 0
    out = capsys.readouterr().out
    assert "scaled (__global, 64): read 0 times each, written once each" in out
    assert "a (__global, 64): read once each, written 0 times each" in out
    assert "line 18   store  scaled[i]" in out
    assert main(["traffic", str(write(tmp_path, "group_sums"))]) == 0
    out = capsys.readouterr().out
    assert "part (__local, 16)" in out
    assert "sums (__global, 4): read 0 times each, written once each" in out


@pytest.mark.parametrize("language", ["python", "c"])
def test_the_export_runs_and_saves_what_run_saves(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, language: str
) -> None:
    path = write(tmp_path, "group_sums")
    assert main(["export", str(path), "--lang", language, "-o", str(tmp_path / "prog")]) == 0
    capsys.readouterr()
    if language == "python":
        program = [sys.executable, str(tmp_path / "prog" / "main.py")]
    else:
        built = subprocess.run(["make", "-C", str(tmp_path / "prog")], capture_output=True)
        assert built.returncode == 0
        program = [str(tmp_path / "prog" / "run.sh")]
    done = run_saving_outputs(program, tmp_path / "mine")
    assert "sums: ok" in done.stdout
    sums = np.load(tmp_path / "mine" / "sums.npy")
    np.testing.assert_array_equal(sums, np.arange(64, dtype=np.float32).reshape(4, 16).sum(1))


def test_import_lists_the_kernels_of_a_python_file_written_with_cluda(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    host = tmp_path / "sums.py"
    host.write_text(f'import pyopencl as cl\n\nSOURCE = """\n{KERNELS}"""\n')
    assert main(["import", str(host), "--list"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{host}:17: kernel axpb (in the string at line 3)",
        f"{host}:24: kernel group_sums (in the string at line 3)",
    ]
    opened = tmp_path / "sums.json"
    assert main(["import", str(host), "--kernel", "axpb", "-o", str(opened)]) == 0
    assert main(["run", str(opened)]) == 0
