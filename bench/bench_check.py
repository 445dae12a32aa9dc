"""Check mode's cost: a check on Oclgrind against a run of the same session on PoCL.

Both go through warm workers of their own (the check's was started with Oclgrind's
switches), so the ratios are the simulator's price: every work-item simulated
with race and uninitialised-value detection, built with -cl-opt-disable.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import replace
from pathlib import Path

from clstudio.session import Session, load_session
from clstudio.worker.check_client import CheckClient
from clstudio.worker.client import WorkerClient
from results_table import Metric, report

TRIALS = 3
ROOT = Path(__file__).resolve().parents[1]
CASES = (
    ("vector_add, 4,096 work-items (whole range)", "kernels/vector_add.json", 4096),
    ("vector_add, 1 M work-items (quick mode)", "kernels/vector_add.json", None),
    ("matmul_tiled, 320 x 256 (quick mode)", "kernels/matmul_tiled.json", None),
    ("a race on __local, 64 work-items", "tests/checkmode/faults/local_race/session.json", None),
)


def sized(session: Session, items: int | None) -> Session:
    return session if items is None else session.with_ndrange((items,), session.local_size)


def median_seconds(work) -> float:
    times = []
    for _ in range(TRIALS):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    checks, runs = CheckClient(), WorkerClient()
    metrics = []
    try:
        for name, path, items in CASES:
            session = replace(sized(load_session(ROOT / path), items), repeats=1)
            checks.check(session)  # warm: the worker started, the program built
            runs.run(session)
            check = median_seconds(lambda s=session: checks.check(s))
            run = median_seconds(lambda s=session: runs.run(s))
            metrics.append(Metric(f"check: {name}", check, "s", run, note="vs a run on PoCL"))
    finally:
        checks.close()
        runs.close()
    report("check", metrics, trials=TRIALS)


if __name__ == "__main__":
    main()
