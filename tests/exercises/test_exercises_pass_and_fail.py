"""Every exercise on PoCL: its solution passes every case, its starter fails one, and
the mistakes learners make fail where a learner would look for them."""

import json
import shutil
from pathlib import Path

import pytest

from clstudio.common import PeakDevice, PeakFigure, PeakReport
from clstudio.embedded import imported_session, read_host_file, write_back
from clstudio.engine import InProcessBackend
from clstudio.exercises import (
    COURSE_ORDER,
    FAILING,
    PASSING,
    check_kernel,
    exercises_dir,
    load_catalogue,
    load_exercise,
)
from clstudio.exercises.grading_text import report_text
from clstudio.reporting import save_peaks
from exercises.catalogue_testing import exercise_named

pytestmark = pytest.mark.opencl

WRONG = Path(__file__).parent / "wrong"
CATALOGUE = load_catalogue()


@pytest.fixture(scope="module")
def backend() -> InProcessBackend:
    return InProcessBackend()


def test_every_exercise_of_the_course_loads() -> None:
    assert CATALOGUE.problems == ()
    assert [e.name for e in CATALOGUE.exercises] == list(COURSE_ORDER)
    assert len(CATALOGUE.exercises) >= 14


@pytest.mark.parametrize("name", COURSE_ORDER)
def test_the_solution_passes_every_case_and_the_starter_fails_one(
    name: str, backend: InProcessBackend
) -> None:
    exercise = exercise_named(CATALOGUE, name)
    solved = check_kernel(exercise, exercise.solution, backend, performance=False)
    assert [c.problem for c in solved.cases if not c.passed] == []
    assert solved.status == PASSING
    # The starter builds (no case fails at the build) and is not a solution.
    started = check_kernel(exercise, exercise.starter, backend, performance=False)
    assert started.status == FAILING
    assert all(c.stage in ("", "check") for c in started.cases), started.cases


def wrong(name: str) -> str:
    return (WRONG / f"{name}.cl").read_text(encoding="utf-8")


def test_a_missing_guard_fails_at_1025_and_names_the_overrun(backend: InProcessBackend) -> None:
    report = check_kernel(
        exercise_named(CATALOGUE, "vector_add"),
        wrong("vector_add_no_guard"),
        backend,
        performance=False,
    )
    by_size = {c.sizes["n"]: c for c in report.cases}
    assert by_size[1024].passed
    assert not by_size[1025].passed
    assert "wrote past the end of 'c': 255 elements, first at index 1025" in by_size[1025].problem


def test_a_tiled_gemm_without_barriers_fails_with_the_worst_element(
    backend: InProcessBackend,
) -> None:
    report = check_kernel(
        exercise_named(CATALOGUE, "gemm_tiled"),
        wrong("gemm_tiled_no_barrier"),
        backend,
        performance=False,
    )
    failed = [c for c in report.cases if not c.passed]
    assert len(failed) >= 4
    mismatch = failed[0].mismatches[0]
    assert mismatch.output == "C" and len(mismatch.index) == 2
    assert mismatch.expected is not None and mismatch.actual != pytest.approx(mismatch.expected)


def test_a_softmax_without_the_max_subtraction_overflows_to_nan(backend: InProcessBackend) -> None:
    report = check_kernel(
        exercise_named(CATALOGUE, "softmax"), wrong("softmax_no_max"), backend, performance=False
    )
    wide = next(c for c in report.cases if c.sizes == {"rows": 5, "cols": 1025})
    assert not wide.passed
    assert wide.mismatches[0].actual != wide.mismatches[0].actual  # NaN
    expected = wide.mismatches[0].expected
    assert expected is not None and 0 < expected < 1


def test_a_kernel_that_does_not_build_fails_every_case_once_with_the_line(
    backend: InProcessBackend,
) -> None:
    exercise = exercise_named(CATALOGUE, "saxpy")
    broken = exercise.solution.replace("alpha * x[i]", "alpha * x[i")
    report = check_kernel(exercise, broken, backend, performance=False)
    assert {c.stage for c in report.cases} == {"build"}
    assert "line 9" in report.cases[-1].problem


