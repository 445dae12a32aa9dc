"""A check told in words, the same on the command line and in the Exercises panel."""

from __future__ import annotations

from clstudio.common import format_seconds
from clstudio.exercises.grading import CaseResult, CheckReport, Mismatch, PerformanceResult


def value_text(value: float | None) -> str:
    if value is None:
        return "?"
    return f"{value:.7g}"


def mismatch_text(mismatch: Mismatch) -> str:
    """'c[1024]: expected 1.5, got 0'."""
    index = ", ".join(map(str, mismatch.index))
    return (
        f"{mismatch.output}[{index}]: expected {value_text(mismatch.expected)}, "
        f"got {value_text(mismatch.actual)}"
    )


def case_text(case: CaseResult) -> str:
    """One line: the verdict, the case, and for a failure what went wrong first."""
    if case.passed:
        return f"pass  {case.name}"
    if case.mismatches:
        detail = mismatch_text(case.mismatches[0])
        if case.stage == "check" and case.problem != case.mismatches[0].message:
            detail = f"{case.problem}; {detail}"  # an overrun, and wrong values as well
    else:
        detail = f"{case.stage}: {case.problem}" if case.stage != "check" else case.problem
    return f"FAIL  {case.name}: {detail}"


def performance_text(result: PerformanceResult | None) -> str:
    if result is None:
        return "performance: not timed (every case must pass first)"
    if result.kernel_s is None or result.target_s is None:
        return f"performance: not measured: {result.problem}"
    verdict = "fast enough" if result.fast_enough else "too slow"
    return (
        f"performance: {format_seconds(result.kernel_s)} (fastest repeat), target "
        f"{format_seconds(result.target_s)} ({result.solution_multiple:g} x the reference "
        f"solution's {format_seconds(result.solution_s or 0.0)}): {verdict}"
    )


def report_text(report: CheckReport) -> str:
    passed = sum(case.passed for case in report.cases)
    name = report.exercise if report.variant is None else f"{report.exercise} ({report.variant})"
    lines = [f"{name}: {passed} of {len(report.cases)} cases pass"]
    lines += [f"  {case_text(case)}" for case in report.cases]
    lines.append(f"  {performance_text(report.performance)}")
    if report.performance is not None and report.performance.roofline is not None:
        lines.append(f"  roofline: {report.performance.roofline.text}")
    lines.append(f"status: {report.status}")
    return "\n".join(lines)
