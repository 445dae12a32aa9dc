"""From starting the worker to the first device list, against discovery in a fresh process.

The baseline is a new Python process that discovers the devices itself: the
part of the cost that any process pays (interpreter, numpy, pyopencl, driver).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

from clstudio.worker.client import WorkerClient
from results_table import Metric, report

TRIALS = 5
DISCOVER = "from clstudio.devices.discovery import discover; assert discover().devices()"


def worker_start_to_devices() -> float:
    client = WorkerClient()
    started = time.perf_counter()
    client.start()
    inventory = client.devices()
    elapsed = time.perf_counter() - started
    client.close()
    assert inventory.devices(), inventory.problem
    return elapsed


def fresh_process(code: str) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True)
    return time.perf_counter() - started


def main() -> None:
    worker = statistics.median(worker_start_to_devices() for _ in range(TRIALS))
    in_process = statistics.median(fresh_process(DISCOVER) for _ in range(TRIALS))
    bare = statistics.median(fresh_process("pass") for _ in range(TRIALS))
    report(
        "worker_start",
        [
            Metric(
                "worker start to first device list",
                worker,
                "s",
                in_process,
                note="vs a new process that discovers devices itself",
            ),
            Metric("a bare Python start, for scale", bare, "s"),
        ],
        trials=TRIALS,
    )


if __name__ == "__main__":
    main()
