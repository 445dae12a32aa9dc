"""Wrong variants of a solution, made by the mistakes learners make, for the mutation test.

Each operator changes one place of the source and keeps its line count, so that a
mutant's id (`operator:line:occurrence`) names where it differs. The full run over
every exercise is bench/mutation_grading.py; tests/exercises/test_mutation_grading.py
runs a slice. Mutants that compute the same thing are listed, with the reason, in
mutation_equivalents.json beside this file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

EQUIVALENTS = Path(__file__).with_name("mutation_equivalents.json")
_CONDITION_LINE = re.compile(r"\b(?:if|for|while)\s*\(|\?")
_FOR_LINE = re.compile(r"\bfor\s*\(")


@dataclass(frozen=True)
class Mutant:
    id: str  # "lt-to-le:17:0": operator, 1-based line, occurrence on that line
    source: str


def _drop_barrier(line: str) -> Iterator[tuple[int, str]]:
    for found in re.finditer(r"\b(?:work_group_)?barrier\s*\([^;]*\)\s*;", line):
        yield found.start(), line[: found.start()] + ";" + line[found.end() :]


Operator = Callable[[str], Iterator[tuple[int, str]]]


def _swap(pattern: str, replacement: str, wanted: re.Pattern[str]) -> Operator:
    def operator(line: str) -> Iterator[tuple[int, str]]:
        if not wanted.search(line.split("//")[0]):
            return
        for found in re.finditer(pattern, line.split("//")[0]):
            yield found.start(), line[: found.start()] + replacement + line[found.end() :]

    return operator


def _restart_accumulation(line: str) -> Iterator[tuple[int, str]]:
    """`s += x` -> `s = x`, outside for headers (where it is the loop's step)."""
    code = line.split("//")[0]
    if _FOR_LINE.search(code):
        return
    for found in re.finditer(r"\+=", code):
        yield found.start(), line[: found.start()] + "=" + line[found.end() :]


OPERATORS: dict[str, Operator] = {
    "drop-barrier": _drop_barrier,
    "lt-to-le": _swap(r"(?<![<<=])<(?![<=])", "<=", _CONDITION_LINE),
    "le-to-lt": _swap(r"<=", "<", _CONDITION_LINE),
    "restart-accumulation": _restart_accumulation,
    "skip-pair": _swap(r">\s*0\b", "> 1", _FOR_LINE),
}


def mutants(source: str) -> list[Mutant]:
    """Every single-place mutant of `source`, in line order."""
    lines = source.split("\n")
    found: list[Mutant] = []
    for number, line in enumerate(lines, 1):
        for name, operator in OPERATORS.items():
            for occurrence, (_at, changed) in enumerate(operator(line)):
                mutated = [*lines[: number - 1], changed, *lines[number:]]
                found.append(Mutant(f"{name}:{number}:{occurrence}", "\n".join(mutated)))
    return found


def equivalents() -> dict[str, dict[str, str]]:
    """exercise -> mutant id -> why it computes what the solution computes."""
    data: dict[str, dict[str, str]] = json.loads(EQUIVALENTS.read_text(encoding="utf-8"))
    return data
