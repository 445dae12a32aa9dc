"""A soak: 1,000 runs through one worker. Memory and open files must stay flat.

Measured after a warm-up and at the end, for the app and the worker: resident
memory (VmRSS) and open file descriptors. After close, no worker process, no
shared-memory block of its workers and no scratch folder may be left. Linux only (/proc).
"""

from __future__ import annotations

import multiprocessing
import os
import tempfile
import time
from pathlib import Path

from clstudio.common.dtypes import parse_element_type
from clstudio.session import Launch
from clstudio.session.args import BufferArg, Init
from clstudio.session.format import Session
from clstudio.worker.client import WorkerClient
from clstudio.worker.process import SCRATCH_PREFIX
from clstudio.worker.shared_arrays import leftover_blocks
from results_table import Metric, report

RUNS = 1000
WARM_UP = 50
N = 1 << 18  # 1 MiB of floats: outputs and inputs cross through shared memory
SESSION = Session(
    source="__kernel void twice(__global float* x) { x[get_global_id(0)] *= 2.0f; }",
    launches=(Launch("twice", (N,)),),
    args={"x": BufferArg(parse_element_type("float"), (N,), Init("arange"))},
)


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise LookupError(f"no VmRSS for process {pid}")


def open_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def sample(client: WorkerClient) -> dict[str, float]:
    worker = client.pid
    assert worker is not None
    app = os.getpid()
    return {
        "app_rss": rss_mib(app),
        "app_fds": open_fds(app),
        "worker_rss": rss_mib(worker),
        "worker_fds": open_fds(worker),
    }


def scratch_folders() -> list[Path]:
    """This process's workers' scratch folders."""
    return list(Path(tempfile.gettempdir()).glob(f"{SCRATCH_PREFIX}{os.getpid()}-*"))


def main() -> None:
    with WorkerClient() as client:
        for _ in range(WARM_UP):
            assert client.run(SESSION).ok
        start = sample(client)
        worker_pid = client.pid
        started = time.perf_counter()
        for _ in range(RUNS):
            assert client.run(SESSION).ok
        seconds = time.perf_counter() - started
        end = sample(client)
        assert client.pid == worker_pid, "the worker restarted during the soak"
    left = {
        "worker processes": len(multiprocessing.active_children()),
        "worker alive": int(Path(f"/proc/{worker_pid}").exists()),
        "shared-memory blocks": len(leftover_blocks(os.getpid())),  # its own: not other processes'
        "scratch folders": len(scratch_folders()),
    }
    growth = {key: end[key] - start[key] for key in start}
    report(
        "worker_soak",
        [
            Metric(
                f"app memory growth over {RUNS} runs",
                growth["app_rss"],
                "MiB",
                note=f"{start['app_rss']:.0f} -> {end['app_rss']:.0f} MiB",
            ),
            Metric(
                "worker memory growth",
                growth["worker_rss"],
                "MiB",
                note=f"{start['worker_rss']:.0f} -> {end['worker_rss']:.0f} MiB",
            ),
            Metric("app open files growth", growth["app_fds"], "fds"),
            Metric("worker open files growth", growth["worker_fds"], "fds"),
            Metric("runs per second", RUNS / seconds, "runs/s"),
            *(Metric(f"{what} left after close", count, "") for what, count in left.items()),
        ],
        runs=RUNS,
        start=start,
        end=end,
    )
    assert not any(left.values()), left


if __name__ == "__main__":
    main()
