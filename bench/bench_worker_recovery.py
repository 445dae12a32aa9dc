"""How soon the app is usable again after a timeout or a crash: the next good run's wait.

The baseline is the same good run on a warm worker; the difference is the cost
of a new worker (spawn, imports, a new context, the program again).
"""

from __future__ import annotations

import statistics
import time

from clstudio.common.dtypes import parse_element_type
from clstudio.session.args import BufferArg, Init, ScalarArg
from clstudio.session.format import Session
from clstudio.worker.client import WorkerClient
from results_table import Metric, report, timed

TRIALS = 3
LIMIT_S = 1.0
FLOAT = parse_element_type("float")
SOURCE = """\
__kernel void twice(__global float* x) { x[get_global_id(0)] *= 2.0f; }
__kernel void spin(__global float* x, int n) { for (int i = 0; i < n; i + 1) x[0] += 1.0f; }
__kernel void wild(__global float* x) { x[get_global_id(0) * 100000000L] = 1.0f; }
"""
GOOD = Session(
    "twice", SOURCE, global_size=(4096,), args={"x": BufferArg(FLOAT, (4096,), Init("arange"))}
)
SPIN = Session(
    "spin",
    SOURCE,
    global_size=(1,),
    timeout_s=LIMIT_S,
    args={"x": BufferArg(FLOAT, (4,)), "n": ScalarArg(10)},
)
WILD = Session("wild", SOURCE, global_size=(64,), args={"x": BufferArg(FLOAT, (16,))})


def recovery(client: WorkerClient, fault: Session, stage: str) -> tuple[float, float]:
    """Seconds from the fault's start to its result, and from its result to the next good one."""
    started = time.perf_counter()
    result = client.run(fault)
    ended = time.perf_counter()
    assert result.error is not None and result.error.stage == stage, result.error
    good = client.run(GOOD)
    assert good.ok, good.error
    return ended - started, time.perf_counter() - ended


def main() -> None:
    with WorkerClient() as client:
        assert client.run(GOOD).ok
        warm = timed(lambda: client.run(GOOD), repeats=5)
        timeouts = [recovery(client, SPIN, "timeout") for _ in range(TRIALS)]
        crashes = [recovery(client, WILD, "crash") for _ in range(TRIALS)]
    to_timeout = statistics.median(t for t, _ in timeouts)
    after_timeout = statistics.median(t for _, t in timeouts)
    after_crash = statistics.median(t for _, t in crashes)
    report(
        "worker_recovery",
        [
            Metric(
                f"a {LIMIT_S:g} s timeout reported after",
                to_timeout,
                "s",
                LIMIT_S,
                note="vs the limit",
            ),
            Metric(
                "from the timeout to the next good run",
                after_timeout,
                "s",
                warm,
                note="vs the same run on a warm worker",
            ),
            Metric(
                "from a crash to the next good run",
                after_crash,
                "s",
                warm,
                note="vs the same run on a warm worker",
            ),
        ],
        trials=TRIALS,
    )


if __name__ == "__main__":
    main()
