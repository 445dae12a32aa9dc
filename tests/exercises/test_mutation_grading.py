"""The mutation test of grading, a slice: wrong solutions that learners write must fail.

The full run over every mutant of every exercise is bench/mutation_grading.py (minutes).
Here: mutants whose numbers come out right on PoCL, which only check mode catches, and
the max reduction that skips a pair, which only the far-apart scores catch.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from clstudio.exercises import CheckReport, check_kernel, load_catalogue
from clstudio.worker.check_client import CheckClient
from clstudio.worker.client import WorkerClient
from exercises.mutations import equivalents, mutants

CATALOGUE = load_catalogue()
# exercise, mutant, what fails it: the memory check's kind of problem, or "values".
SLICE = (
    ("softmax", "lt-to-le:21:0", "array-index"),  # the reduction reads scratch[256]
    ("sum_reduction", "drop-barrier:12:0", "data-race"),
    ("transpose_tiled", "lt-to-le:13:0", "out-of-bounds-read"),
    ("gemm_tiled", "drop-barrier:23:0", "data-race"),  # the next tile overwrites this one
    ("max_reduction", "lt-to-le:16:0", "array-index"),
    ("softmax", "skip-pair:20:0", "values"),  # a wrong maximum: exp overflows
)


def mutant_source(exercise: str, mutant: str) -> str:
    found = CATALOGUE.find(exercise)
    assert found is not None
    return next(m.source for m in mutants(found.solution) if m.id == mutant)


def test_every_listed_equivalent_is_a_mutant_with_its_reason() -> None:
    for exercise, listed in equivalents().items():
        found = CATALOGUE.find(exercise)
        assert found is not None, exercise
        made = {m.id for m in mutants(found.solution)}
        for mutant, reason in listed.items():
            assert mutant in made, (exercise, mutant)
            assert len(reason) > 20


def test_the_operators_make_the_mistakes_the_issue_names() -> None:
    found = CATALOGUE.find("softmax")
    assert found is not None
    made = {m.id.split(":")[0] for m in mutants(found.solution)}
    assert made == {"drop-barrier", "lt-to-le", "restart-accumulation", "skip-pair"}
    for mutant in mutants(found.solution):
        assert mutant.source != found.solution
        assert mutant.source.count("\n") == found.solution.count("\n")


@pytest.fixture(scope="module")
def graders() -> Iterator[tuple[WorkerClient, CheckClient]]:
    worker, checker = WorkerClient(), CheckClient()
    yield worker, checker
    checker.close()
    worker.close()


@pytest.mark.opencl
@pytest.mark.parametrize(("exercise", "mutant", "caught"), SLICE)
def test_a_wrong_solution_fails_even_when_its_numbers_are_right(
    graders: tuple[WorkerClient, CheckClient], exercise: str, mutant: str, caught: str
) -> None:
    worker, checker = graders
    found = CATALOGUE.find(exercise)
    assert found is not None
    source = mutant_source(exercise, mutant)
    report = check_kernel(found, source, worker, performance=False, checker=checker)
    assert isinstance(report, CheckReport) and not report.passed
    assert report.status == "failing"
    if caught == "values":
        assert not all(case.passed for case in report.cases)
        return
    assert all(case.passed for case in report.cases)  # right by luck on PoCL
    assert report.memory is not None and report.memory.ran
    kinds = {p.kind for p in report.memory.problems}
    assert caught in kinds, report.memory.problems
    if not mutant.startswith("drop-barrier"):  # a race is told at its accesses
        guard = int(mutant.split(":")[1])  # the access is on the guard's line or the next
        assert any(guard <= p.line <= guard + 1 for p in report.memory.problems)
