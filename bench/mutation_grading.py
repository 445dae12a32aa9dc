"""The mutation test of exercise grading: every wrong variant of every solution must fail.

For each exercise, tests/exercises/mutations.py makes single-place mutants of its
reference solution (a barrier dropped, `<` and `<=` swapped in a guard, an
accumulation restarted, a reduction's last pair skipped); each is graded as a learner's
kernel is, every case on PoCL in a worker and the smallest in check mode on Oclgrind.
A mutant that passes is a hole in the grading, unless it is listed in
tests/exercises/mutation_equivalents.json with the reason it computes the same thing.

    python bench/mutation_grading.py [EXERCISE ...]

Prints one line per surviving mutant and the counts; exits 1 if a mutant not listed
as equivalent passed, or a listed one failed (the list is then stale). Writes
bench/results/mutation_grading.json. Slow (minutes): not part of run_all.py.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "exercises"))

from mutations import equivalents, mutants  # noqa: E402

from clstudio.exercises import CheckReport, check_kernel, load_catalogue  # noqa: E402
from clstudio.worker.check_client import CheckClient  # noqa: E402
from clstudio.worker.client import WorkerClient  # noqa: E402

RESULTS = Path(__file__).parent / "results"


def main(names: list[str]) -> int:
    catalogue = load_catalogue()
    known = equivalents()
    chosen = [e for e in catalogue.exercises if not names or e.name in names]
    rows: list[dict[str, str | bool]] = []
    holes: list[str] = []
    stale: list[str] = []
    started = time.perf_counter()
    with WorkerClient() as worker:
        checker = CheckClient()
        try:
            for exercise in chosen:
                listed = known.get(exercise.name, {})
                for mutant in mutants(exercise.solution):
                    report = check_kernel(
                        exercise, mutant.source, worker, performance=False, checker=checker
                    )
                    equivalent = mutant.id in listed
                    rows.append(
                        {
                            "exercise": exercise.name,
                            "mutant": mutant.id,
                            "passed": report.passed,
                            "equivalent": equivalent,
                            "caught_by": _caught_by(report),
                        }
                    )
                    if report.passed and not equivalent:
                        holes.append(f"{exercise.name} {mutant.id}")
                        print(f"PASSED (a hole): {exercise.name} {mutant.id}", flush=True)
                    elif equivalent and not report.passed:
                        stale.append(f"{exercise.name} {mutant.id}")
                        print(f"listed as equivalent but fails: {exercise.name} {mutant.id}")
        finally:
            checker.close()
    summary = {
        "exercises": len(chosen),
        "mutants": len(rows),
        "killed": sum(not r["passed"] for r in rows),
        "killed_by_values": sum(r["caught_by"] == "values" for r in rows),
        "killed_by_memory_check_only": sum(r["caught_by"] == "memory" for r in rows),
        "equivalent": sum(r["equivalent"] is True for r in rows),
        "holes": holes,
        "stale": stale,
        "seconds": round(time.perf_counter() - started, 1),
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "mutation_grading.json").write_text(
        json.dumps({"summary": summary, "mutants": rows}, indent=1) + "\n"
    )
    print(json.dumps(summary, indent=1))
    return 1 if holes or stale else 0


def _caught_by(report: object) -> str:
    """ "values" when a case failed; "memory" when only check mode did; "" when it passed."""

    assert isinstance(report, CheckReport)
    if not all(case.passed for case in report.cases):
        return "values"
    return "memory" if report.memory is not None and not report.memory.passed else ""


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
