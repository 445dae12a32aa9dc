"""The exercises in exercises/, in the order the course meets them."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from clstudio.exercises.exercise_format import EXERCISE_FILE, Exercise, ExerciseError, load_exercise

EXERCISES_ENV = "CLSTUDIO_EXERCISES"

# One operator after another, each using what the ones before taught. Folders not
# listed here come after these, sorted by name.
COURSE_ORDER = (
    "vector_add",
    "saxpy",
    "sum_reduction",
    "max_reduction",
    "full_sum",
    "inclusive_scan",
    "histogram",
    "transpose_naive",
    "transpose_tiled",
    "gemm_naive",
    "gemm_tiled",
    "gemm_register_blocked",
    "softmax",
    "softmax_long_rows",
    "layer_norm",
    "rms_norm",
    "rope",
    "swiglu",
    "causal_softmax",
    "conv2d",
    "infinicore_swiglu",  # the course's operator library's style: -D types, strides
)


@dataclass(frozen=True)
class Catalogue:
    """Every exercise that loads, and for each folder that does not, why."""

    exercises: tuple[Exercise, ...]
    problems: tuple[str, ...]

    def find(self, name: str) -> Exercise | None:
        return next((e for e in self.exercises if e.name == name), None)


def exercises_dir() -> Path:
    """$CLSTUDIO_EXERCISES, else the repository's exercises/ folder."""
    override = os.environ.get(EXERCISES_ENV)
    if override:
        return Path(override)
    # src/clstudio/exercises/catalogue.py -> the checkout that an editable install points at.
    return Path(__file__).resolve().parents[3] / "exercises"


def load_catalogue(folder: Path | None = None) -> Catalogue:
    """Every folder of `folder` that holds an exercise.json, in course order."""
    folder = exercises_dir() if folder is None else folder
    names = sorted(p.parent.name for p in folder.glob(f"*/{EXERCISE_FILE}"))
    ordered = [n for n in COURSE_ORDER if n in names] + [n for n in names if n not in COURSE_ORDER]
    exercises, problems = [], []
    for name in ordered:
        try:
            exercises.append(load_exercise(folder / name))
        except ExerciseError as exc:
            problems.append(str(exc))
    return Catalogue(tuple(exercises), tuple(problems))
