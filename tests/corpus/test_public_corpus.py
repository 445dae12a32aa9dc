"""Every step a user takes, on kernels written after well-known benchmark suites and vendor
samples (tests/corpus/README.md): `clstudio run` with the suites' C references passing,
`clstudio check` finding no problem, both exported programs built, run and matching the
app's outputs, `clstudio compile` and `clstudio traffic`, all on PoCL.

A step that OpenCL itself forbids on the device would be listed in EXPECTED with the
message that names why; none is today. DEFECTS holds the steps CL Studio still fails, as
strict expected failures, so that a fix shows at once (the test then passes and the
entry must go).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from clstudio.cli import main

sys.path.insert(0, str(Path(__file__).parents[1] / "debugger"))
from debugger.debugger_testing import needs_oclgrind

pytestmark = pytest.mark.opencl

CORPUS = Path(__file__).parent
PROGRAMS = sorted(p.stem for p in CORPUS.glob("*.json"))
REFERENCE_MODULES = sorted(p.stem for p in CORPUS.glob("*_reference.py"))
LANGUAGES = ("python", "c")

# (program, step) -> the message of a step that OpenCL forbids on the device used.
EXPECTED: dict[tuple[str, str], str] = {}

# (program, step) -> the defect of CL Studio that still fails the step.
POINTER_ARITHMETIC = (
    "traffic: the instrumentation follows name[...] and *(name + offset), not a pointer "
    "kept from arithmetic (Rodinia's __global LatLong *latLong = d_locations + globalId)"
)
MACRO_ACCESS = (
    "traffic: the instrumentation refuses a macro that names a buffer "
    "(NVIDIA's AS(i, j) As[...], Parboil's A(i, j))"
)
DEFECTS: dict[tuple[str, str], str] = {
    ("nn", "traffic"): POINTER_ARITHMETIC,
    ("ocl_matrix_mul", "traffic"): MACRO_ACCESS,
    ("parboil_sgemm", "traffic"): MACRO_ACCESS,
}


def programs_for(step: str) -> list[object]:
    """PROGRAMS, each a strict expected failure where DEFECTS names its step."""
    return [
        pytest.param(p, marks=pytest.mark.xfail(strict=True, reason=DEFECTS[(p, step)]))
        if (p, step) in DEFECTS
        else p
        for p in PROGRAMS
    ]


def clstudio(*args: str) -> tuple[int, str]:
    """The exit status and what `clstudio ARGS` printed, as a user at a terminal sees it."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        status = main(list(args))
    return status, out.getvalue()


def session_of(program: str) -> str:
    return str(CORPUS / f"{program}.json")


@pytest.fixture(scope="module")
def app_runs(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Callable[[str], tuple[int, str, Path]]]:
    """Each program run once by `clstudio run --json --save-outputs`: the run step's
    status and report, and the outputs its exports must match."""
    done: dict[str, tuple[int, str, Path]] = {}

    def run(program: str) -> tuple[int, str, Path]:
        if program not in done:
            folder = tmp_path_factory.mktemp(f"{program}-app")
            status, said = clstudio(
                "run", session_of(program), "--json", "--save-outputs", str(folder)
            )
            done[program] = (status, said, folder)
        return done[program]

    yield run


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], Path]]:
    """Each program exported once in both languages by `clstudio export --lang both`."""
    done: dict[str, Path] = {}

    def folder_of(program: str) -> Path:
        if program not in done:
            folder = tmp_path_factory.mktemp(f"{program}-export") / "out"
            status, said = clstudio(
                "export", session_of(program), "--lang", "both", "-o", str(folder)
            )
            assert status == 0, said
            done[program] = folder
        return done[program]

    yield folder_of


def expected_or(program: str, step: str, status: int, said: str) -> bool:
    """True when the step is one OpenCL forbids here and it failed naming why."""
    why = EXPECTED.get((program, step))
    if why is None:
        return False
    assert status != 0 and why in said, said
    return True


def json_report(program: str, command: str) -> dict[str, Any] | None:
    """What `clstudio COMMAND SESSION --json` printed; None where the step is one OpenCL
    forbids for `program` and it failed naming why."""
    status, said = clstudio(command, session_of(program), "--json")
    if expected_or(program, command, status, said):
        return None
    assert status == 0, said
    report: dict[str, Any] = json.loads(said)
    return report


@pytest.mark.parametrize("program", programs_for("run"))
def test_run_passes_the_suites_references(
    program: str, app_runs: Callable[[str], tuple[int, str, Path]]
) -> None:
    status, said, _ = app_runs(program)
    if expected_or(program, "run", status, said):
        return
    report = json.loads(said)
    assert status == 0 and report["ok"], said
    assert report["references"], "every corpus program checks its outputs"
    failed = {name: r["message"] for name, r in report["references"].items() if not r["ok"]}
    assert not failed


@needs_oclgrind
@pytest.mark.parametrize("program", programs_for("check"))
def test_check_finds_no_problem(program: str) -> None:
    status, said = clstudio("check", session_of(program), "--json")
    if expected_or(program, "check", status, said):
        return
    report = json.loads(said)
    assert status == 0 and report["ok"], [p["message"] for p in report["problems"]] or said
    assert report["problems"] == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("program", programs_for("export"))
def test_the_exported_program_matches_the_app(
    program: str,
    language: str,
    app_runs: Callable[[str], tuple[int, str, Path]],
    exported: Callable[[str], Path],
    tmp_path: Path,
) -> None:
    folder = exported(program) / language
    if language == "c":
        build = subprocess.run(
            ["make", "-s", "-C", str(folder), "CFLAGS=-O2 -Wall -Wextra -Werror"],
            capture_output=True,
            text=True,
        )
        assert build.returncode == 0, build.stderr
        command = [str(folder / "run.sh")]
    else:
        command = [sys.executable, str(folder / "main.py")]
    done = subprocess.run(
        [*command, "--save-outputs", str(tmp_path)], capture_output=True, text=True
    )
    if expected_or(program, f"export-{language}", done.returncode, done.stdout + done.stderr):
        return
    assert done.returncode == 0, done.stdout + done.stderr
    status, said, app = app_runs(program)
    assert status == 0, said
    saved = sorted(p.name for p in app.glob("*.npy"))
    assert saved and sorted(p.name for p in tmp_path.glob("*.npy")) == saved
    for name in saved:
        np.testing.assert_array_equal(np.load(tmp_path / name), np.load(app / name), name)


@pytest.mark.parametrize("program", programs_for("compile"))
def test_compile_shows_what_the_compiler_made(program: str) -> None:
    report = json_report(program, "compile")
    assert report is None or report["ok"], report


@pytest.mark.parametrize("program", programs_for("traffic"))
def test_traffic_measures_every_buffer(program: str) -> None:
    report = json_report(program, "traffic")
    assert report is None or (report["ok"] and report["buffers"]), report


@pytest.mark.parametrize("module", REFERENCE_MODULES)
def test_each_golden_file_is_what_its_c_reference_makes(module: str) -> None:
    sys.path.insert(0, str(CORPUS))
    try:
        files = importlib.import_module(module).FILES
    finally:
        sys.path.remove(str(CORPUS))
    for name, make in files.items():
        np.testing.assert_array_equal(np.load(CORPUS / name), make(), name)


def test_the_readme_names_every_program_and_its_origin() -> None:
    readme = (CORPUS / "README.md").read_text(encoding="utf-8")
    missing = [p for p in PROGRAMS if f"`{p}`" not in readme]
    assert not missing
