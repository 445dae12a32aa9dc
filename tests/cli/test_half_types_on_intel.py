"""The issue's closing case on a device with cl_khr_fp16 (Intel's CPU runtime): a kernel
whose argument types are a typedef (`real`), a macro the source defaults (`T`) and a -D
option that overrides it (`-D T=half`). It runs, compiles, measures traffic and exports in
both languages; check and debug, which Oclgrind does, say why they cannot."""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from clstudio.cli import main
from clstudio.devices.pip_runtimes import installed_runtimes, worker_environment
from debugger.debugger_testing import needs_oclgrind
from source_parts_kernels import ADD_LINE, KERNEL_FILE, run_exports, write_reduction

pytestmark = pytest.mark.opencl
INTEL = {"platform": "Intel", "device": ""}


@pytest.fixture
def half_session(tmp_path: Path) -> Iterator[Path]:
    if not installed_runtimes():
        pytest.skip("Intel's CPU runtime is not installed: make intel (CI installs it)")
    yield write_reduction(tmp_path, element="float16", build_options="-D T=half", device=INTEL)


def test_run_takes_halves_and_sums_them_in_real(
    capsys: pytest.CaptureFixture[str], half_session: Path
) -> None:
    assert main(["run", str(half_session), "--json"]) == 0
    report = capsys.readouterr().out
    assert '"ok": true' in report and "Intel" in report
    assert main(["run", str(half_session)]) == 0
    said = capsys.readouterr().out
    assert "reference g_odata = " in said and ": pass (max abs error" in said


def test_compile_and_traffic_work_on_the_half_program(
    capsys: pytest.CaptureFixture[str], half_session: Path
) -> None:
    assert main(["compile", str(half_session)]) == 0
    assert "options '-D T=half'" in capsys.readouterr().out
    assert main(["traffic", str(half_session)]) == 0
    said = capsys.readouterr().out
    assert "g_idata (__global, 1024): read once each" in said
    assert f"line {KERNEL_FILE}:{ADD_LINE} " in said


@needs_oclgrind
def test_check_and_debug_name_what_oclgrind_lacks(
    capsys: pytest.CaptureFixture[str], half_session: Path
) -> None:
    assert main(["check", str(half_session)]) == 1
    assert "requires cl_khr_fp16" in capsys.readouterr().out  # Oclgrind's device has no fp16
    assert main(["debug", str(half_session), "--break", f"{KERNEL_FILE}:{ADD_LINE}"]) == 1
    assert "cl_khr_fp16" in capsys.readouterr().out


def test_both_exports_run_on_intels_runtime_and_match(
    capsys: pytest.CaptureFixture[str], half_session: Path, tmp_path: Path
) -> None:
    out = tmp_path / "prog"
    assert main(["export", str(half_session), "--lang", "both", "-o", str(out)]) == 0
    assert main(["run", str(half_session), "--save-outputs", str(tmp_path / "app")]) == 0
    capsys.readouterr()
    env = os.environ | worker_environment(tmp_path / "icd", os.environ, private=())
    python_said, c_said = run_exports(out, env, tmp_path / "app")
    for said in (python_said, c_said):  # the device chosen is the session's
        assert "Intel" in said and "g_odata: ok" in said
