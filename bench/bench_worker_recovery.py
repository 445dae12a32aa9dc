"""How soon the app is usable again after a timeout, a crash or Stop: the next good run's wait.

The client keeps a warm spare worker, as the app's runs do (WorkerClient(spare=True)):
the next run goes to it, and the spare after it starts once that run is done. The
target's baseline, measured in the same run, is what that run would cost in this
process from nothing warm but PoCL's disk cache: a new Engine (platforms, a new
context and queue), the cached build and the run. The same run on a warm worker is
shown too, for scale. Each fault comes PAUSE_S (3 s) after the last good run, as a
user reads the message; the spare started meanwhile boots then.
"""

from __future__ import annotations

import statistics
import threading
import time

from baseline_device import baseline_device, device_label
from clstudio.common.dtypes import parse_element_type
from clstudio.engine.run import Engine
from clstudio.session import Launch
from clstudio.session.args import BufferArg, Init, ScalarArg
from clstudio.session.format import Session
from clstudio.worker.client import WorkerClient
from results_table import Metric, report, timed

TRIALS = 5
LIMIT_S = 1.0
PAUSE_S = 3.0  # between a recovery and the next fault: a user reading the message
FLOAT = parse_element_type("float")
SOURCE = """\
__kernel void twice(__global float* x) { x[get_global_id(0)] *= 2.0f; }
__kernel void spin(__global float* x, int n) { for (int i = 0; i < n; i + 1) x[0] += 1.0f; }
__kernel void wild(__global float* x) { x[get_global_id(0) * 100000000L] = 1.0f; }
"""
GOOD = Session(
    source=SOURCE,
    launches=(Launch("twice", (4096,)),),
    args={"x": BufferArg(FLOAT, (4096,), Init("arange"))},
)
SPIN = Session(
    source=SOURCE,
    launches=(Launch("spin", (1,)),),
    timeout_s=LIMIT_S,
    args={"x": BufferArg(FLOAT, (4,)), "n": ScalarArg(10)},
)
STOPPED = Session(
    source=SOURCE,
    launches=(Launch("spin", (1,)),),
    args={"x": BufferArg(FLOAT, (4,)), "n": ScalarArg(10)},
)
WILD = Session(
    source=SOURCE, launches=(Launch("wild", (64,)),), args={"x": BufferArg(FLOAT, (16,))}
)


def recovery(client: WorkerClient, fault: Session, stage: str) -> tuple[float, float]:
    """Seconds from the fault's start to its result, and from its result to the next good one."""
    time.sleep(PAUSE_S)  # the spare started after the last fault boots meanwhile
    started = time.perf_counter()
    if stage == "cancelled":
        threading.Timer(0.5, client.cancel).start()
    result = client.run(fault)
    ended = time.perf_counter()
    assert result.error is not None and result.error.stage == stage, result.error
    good = client.run(GOOD)
    assert good.ok, good.error
    return ended - started, time.perf_counter() - ended


def fresh_engine_run() -> None:
    result = Engine().run(GOOD)
    assert result.ok, result.error


def main() -> None:
    with WorkerClient(spare=True) as client:
        assert client.run(GOOD).ok
        warm = timed(lambda: client.run(GOOD), repeats=5)
        fresh = timed(fresh_engine_run, repeats=5)
        timeouts = [recovery(client, SPIN, "timeout") for _ in range(TRIALS)]
        crashes = [recovery(client, WILD, "crash") for _ in range(TRIALS)]
        stops = [recovery(client, STOPPED, "cancelled") for _ in range(TRIALS)]
    to_timeout = statistics.median(t for t, _ in timeouts)
    after_timeout = statistics.median(t for _, t in timeouts)
    after_crash = statistics.median(t for _, t in crashes)
    worst_crash = max(t for _, t in crashes)
    after_stop = statistics.median(t for _, t in stops)
    against = "vs a new Engine's context, the cached build and the run, in-process"
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
                "from the timeout to the next good run", after_timeout, "s", fresh, 1.5, against
            ),
            Metric("from a crash to the next good run", after_crash, "s", fresh, 1.5, against),
            Metric("from Stop to the next good run", after_stop, "s", fresh, 1.5, against),
            Metric(
                "from a crash to the next good run, the worst trial",
                worst_crash,
                "s",
                fresh,
                note=f"worst of {TRIALS}; "
                + ", ".join(f"{t * 1e3:.0f}" for _, t in crashes)
                + " ms",
            ),
            Metric(
                "from a crash to the next good run, against a warm run",
                after_crash,
                "s",
                warm,
                note="vs the same run on a warm worker",
            ),
        ],
        trials=TRIALS,
        device=device_label(baseline_device(GOOD.device)),
    )


if __name__ == "__main__":
    main()
