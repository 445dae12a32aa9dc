"""Check mode as part of grading: right numbers are not enough.

A kernel that reads one element past a `__local` array, or races, can give the right
numbers on PoCL by luck. Grading runs the smallest case once more on Oclgrind, and
any problem it reports fails the grade, with the problem at its line.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Protocol

from clstudio.checkmode import CheckProblem, CheckResult
from clstudio.common import gettext, ngettext
from clstudio.exercises.exercise_cases import Case
from clstudio.exercises.exercise_format import Exercise
from clstudio.exercises.variants import Variant
from clstudio.session import Session


class Checker(Protocol):
    """What runs check mode: the worker's CheckClient, in the app and on the command line."""

    def check(self, session: Session) -> CheckResult: ...


@dataclass(frozen=True)
class MemoryCheck:
    """Check mode on one case: what Oclgrind found, or why it could not run."""

    case: str
    sizes: dict[str, int]
    ran: bool
    problems: tuple[CheckProblem, ...] = ()
    reason: str = ""  # why it did not run: no Oclgrind, or the simulator could not run it
    simulator_found: bool = True

    @property
    def passed(self) -> bool:
        """Not failed: clean, or not run (the numbers then decide alone, and it says so)."""
        return not self.problems


def smallest_case(exercise: Exercise, variant: Variant | None = None) -> Case:
    """The case with the fewest work-items, which is the quickest to simulate; among
    those, the largest sizes, so that a kernel's loops (over tiles, over columns) run
    more than once: a barrier missing between two tiles races only from the second."""

    def weight(case: Case) -> tuple[int, int]:
        session = exercise.case_session(
            case.sizes, case.seed, exercise.solution, variant, case.inits
        )
        return math.prod(session.global_size), -math.prod(case.sizes.values())

    return min(exercise.cases, key=weight)


def memory_check(checker: Checker, session: Session, case: Case) -> MemoryCheck:
    """`session` (one case, the learner's source) run in check mode."""
    result = checker.check(replace(session, repeats=1, references={}))
    if result.error is not None:
        return MemoryCheck(
            case.name,
            case.sizes,
            False,
            reason=result.error.message,
            simulator_found=result.simulator_found,
        )
    return MemoryCheck(case.name, case.sizes, True, result.problems)


def memory_text(check: MemoryCheck) -> str:
    """One line for the report, and a line per problem after it."""
    sizes = ", ".join(f"{name} = {size}" for name, size in check.sizes.items())
    if not check.ran:
        head = gettext("memory check on {sizes} (Oclgrind): not run: {reason}").format(
            sizes=sizes, reason=check.reason
        )
        return head
    if not check.problems:
        return gettext(
            "memory check on {sizes} (Oclgrind): no out-of-bounds access, race, "
            "uninitialised value or divergent barrier"
        ).format(sizes=sizes)
    count = len(check.problems)
    head = ngettext(
        "FAIL  memory check on {sizes} (Oclgrind): {count} problem, even if the numbers are right",
        "FAIL  memory check on {sizes} (Oclgrind): {count} problems, even if the numbers are right",
        count,
    ).format(sizes=sizes, count=count)
    return "\n".join([head, *(f"    {problem_text(p)}" for p in check.problems)])


def problem_text(problem: CheckProblem) -> str:
    """`line 12: data-race: line 12 writes ...`."""
    if problem.line:
        return gettext("line {line}: {kind}: {message}").format(
            line=problem.line, kind=problem.kind, message=problem.message
        )
    return f"{problem.kind}: {problem.message}"
