"""`clstudio exercise list` and `check`: readable output, the --json contract, the exit status."""

import json
import shutil
from pathlib import Path

import pytest

from clstudio.cli import main
from clstudio.devices import installed_runtimes
from clstudio.exercises import COURSE_ORDER, exercises_dir

WRONG = Path(__file__).parents[1] / "exercises" / "wrong"


def check_own(exercise: str, file: str, *options: str) -> int:
    """`clstudio exercise check` of `exercise` with `file` from its own folder (its
    solution or its starter); the exit status."""
    return main(["exercise", "check", exercise, str(exercises_dir() / exercise / file), *options])


def test_list_names_every_exercise_in_course_order(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["exercise", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(COURSE_ORDER)
    assert lines[0].split(None, 1)[1] == "Vector add with its guard"


def test_list_json_has_every_documented_key(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["exercise", "list", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert listing["format"] == "clstudio-exercise-list" and listing["version"] == 1
    assert listing["problems"] == []
    first = listing["exercises"][0]
    assert set(first) == {
        "name", "title", "summary", "folder", "kernel", "starter", "cases", "tolerance",
        "performance", "hints", "variants",
    }  # fmt: skip
    assert first["cases"][-1] == {"name": "n = 1025", "sizes": {"n": 1025}, "seed": 5}
    assert first["performance"]["target"] == {"solution_multiple": 2.0}
    assert first["performance"]["operations"] == "n"
    assert first["variants"] == []
    by_name = {e["name"]: e for e in listing["exercises"]}
    assert by_name["gemm_tiled"]["performance"]["operations"] == "2 * M * N * K"
    (cl2,) = by_name["sum_reduction"]["variants"]
    assert (cl2["name"], cl2["opencl_c"], cl2["build_options"]) == ("cl2", "2.0", "-cl-std=CL2.0")
    assert cl2["features"] == ["__opencl_c_work_group_collective_functions"]
    assert "work_group_reduce_add" in Path(cl2["starter"]).read_text()
    assert Path(first["starter"]).read_text().startswith("// Vector add")


@pytest.mark.opencl
def test_check_of_a_wrong_kernel_exits_1_and_says_where_it_is_wrong(
    capsys: pytest.CaptureFixture[str],
) -> None:
    kernel = WRONG / "vector_add_no_guard.cl"
    status = main(["exercise", "check", "vector_add", str(kernel), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 1
    assert report["format"] == "clstudio-exercise-check" and report["version"] == 3
    assert report["variant"] is None
    assert (report["passed"], report["status"], report["error"]) == (False, "failing", None)
    assert report["performance"] is None  # not timed while a case fails
    last = report["cases"][-1]
    assert (last["name"], last["passed"], last["stage"]) == ("n = 1025", False, "check")
    assert "first at index 1025" in last["problem"]
    assert set(last) == {"name", "sizes", "seed", "passed", "stage", "problem", "mismatches"}


@pytest.mark.opencl
def test_check_of_the_solution_exits_0_and_prints_each_case(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert check_own("softmax", "solution.cl", "--no-performance") == 0
    out = capsys.readouterr().out
    assert "softmax: 7 of 7 cases pass" in out
    assert "pass  rows = 5, cols = 1025" in out
    assert "pass  rows = 16, cols = 1024, scores far apart" in out
    assert "memory check on rows = 1, cols = 1 (Oclgrind): no out-of-bounds access" in out
    assert "status: passing" in out


@pytest.mark.opencl
def test_a_kernel_right_by_luck_fails_the_memory_check_at_its_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    solution = (exercises_dir() / "softmax" / "solution.cl").read_text()
    loosened = tmp_path / "loosened.cl"
    loosened.write_text(solution.replace("if (lid < stride)", "if (lid <= stride)"))
    status = main(["exercise", "check", "softmax", str(loosened), "--no-performance", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 1 and not report["passed"] and report["status"] == "failing"
    assert all(case["passed"] for case in report["cases"])  # every value right on PoCL
    assert report["checks"] == ["values", "memory"]
    memory = report["memory"]
    assert (memory["case"], memory["ran"], memory["passed"]) == ("rows = 1, cols = 1", True, False)
    problems = {(p["kind"], p["line"]) for p in memory["problems"]}
    assert ("array-index", 22) in problems and ("data-race", 22) in problems
    assert main(["exercise", "check", "softmax", str(loosened), "--no-memory-check"]) == 0


@pytest.mark.opencl
def test_check_of_the_starter_shows_expected_and_actual_values(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert check_own("softmax", "starter.cl", "--no-performance") == 1
    out = capsys.readouterr().out
    assert "FAIL  rows = 5, cols = 1025: y[" in out and ", got 0" in out


def test_an_unknown_exercise_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    kernel = tmp_path / "k.cl"
    kernel.write_text("")
    assert main(["exercise", "check", "vector_ad", str(kernel)]) == 1
    err = capsys.readouterr().err
    assert "no exercise named 'vector_ad'; the exercises are: vector_add, saxpy" in err


def test_a_missing_kernel_file_is_a_clear_error_in_json_too(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status = main(["exercise", "check", "vector_add", str(tmp_path / "none.cl"), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 1
    assert report["passed"] is False and report["cases"] == []
    assert "cannot read" in report["error"] and "none.cl" in report["error"]


@pytest.mark.opencl
def test_an_endless_kernel_costs_one_timeout_not_one_per_case(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "course" / "vector_add"
    shutil.copytree(exercises_dir() / "vector_add", folder)
    session = json.loads((folder / "session.json").read_text())
    session["timeout_s"] = 1
    (folder / "session.json").write_text(json.dumps(session))
    monkeypatch.setenv("CLSTUDIO_EXERCISES", str(folder.parent))
    kernel = tmp_path / "spin.cl"
    kernel.write_text(
        "__kernel void vector_add(__global const float *a, __global const float *b,\n"
        "                         __global float *c, const int n)\n"
        "{ while (n > 0) c[0] += 1.0f; }\n"
    )
    status = main(["exercise", "check", "vector_add", str(kernel), "--json"])
    cases = json.loads(capsys.readouterr().out)["cases"]
    assert status == 1
    assert [c["stage"] for c in cases] == ["timeout"] * 5
    assert "did not finish within 1 s" in cases[0]["problem"]
    assert cases[4]["problem"].startswith("not run: case n = 1 ran out of time first")


@pytest.mark.opencl
def test_check_without_measured_peaks_says_how_to_measure_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert check_own("vector_add", "solution.cl", "--json") == 0
    roofline = json.loads(capsys.readouterr().out)["performance"]["roofline"]
    assert set(roofline) == {
        "gb_s", "gflop_s", "intensity", "operations", "operations_declared", "peaks_measured",
        "bound", "roof", "share", "text",
    }  # fmt: skip
    assert (roofline["peaks_measured"], roofline["bound"], roofline["roof"]) == (False, None, None)
    assert roofline["gb_s"] > 0 and roofline["intensity"] == pytest.approx(1 / 12)
    assert (roofline["operations"], roofline["operations_declared"]) == (4194304, True)
    assert "run `clstudio peaks`" in roofline["text"]


@pytest.mark.opencl
def test_a_variant_on_a_device_without_it_is_refused_and_names_one_that_has_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = check_own("sum_reduction", "solution_cl2.cl", "--variant", "cl2")
    err = capsys.readouterr().err
    assert status == 1
    # PoCL builds -cl-std=CL2.0: the work-group functions it lacks are the reason.
    assert "needs __opencl_c_work_group_collective_functions, which pthread-" in err
    assert "does not offer" in err
    assert "--device" in err  # a device that has it, or how to add Intel's runtime


def test_an_unknown_variant_names_the_ones_there_are(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    kernel = exercises_dir() / "sum_reduction" / "solution_cl2.cl"
    assert main(["exercise", "check", "sum_reduction", str(kernel), "--variant", "cl3"]) == 1
    assert "sum_reduction has no variant 'cl3'; its variants are: cl2" in capsys.readouterr().err
    assert main(["exercise", "check", "saxpy", str(kernel), "--variant", "cl2", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["error"] == "saxpy has no variants: it has one starter, for OpenCL C 1.2"


@pytest.mark.opencl
@pytest.mark.skipif(
    not installed_runtimes(),
    reason="Intel's CPU runtime is not installed: make intel (CI installs it)",
)
def test_a_variant_solution_passes_on_intels_runtime(capsys: pytest.CaptureFixture[str]) -> None:
    options = ["--variant", "cl2", "--device", "Intel:", "--no-performance", "--json"]
    assert check_own("max_reduction", "solution_cl2.cl", *options) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["variant"], report["passed"], report["error"]) == ("cl2", True, None)
