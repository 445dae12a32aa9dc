"""The local-size sweep of matmul_tiled through the worker, against the work it needs.

The sweep is the app's (clstudio.measurements.sweep_local_sizes on a WorkerClient, at
the sizes the Local size tab offers on this device), timed from Sweep to its result on
a booted worker. The baseline, in the same run, is a plain pyopencl script doing the
work the sweep cannot avoid: a context, the program's build, and at each local size
the inputs' upload, the warm-up launch and the timed launches, each waited for, and
the output read back. Each side starts from an empty PoCL kernel cache of its own,
since PoCL compiles the kernel again for every new local size. Target: at most 1.5x.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from baseline_device import baseline_device, device_label
from clstudio.measurements.local_size_sweep import TIMED_REPEATS, sweep_local_sizes
from clstudio.session import Session, load_session
from clstudio.validation import local_size_candidates
from clstudio.worker.client import WorkerClient
from results_table import Metric, report

ROUNDS = 2
SESSION = Path(__file__).resolve().parent.parent / "kernels" / "matmul_tiled.json"
PLAIN = """
import json, sys, time
import numpy as np
import pyopencl as cl
sys.path.insert(0, sys.argv[1])
from baseline_device import baseline_device
from clstudio.session import load_session
session = load_session(sys.argv[2])
sizes = [tuple(s) for s in json.loads(sys.argv[3])]
launches = int(sys.argv[4])
m, k = session.args["a"].shape
n = session.args["b"].shape[1]
started = time.perf_counter()
context = cl.Context([baseline_device(session.device)])
queue = cl.CommandQueue(context)
program = cl.Program(context, session.source).build(session.build_options)
kernel = cl.Kernel(program, session.kernel)
rng = np.random.default_rng(0)
a = rng.uniform(0, 1, (m, k)).astype(np.float32)
b = rng.uniform(0, 1, (k, n)).astype(np.float32)
c = np.empty((m, n), np.float32)
flags = cl.mem_flags
a_buf = cl.Buffer(context, flags.READ_ONLY, a.nbytes)
b_buf = cl.Buffer(context, flags.READ_ONLY, b.nbytes)
c_buf = cl.Buffer(context, flags.WRITE_ONLY, c.nbytes)
kernel.set_args(a_buf, b_buf, c_buf, np.uint32(m), np.uint32(n), np.uint32(k))
for size in sizes:
    cl.enqueue_copy(queue, a_buf, a)
    cl.enqueue_copy(queue, b_buf, b)
    for _ in range(launches):
        cl.enqueue_nd_range_kernel(queue, kernel, tuple(session.global_size), size)
        queue.finish()
    cl.enqueue_copy(queue, c, c_buf)
print(time.perf_counter() - started)
"""


def candidate_sizes(session: Session) -> list[tuple[int, ...]]:
    """The sizes the Local size tab offers for `session` on its device."""
    device = baseline_device(session.device)
    return local_size_candidates(
        tuple(session.global_size),
        device.max_work_group_size,
        tuple(device.max_work_item_sizes),
    )


def plain_seconds(sizes: list[tuple[int, ...]]) -> float:
    with tempfile.TemporaryDirectory(prefix="clstudio-bench-pocl-") as cache:
        bench = str(Path(__file__).resolve().parent)
        args = [sys.executable, "-c", PLAIN, bench, str(SESSION), repr([list(s) for s in sizes])]
        env = {**os.environ, "POCL_CACHE_DIR": cache}
        done = subprocess.run(
            [*args, str(TIMED_REPEATS + 1)], env=env, capture_output=True, text=True, check=True
        )
        return float(done.stdout.strip().splitlines()[-1])


def sweep_seconds(session: Session, sizes: list[tuple[int, ...]]) -> tuple[float, list[float]]:
    """The sweep's time, and when each size's point reached the caller (from Sweep)."""
    with tempfile.TemporaryDirectory(prefix="clstudio-bench-pocl-") as cache:
        saved = os.environ.get("POCL_CACHE_DIR")
        os.environ["POCL_CACHE_DIR"] = cache  # the worker takes it at its start
        try:
            with WorkerClient() as client:
                client.devices()  # booted: the user has the window open
                heard: list[float] = []
                started = time.perf_counter()
                sweep = sweep_local_sizes(
                    client,
                    session,
                    sizes,
                    measured=lambda _so_far: heard.append(time.perf_counter() - started),
                )
                seconds = time.perf_counter() - started
        finally:
            if saved is None:
                os.environ.pop("POCL_CACHE_DIR", None)
            else:
                os.environ["POCL_CACHE_DIR"] = saved
    assert sweep.best is not None, [p.error for p in sweep.points]
    return seconds, heard


def main() -> None:
    session = load_session(SESSION)
    sizes = candidate_sizes(session)
    plain, swept, first_points = [], [], []
    for _ in range(ROUNDS):  # interleaved: the machine's load falls on both alike
        plain.append(plain_seconds(sizes))
        seconds, heard = sweep_seconds(session, sizes)
        swept.append(seconds)
        first_points.append(heard[0])
    baseline, measured = statistics.median(plain), statistics.median(swept)
    spread = ", ".join(f"{s:.1f}" for s in swept) + " s vs " + ", ".join(f"{s:.1f}" for s in plain)
    report(
        "sweep",
        [
            Metric(
                f"sweep of matmul_tiled, {len(sizes)} local sizes",
                measured,
                "s",
                baseline,
                1.5,
                f"vs plain pyopencl: build and each size's launches; median of {ROUNDS}: {spread}",
            ),
            Metric(
                "from Sweep to the first size's point",
                statistics.median(first_points),
                "s",
                note="each size's point reaches the plot as it finishes",
            ),
        ],
        sizes=len(sizes),
        rounds=ROUNDS,
        device=device_label(baseline_device(session.device)),
    )


if __name__ == "__main__":
    main()
