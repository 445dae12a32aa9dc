"""The exercises of several launches: a mistake in one launch of the program fails the cases
that reach it, and passes those that do not."""

import pytest

from clstudio.engine import InProcessBackend
from clstudio.exercises import FAILING, check_kernel, load_catalogue
from exercises.catalogue_testing import exercise_named
from exercises.test_exercises_pass_and_fail import wrong

pytestmark = pytest.mark.opencl

CATALOGUE = load_catalogue()


@pytest.fixture(scope="module")
def backend() -> InProcessBackend:
    return InProcessBackend()


def test_a_full_sum_without_the_grid_stride_loop_fails_when_x_is_much_longer_than_the_work_items(
    backend: InProcessBackend,
) -> None:
    exercise = exercise_named(CATALOGUE, "full_sum")
    assert exercise.session.launches  # two launches of one kernel
    report = check_kernel(exercise, wrong("full_sum_no_stride"), backend, performance=False)
    assert report.status == FAILING
    failed = [c.name for c in report.cases if not c.passed]
    # At n = 65537 the one value left out is within the tolerance of a sum of 32768.
    assert failed == ["n = 100000", "n = 1000003"]
    assert "1 of 1 values differ" in next(c.problem for c in report.cases if not c.passed)


def test_a_combine_that_forgets_to_rescale_fails_once_a_row_has_two_chunks(
    backend: InProcessBackend,
) -> None:
    exercise = exercise_named(CATALOGUE, "softmax_long_rows")
    assert [launch.kernel for launch in exercise.session.launches] == [  # type: ignore[union-attr]
        "chunk_stats",
        "combine",
        "normalize",
    ]
    report = check_kernel(exercise, exercise.starter, backend, performance=False)
    passed = [c.name for c in report.cases if c.passed]
    assert passed == ["rows = 1, n = 1", "rows = 3, n = 1000", "rows = 2, n = 1024"]
    assert report.status == FAILING


def test_the_timed_case_of_a_program_is_the_time_of_all_its_launches(
    backend: InProcessBackend,
) -> None:
    exercise = exercise_named(CATALOGUE, "full_sum")
    report = check_kernel(exercise, exercise.solution, backend)
    performance = report.performance
    assert performance is not None and performance.kernel_s is not None
    assert performance.solution_s is not None and performance.kernel_s > 0
