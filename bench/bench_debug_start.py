"""How long a debug run takes to its first stop, against a check of the same session.

Both start cold, as the user meets them: a fresh debug process (Python, pyopencl,
Oclgrind, the build with -cl-opt-disable, the inputs) until the followed work-item
stops at its breakpoint, and a fresh check worker until the check's result. The
issue allows the debugger at most 3 s more than the check.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from clstudio.debugger import BREAKPOINT, DebugDriver, plan_debug
from clstudio.session import load_session
from clstudio.worker.check_client import CheckClient
from results_table import Metric, report

TRIALS = 3
ALLOWED_EXTRA_S = 3.0
ROOT = Path(__file__).resolve().parents[1]
CASES = (
    ("vector_add, 1 M work-items, work-item 5 at line 17", "kernels/vector_add.json", 17, 5),
    ("reduction, 1 M work-items, work-item 3 at line 26", "kernels/reduction.json", 26, 3),
)


def first_stop_s(path: Path, line: int, item: int) -> float:
    started = time.perf_counter()
    driver = DebugDriver(plan_debug(load_session(path), (line,), (item,)))
    try:
        stop = driver.start()
        seconds = time.perf_counter() - started
        assert stop.reason == BREAKPOINT and stop.line == line, stop
    finally:
        driver.stop()
        driver.close()
    return seconds


def check_s(path: Path) -> float:
    started = time.perf_counter()
    client = CheckClient()
    try:
        result = client.check(load_session(path))
        assert result.error is None, result.error
    finally:
        client.close()
    return time.perf_counter() - started


def main() -> None:
    metrics = []
    for name, relative, line, item in CASES:
        path = ROOT / relative
        debug, check = [], []
        for _ in range(TRIALS):  # interleaved, so that a busy moment hits both
            debug.append(first_stop_s(path, line, item))
            check.append(check_s(path))
        debug_s, check_median_s = statistics.median(debug), statistics.median(check)
        extra = debug_s - check_median_s
        verdict = "met" if extra <= ALLOWED_EXTRA_S else "NOT met"
        metrics.append(
            Metric(
                f"first stop: {name}",
                debug_s,
                "s",
                check_median_s,
                note=f"vs a cold check; {extra:+.2f} s (at most +{ALLOWED_EXTRA_S:g} s: {verdict})",
            )
        )
    report("debug_start", metrics, trials=TRIALS)


if __name__ == "__main__":
    main()
