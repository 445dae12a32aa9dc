"""Graded exercises: the exercise format, the catalogue, checking a kernel, a learner's progress."""

from clstudio.exercises.catalogue import COURSE_ORDER, Catalogue, exercises_dir, load_catalogue
from clstudio.exercises.exercise_cases import Case, PerformanceCase, Tolerance
from clstudio.exercises.exercise_format import (
    FORMAT_NAME,
    FORMAT_VERSION,
    Exercise,
    ExerciseError,
    load_exercise,
)
from clstudio.exercises.grading import (
    FAILING,
    FAST_ENOUGH,
    NOT_STARTED,
    PASSING,
    STATUSES,
    CaseResult,
    CheckProgress,
    CheckReport,
    Mismatch,
    PerformanceResult,
    check_kernel,
)
from clstudio.exercises.grading_json import catalogue_to_json, report_to_json
from clstudio.exercises.memory_check import Checker, MemoryCheck, memory_text, smallest_case
from clstudio.exercises.progress import ProgressStore
from clstudio.exercises.roofline_position import RooflinePosition, Work, roofline_position
from clstudio.exercises.variants import Variant, variant_problem

__all__ = [
    "COURSE_ORDER",
    "FAILING",
    "FAST_ENOUGH",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "NOT_STARTED",
    "PASSING",
    "STATUSES",
    "Case",
    "CaseResult",
    "Catalogue",
    "CheckProgress",
    "CheckReport",
    "Checker",
    "Exercise",
    "ExerciseError",
    "MemoryCheck",
    "Mismatch",
    "PerformanceCase",
    "PerformanceResult",
    "ProgressStore",
    "RooflinePosition",
    "Tolerance",
    "Variant",
    "Work",
    "catalogue_to_json",
    "check_kernel",
    "exercises_dir",
    "load_catalogue",
    "load_exercise",
    "memory_text",
    "report_to_json",
    "roofline_position",
    "smallest_case",
    "variant_problem",
]
