"""Checking a learner's kernel: every test case, then the timed performance case.

The runs go through a backend (the worker process in the app and on the command line),
so a kernel that hangs or crashes fails its case and the next case still runs. A case
that fails says where: the output, the worst index, the expected and the actual value.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from clstudio.backend import Backend
from clstudio.common import N_, PeakReport, RunResult, gettext
from clstudio.devices import DeviceSelector
from clstudio.exercises.exercise_format import Exercise
from clstudio.exercises.memory_check import Checker, MemoryCheck, memory_check, smallest_case
from clstudio.exercises.roofline_position import RooflinePosition, Work, roofline_position
from clstudio.exercises.variants import Variant
from clstudio.reporting import (
    DEFAULT_OPS_PER_ITEM,
    buffer_traffic,
    latest_peaks,
    program_times_ns,
)
from clstudio.session import BufferArg, Init, Session

# (steps done, steps in all, what runs now): one step per case, two per timing round.
CheckProgress = Callable[[int, int, str], None]
PeaksLookup = Callable[[str], PeakReport | None]  # a device's latest measured peaks
TIMING_ROUNDS = 3

# Keys of progress.json and of --json, in English; shown as gettext(status).
NOT_STARTED = N_("not started")
FAILING = N_("failing")
PASSING = N_("passing")
FAST_ENOUGH = N_("fast enough")
STATUSES = (NOT_STARTED, FAILING, PASSING, FAST_ENOUGH)


@dataclass(frozen=True)
class Mismatch:
    """Where an output is furthest from its reference."""

    output: str
    index: tuple[int, ...]
    expected: float | None
    actual: float | None
    message: str


@dataclass(frozen=True)
class CaseResult:
    name: str
    sizes: dict[str, int]
    seed: int
    passed: bool
    stage: str  # "" when passed; "check" for wrong values, else the run's error stage
    problem: str  # "" when passed: what went wrong, in words
    mismatches: tuple[Mismatch, ...] = ()


@dataclass(frozen=True)
class PerformanceResult:
    sizes: dict[str, int]
    kernel_s: float | None  # the fastest repeat; None when the kernel did not run
    solution_s: float | None  # the reference solution's fastest, same device, same check
    solution_multiple: float
    fast_enough: bool
    problem: str = ""
    roofline: RooflinePosition | None = None  # None when not timed or no buffer moved

    @property
    def target_s(self) -> float | None:
        return None if self.solution_s is None else self.solution_s * self.solution_multiple


@dataclass(frozen=True)
class CheckReport:
    exercise: str
    cases: tuple[CaseResult, ...]
    performance: PerformanceResult | None  # None when not timed (a case failed, or skipped)
    device: str = ""
    variant: str | None = None  # the second starter's name, when the kernel is written for it
    memory: MemoryCheck | None = None  # None when check mode was not asked for

    @property
    def passed(self) -> bool:
        memory_ok = self.memory is None or self.memory.passed
        return all(case.passed for case in self.cases) and memory_ok

    @property
    def status(self) -> str:
        if not self.passed:
            return FAILING
        return FAST_ENOUGH if self.performance and self.performance.fast_enough else PASSING


def check_kernel(
    exercise: Exercise,
    source: str,
    backend: Backend,
    progress: CheckProgress | None = None,
    performance: bool = True,
    peaks: PeaksLookup = latest_peaks,
    variant: Variant | None = None,
    device: DeviceSelector | None = None,
    checker: Checker | None = None,
) -> CheckReport:
    """Run `source` through every case, then (with `checker`) its smallest case in check
    mode; time it against the solution if all pass.

    With `variant`, `source` is built as that starter is and timed against its solution;
    with `device`, every run goes there instead of where the exercise's session asks.
    """
    sessions = _Sessions(exercise, variant, device)
    report = (lambda *_: None) if progress is None else progress
    checked = 1 if checker is not None else 0
    total = len(exercise.cases) + checked + (2 * TIMING_ROUNDS if performance else 0)
    results: list[CaseResult] = []
    ran_on = ""
    stopper: CaseResult | None = None  # a failure that every later case would repeat
    for done, case in enumerate(exercise.cases):
        report(done, total, gettext("case {name}").format(name=case.name))
        if stopper is not None:
            results.append(replace(stopper, name=case.name, sizes=case.sizes, seed=case.seed))
            continue
        session = replace(sessions.case(case.sizes, case.seed, source, case.inits), repeats=1)
        result = backend.run(session)
        ran_on = ran_on or result.device
        results.append(case_result(case.name, case.sizes, case.seed, result))
        stopper = _stopper(results[-1])
    memory = None
    if checker is not None and stopper is None:
        report(len(exercise.cases), total, gettext("memory check on Oclgrind"))
        smallest = smallest_case(exercise, variant)
        memory = memory_check(
            checker, sessions.case(smallest.sizes, smallest.seed, source), smallest
        )
    timed = None
    if performance and all(r.passed for r in results) and (memory is None or memory.passed):
        done = len(exercise.cases) + checked
        timed = _time(sessions, source, backend, report, done, total, peaks)
    report(total, total, gettext("done"))
    name = None if variant is None else variant.name
    return CheckReport(exercise.name, tuple(results), timed, ran_on, name, memory)


@dataclass(frozen=True)
class _Sessions:
    """The sessions of one check: the exercise's, or its variant's, on the device asked for."""

    exercise: Exercise
    variant: Variant | None
    device: DeviceSelector | None

    @property
    def solution(self) -> str:
        return self.exercise.solution if self.variant is None else self.variant.solution

    def case(
        self, sizes: dict[str, int], seed: int, source: str, inits: dict[str, Init] | None = None
    ) -> Session:
        session = self.exercise.case_session(sizes, seed, source, self.variant, inits)
        return session if self.device is None else replace(session, device=self.device)


def _stopper(case: CaseResult) -> CaseResult | None:
    """What the cases after `case` are told instead of running, if they need not run.

    The same source fails to build the same way every time; and a kernel that ran out
    of time has most likely an endless loop, which would cost every case its timeout.
    """
    if case.stage == "build":
        return case
    if case.stage == "timeout":
        problem = gettext("not run: case {name} ran out of time first ({problem})").format(
            name=case.name, problem=case.problem
        )
        return replace(case, problem=problem)
    return None


def case_result(name: str, sizes: dict[str, int], seed: int, result: RunResult) -> CaseResult:
    if result.error is not None:
        return CaseResult(name, sizes, seed, False, result.error.stage, result.error.message)
    overruns = [g.message for g in result.guards.values() if not g.ok]
    mismatches = tuple(
        Mismatch(ref.name, ref.worst_index or (), ref.expected, ref.actual, ref.message)
        for ref in result.references.values()
        if not ref.ok
    )
    if overruns:
        return CaseResult(name, sizes, seed, False, "check", "; ".join(overruns), mismatches)
    if mismatches:
        return CaseResult(name, sizes, seed, False, "check", mismatches[0].message, mismatches)
    return CaseResult(name, sizes, seed, True, "", "")


def _time(
    sessions: _Sessions,
    source: str,
    backend: Backend,
    report: CheckProgress,
    done: int,
    total: int,
    peaks: PeaksLookup,
) -> PerformanceResult:
    """The fastest repeats of the solution and of `source`, taking turns.

    The fastest, not the median: on a shared machine the other processes only ever
    slow a repeat down, so the minimum is the steadiest measure of the kernel itself.
    Taking turns in TIMING_ROUNDS rounds means a burst of load slows both, not one.
    """
    case = sessions.exercise.performance
    sizes, multiple = case.sizes, case.solution_multiple
    repeats = max(1, -(-case.repeats // TIMING_ROUNDS))

    def session_of(text: str, checked: bool) -> Session:
        session = sessions.case(sizes, case.seed, text)
        references = session.references if checked else {}
        return replace(session, repeats=repeats, timeout_s=case.timeout_s, references=references)

    solution_ns: list[int] = []
    kernel_ns: list[int] = []
    for turn in range(TIMING_ROUNDS):
        which = {"turn": turn + 1, "rounds": TIMING_ROUNDS}
        doing = gettext("timing the reference solution ({turn} of {rounds})").format(**which)
        report(done + 2 * turn, total, doing)
        solution = backend.run(session_of(sessions.solution, False))
        if solution.error is not None:
            problem = gettext("the reference solution did not run: {problem}").format(
                problem=solution.error.message
            )
            return PerformanceResult(sizes, None, None, multiple, False, problem)
        solution_ns += program_times_ns(solution)  # each repeat's launches, summed
        doing = gettext("timing your kernel ({turn} of {rounds})").format(**which)
        report(done + 2 * turn + 1, total, doing)
        mine = backend.run(session_of(source, checked=turn == 0))  # its values, once
        if not mine.ok:
            problem = case_result("performance", sizes, case.seed, mine).problem
            return PerformanceResult(sizes, None, min(solution_ns) * 1e-9, multiple, False, problem)
        kernel_ns += program_times_ns(mine)
    kernel_s, solution_s = min(kernel_ns) * 1e-9, min(solution_ns) * 1e-9
    timed = session_of(source, checked=False)
    signature = mine.build.kernel(mine.kernel) if mine.build is not None else None
    double = any(
        isinstance(spec, BufferArg) and spec.dtype.scalar.name == "float64"
        for spec in timed.args.values()
    )
    work_items = math.prod(mine.global_size or timed.global_size)
    work = (
        Work(case.operations, case.operations_expr, True)
        if case.operations is not None and case.operations_expr is not None
        else Work(work_items * DEFAULT_OPS_PER_ITEM, "one per work-item", False)
    )
    position = roofline_position(
        buffer_traffic(timed, signature).total_bytes,
        work,
        kernel_s,
        double,
        mine.device,
        peaks(mine.device),
    )
    return PerformanceResult(
        sizes, kernel_s, solution_s, multiple, kernel_s <= solution_s * multiple, "", position
    )
