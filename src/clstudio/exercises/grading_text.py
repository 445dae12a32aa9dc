"""A check told in words, the same on the command line and in the Exercises panel."""

from __future__ import annotations

from clstudio.common import format_seconds, gettext
from clstudio.exercises.grading import CaseResult, CheckReport, Mismatch, PerformanceResult
from clstudio.exercises.memory_check import memory_text


def value_text(value: float | None) -> str:
    if value is None:
        return "?"
    return f"{value:.7g}"


def status_name(status: str) -> str:
    """A status (an English key of progress.json) in the learner's language."""
    return gettext(status)


def mismatch_text(mismatch: Mismatch) -> str:
    """'c[1024]: expected 1.5, got 0'."""
    index = ", ".join(map(str, mismatch.index))
    return gettext("{place}: expected {expected}, got {actual}").format(
        place=f"{mismatch.output}[{index}]",
        expected=value_text(mismatch.expected),
        actual=value_text(mismatch.actual),
    )


def case_text(case: CaseResult) -> str:
    """One line: the verdict, the case, and for a failure what went wrong first."""
    if case.passed:
        return gettext("pass  {case}").format(case=case.name)
    if case.mismatches:
        detail = mismatch_text(case.mismatches[0])
        if case.stage == "check" and case.problem != case.mismatches[0].message:
            detail = f"{case.problem}; {detail}"  # an overrun, and wrong values as well
    else:
        detail = f"{case.stage}: {case.problem}" if case.stage != "check" else case.problem
    return gettext("FAIL  {case}: {detail}").format(case=case.name, detail=detail)


def performance_text(result: PerformanceResult | None) -> str:
    if result is None:
        return gettext("performance: not timed (every case, and the memory check, must pass first)")
    if result.kernel_s is None or result.target_s is None:
        return gettext("performance: not measured: {problem}").format(problem=result.problem)
    if result.fast_enough:
        text = gettext(
            "performance: {time} (fastest repeat), target {target} ({multiple} x the "
            "reference solution's {solution}): fast enough"
        )
    else:
        text = gettext(
            "performance: {time} (fastest repeat), target {target} ({multiple} x the "
            "reference solution's {solution}): too slow"
        )
    return text.format(
        time=format_seconds(result.kernel_s),
        target=format_seconds(result.target_s),
        multiple=f"{result.solution_multiple:g}",
        solution=format_seconds(result.solution_s or 0.0),
    )


def report_text(report: CheckReport) -> str:
    passed = sum(case.passed for case in report.cases)
    name = report.exercise if report.variant is None else f"{report.exercise} ({report.variant})"
    head = gettext("{exercise}: {passed} of {total} cases pass")
    lines = [head.format(exercise=name, passed=passed, total=len(report.cases))]
    lines += [f"  {case_text(case)}" for case in report.cases]
    if report.memory is not None:
        lines.append(f"  {memory_text(report.memory)}")
    lines.append(f"  {performance_text(report.performance)}")
    if report.performance is not None and report.performance.roofline is not None:
        roofline = gettext("roofline: {text}").format(text=report.performance.roofline.text)
        lines.append(f"  {roofline}")
    lines.append(gettext("status: {status}").format(status=status_name(report.status)))
    return "\n".join(lines)
