"""The `--json` forms of `clstudio exercise list` and `check`: versioned, in docs/exercises.md."""

from __future__ import annotations

import math
from typing import Any

from clstudio.common import record_fields
from clstudio.devices.versions import version_text
from clstudio.exercises.catalogue import Catalogue
from clstudio.exercises.exercise_format import Exercise
from clstudio.exercises.grading import CaseResult, CheckReport, PerformanceResult
from clstudio.exercises.memory_check import MemoryCheck
from clstudio.exercises.roofline_position import RooflinePosition

LIST_FORMAT = "clstudio-exercise-list"
CHECK_FORMAT = "clstudio-exercise-check"
LIST_VERSION = 1
# 2: the roofline counts the operations the exercise declares, not one per work-item;
# the report names the variant checked.
# 3: "checks" says which checks ran, and "memory" holds check mode's verdict on the
# smallest case; "passed" is false when it found a problem.
CHECK_VERSION = 3
# A memory problem in the report: these fields of check mode's CheckProblem, in this order.
_MEMORY_PROBLEM_KEYS = (
    "kind",
    "severity",
    "line",
    "column",
    "message",
    "memory_space",
    "buffer",
    "count",
    "other_line",
    "oclgrind",
)


def catalogue_to_json(catalogue: Catalogue) -> dict[str, Any]:
    return {
        "format": LIST_FORMAT,
        "version": LIST_VERSION,
        "exercises": [_exercise_json(e) for e in catalogue.exercises],
        "problems": list(catalogue.problems),
    }


def _exercise_json(exercise: Exercise) -> dict[str, Any]:
    performance = exercise.performance
    return {
        "name": exercise.name,
        "title": exercise.title,
        "summary": exercise.summary,
        "folder": str(exercise.folder),
        "kernel": exercise.session.kernel,
        "starter": str(exercise.folder / (exercise.session.source_file or "")),
        "cases": [{"name": c.name, "sizes": c.sizes, "seed": c.seed} for c in exercise.cases],
        "tolerance": {"rtol": exercise.tolerance.rtol, "atol": exercise.tolerance.atol},
        "performance": {
            "sizes": performance.sizes,
            "repeats": performance.repeats,
            "target": {"solution_multiple": performance.solution_multiple},
            "operations": performance.operations_expr,
        },
        "hints": len(exercise.hints),
        "variants": [
            {
                "name": v.name,
                "title": v.title,
                "opencl_c": version_text(v.opencl_c),
                "build_options": v.session.build_options,
                "features": list(v.features),
                "starter": str(exercise.folder / (v.session.source_file or "")),
            }
            for v in exercise.variants
        ],
    }


def report_to_json(report: CheckReport | None, error: str | None = None) -> dict[str, Any]:
    """A finished check, or (report None) the reason no check could start."""
    return {
        "format": CHECK_FORMAT,
        "version": CHECK_VERSION,
        "exercise": report.exercise if report else None,
        "device": report.device if report else None,
        "variant": report.variant if report else None,
        "error": error,
        "passed": bool(report and report.passed),
        "status": report.status if report else None,
        "checks": _checks(report),
        "cases": [_case_json(c) for c in report.cases] if report else [],
        "memory": _memory_json(report.memory) if report else None,
        "performance": _performance_json(report.performance) if report else None,
    }


def _checks(report: CheckReport | None) -> list[str]:
    """Which checks ran: "values" (every case against its reference), "memory" (check
    mode on Oclgrind), "performance" (the timed case)."""
    if report is None:
        return []
    ran = ["values"]
    if report.memory is not None and report.memory.ran:
        ran.append("memory")
    if report.performance is not None and report.performance.kernel_s is not None:
        ran.append("performance")
    return ran


def _memory_json(memory: MemoryCheck | None) -> dict[str, Any] | None:
    if memory is None:
        return None
    return {
        **record_fields(memory, "case", "sizes", "ran", "simulator_found"),
        "reason": memory.reason or None,
        "passed": memory.passed,
        "problems": [record_fields(p, *_MEMORY_PROBLEM_KEYS) for p in memory.problems],
    }


def _case_json(case: CaseResult) -> dict[str, Any]:
    return {
        **record_fields(case, "name", "sizes", "seed", "passed"),
        "stage": case.stage or None,
        "problem": case.problem or None,
        "mismatches": [
            {
                "output": m.output,
                "index": list(m.index),
                "expected": json_number(m.expected),
                "actual": json_number(m.actual),
                "message": m.message,
            }
            for m in case.mismatches
        ],
    }


def _performance_json(result: PerformanceResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        **record_fields(
            result,
            "sizes",
            "kernel_s",
            "solution_s",
            "solution_multiple",
            "target_s",
            "fast_enough",
        ),
        "problem": result.problem or None,
        "roofline": _roofline_json(result.roofline),
    }


def _roofline_json(position: RooflinePosition | None) -> dict[str, Any] | None:
    if position is None:
        return None
    roof = position.roof
    return {
        "gb_s": json_number(position.gb_s),
        "gflop_s": json_number(position.gflop_s),
        "intensity": json_number(position.intensity),
        "operations": position.operations,
        "operations_declared": position.operations_declared,
        "peaks_measured": roof is not None,
        "bound": position.bound,
        "roof": None if roof is None else {"key": roof.key, "value": roof.value, "unit": roof.unit},
        "share": json_number(position.share),
        "text": position.text,
    }


def json_number(value: float | None) -> float | str | None:
    """JSON has no NaN or infinity: those become the strings "nan", "inf" and "-inf"."""
    if value is None or math.isfinite(value):
        return value
    return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