def test_the_performance_case_times_the_kernel_against_the_solution(
    backend: InProcessBackend,
) -> None:
    exercise = exercise_named(CATALOGUE, "vector_add")
    device = check_kernel(exercise, exercise.solution, backend, performance=False).device
    bandwidth = PeakFigure("global_bandwidth.float4", 25.0, "GB/s", "meaning")
    compute = PeakFigure("sp_compute.float4", 40.0, "GFLOP/s", "meaning")
    save_peaks(PeakReport(PeakDevice(device, "PoCL", "3.0"), "2026-12-01", (bandwidth, compute)))
    steps = []
    report = check_kernel(exercise, exercise.solution, backend, lambda *step: steps.append(step))
    timed = report.performance
    assert timed is not None and timed.problem == ""
    assert timed.kernel_s is not None and timed.solution_s is not None
    assert timed.kernel_s > 0 and timed.solution_s > 0
    assert timed.target_s == pytest.approx(timed.solution_s * 2.0)
    assert timed.sizes == {"n": 4194304}
    assert steps[0] == (0, 11, "case n = 1")
    assert steps[5] == (5, 11, "timing the reference solution (1 of 3)")
    assert steps[-1] == (11, 11, "done")
    assert report.status in ("passing", "fast enough")
    # c = a + b over n floats: 12 bytes and one operation each, far below the ridge
    position = timed.roofline
    assert position is not None and position.bound == "memory"
    assert position.gb_s == pytest.approx(3 * 4194304 * 4 / timed.kernel_s / 1e9)
    assert position.share == pytest.approx(position.gb_s / 25.0)
    assert position.text.startswith(f"memory-bound: {position.gb_s:.3g} GB/s, ")
    assert "of this device's measured 25 GB/s" in position.text
    assert f"  roofline: {position.text}" in report_text(report)


def test_a_failing_kernel_is_not_timed(backend: InProcessBackend) -> None:
    exercise = exercise_named(CATALOGUE, "vector_add")
    report = check_kernel(exercise, exercise.starter, backend)
    assert report.performance is None


def test_a_checked_gemm_counts_2_m_n_k_and_sits_under_the_compute_roof(
    backend: InProcessBackend, tmp_path: Path
) -> None:
    folder = tmp_path / "gemm_naive"
    shutil.copytree(exercises_dir() / "gemm_naive", folder)
    spec = json.loads((folder / "exercise.json").read_text())
    spec["performance"].update(sizes={"M": 64, "N": 64, "K": 64}, repeats=3)
    (folder / "exercise.json").write_text(json.dumps(spec))
    exercise = load_exercise(folder)
    device = check_kernel(exercise, exercise.solution, backend, performance=False).device
    bandwidth = PeakFigure("global_bandwidth.float4", 25.0, "GB/s", "meaning")
    compute = PeakFigure("sp_compute.float4", 40.0, "GFLOP/s", "meaning")
    save_peaks(PeakReport(PeakDevice(device, "PoCL", "3.0"), "2026-12-01", (bandwidth, compute)))
    timed = check_kernel(exercise, exercise.solution, backend).performance
    assert timed is not None and timed.kernel_s is not None
    position = timed.roofline
    # 2 * 64**3 operations on three 64 x 64 float matrices: 10.7 per byte, above the
    # ridge at 1.6; one per work-item (4096 in all) would have said 0.083, memory-bound.
    assert position is not None
    assert (position.operations, position.operations_declared) == (2 * 64**3, True)
    assert position.intensity == pytest.approx(2 * 64**3 / (3 * 64 * 64 * 4))
    assert position.gflop_s == pytest.approx(2 * 64**3 / timed.kernel_s / 1e9)
    assert position.roof is not None
    assert position.bound == "compute" and position.roof.key == "sp_compute.float4"
    assert position.text.startswith("compute-bound: ")
    assert "operations (2 * M * N * K) on 4.92e+04 bytes." in position.text


def test_the_infinicore_style_exercise_is_finished_in_its_host_file(
    backend: InProcessBackend, tmp_path: Path
) -> None:
    """The starter sits in an InfiniCore-style host file's raw string: the learner opens a
    copy, writes the solution in and saves; only the string changes, and the kernel read
    back from the file passes."""
    exercise = exercise_named(CATALOGUE, "infinicore_swiglu")
    copy = tmp_path / "swiglu_opencl.cc"
    shutil.copy(exercise.folder / copy.name, copy)
    before = copy.read_text()
    host = read_host_file(copy)
    (found,) = host.sources
    assert found.text.strip() == exercise.starter.strip()
    session = imported_session(host, found).session
    assert session.build_options == "-D Tval=float"
    assert session.embedded_in is not None
    write_back(copy, session.embedded_in, "\n" + exercise.solution)
    after = copy.read_text()
    assert after == before.replace(exercise.starter, exercise.solution)
    (finished,) = read_host_file(copy).sources
    report = check_kernel(exercise, finished.text, backend, performance=False)
    assert report.status == PASSING
