"""An exercise of the catalogue by name, which the test expects to be there."""

from __future__ import annotations

from clstudio.exercises.catalogue import Catalogue
from clstudio.exercises.exercise_format import Exercise


def exercise_named(catalogue: Catalogue, name: str) -> Exercise:
    exercise = catalogue.find(name)
    assert exercise is not None, f"no exercise {name}"
    return exercise
