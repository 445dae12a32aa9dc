"""20 runs of a small kernel through the worker, against the same 20 runs in one pyopencl script.

The targets: a tiny run through the worker takes at most 1.5 times as long as
plain pyopencl, a busy one at most 1.3 times. The in-process
Engine is timed too, with and without guard bands, to split the cost between the
engine's extra work (guard bands, validation, profiling, steps) and the trip to
the worker process. A busier kernel (1,000 mads per work-item) shows the ratio
once the kernel itself takes some time.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import replace

import numpy as np
import pyopencl as cl

from baseline_device import baseline_device, device_label
from clstudio.common.dtypes import parse_element_type
from clstudio.engine.run import Engine
from clstudio.session import Launch
from clstudio.session.args import BufferArg, Init, stream_for
from clstudio.session.format import Session
from clstudio.worker.client import WorkerClient
from results_table import Metric, report, timed

RUNS = 20
ROUNDS = 5
N = 1 << 16  # 256 KiB per buffer
SOURCE = """\
__kernel void add(__global const float* a, __global const float* b, __global float* c) {
    int i = get_global_id(0);
    c[i] = a[i] + b[i];
}

__kernel void busy(__global const float* a, __global const float* b, __global float* c) {
    int i = get_global_id(0);
    float x = a[i];
    for (int k = 0; k < 1000; k++) x = mad(x, 0.999f, b[i]);
    c[i] = x;
}
"""
FLOAT = parse_element_type("float")
SESSION = Session(
    source=SOURCE,
    launches=(Launch("add", (N,)),),
    args={
        "a": BufferArg(FLOAT, (N,), Init("random")),
        "b": BufferArg(FLOAT, (N,), Init("random")),
        "c": BufferArg(FLOAT, (N,), access="out"),
    },
)
BUSY = SESSION.with_kernel("busy")


def plain_pyopencl(kernel_name: str, runs: int) -> float:
    """What a learner's own host program does per run: fill, create, copy, launch, read."""
    one_run = plain_runner(kernel_name)
    one_run()  # warm: the first launch compiles the work-group function
    started = time.perf_counter()
    for _ in range(runs):
        one_run()
    return time.perf_counter() - started


def plain_runner(kernel_name: str) -> Callable[[], np.ndarray]:
    """One run of plain pyopencl, on a context and kernel made once."""
    context = cl.Context([baseline_device(SESSION.device)])
    queue = cl.CommandQueue(context)
    kernel = cl.Kernel(cl.Program(context, SOURCE).build(), kernel_name)
    flags = cl.mem_flags

    def one_run() -> np.ndarray:
        a = stream_for(0, "a").uniform(0, 1, N).astype(np.float32)
        b = stream_for(0, "b").uniform(0, 1, N).astype(np.float32)
        a_buf = cl.Buffer(context, flags.READ_ONLY | flags.COPY_HOST_PTR, hostbuf=a)
        b_buf = cl.Buffer(context, flags.READ_ONLY | flags.COPY_HOST_PTR, hostbuf=b)
        c_buf = cl.Buffer(context, flags.WRITE_ONLY, a.nbytes)
        kernel(queue, (N,), None, a_buf, b_buf, c_buf)
        c = np.empty_like(a)
        cl.enqueue_copy(queue, c, c_buf)
        return c

    return one_run


def engine_runs(session: Session, runs: int) -> float:
    engine = Engine()
    assert engine.run(session).ok
    started = time.perf_counter()
    for _ in range(runs):
        engine.run(session)
    return time.perf_counter() - started


def worker_runs(client: WorkerClient, session: Session, runs: int) -> float:
    """`runs` runs through the client's worker, after one untimed run of the session."""
    result = client.run(session)
    assert result.ok, result.error
    started = time.perf_counter()
    for _ in range(runs):
        client.run(session)
    return time.perf_counter() - started


def fresh_worker_runs(session: Session, runs: int) -> float:
    """The same through a worker started for them: its process's first runs."""
    with WorkerClient() as client:
        return worker_runs(client, session, runs)


def trip_per_run(client: WorkerClient, session: Session, runs: int) -> float:
    """Median worker run minus median in-process run, alternating one of each."""
    engine = Engine()
    engine.run(session)
    client.run(session)
    worker, in_process = [], []
    for _ in range(runs):
        in_process.append(timed(lambda: engine.run(session), repeats=1))
        worker.append(timed(lambda: client.run(session), repeats=1))
    return statistics.median(worker) - statistics.median(in_process)


def main() -> None:
    with WorkerClient() as client:
        measure(client)


def measure(client: WorkerClient) -> None:
    """The ways alternated. The worker lives through all rounds, as the app's does, so that
    it is as far past its process's first runs as the baseline's process is. A new
    process's first runs take longer, plain pyopencl's too (docs/performance.md): a
    worker started for its runs is timed beside, without a target."""
    unguarded = replace(SESSION, guards=False)
    ways = {
        "plain": lambda: plain_pyopencl("add", RUNS),
        "worker": lambda: worker_runs(client, SESSION, RUNS),
        "engine": lambda: engine_runs(SESSION, RUNS),
        "worker, guards off": lambda: worker_runs(client, unguarded, RUNS),
        "engine, guards off": lambda: engine_runs(unguarded, RUNS),
        "busy plain": lambda: plain_pyopencl("busy", RUNS),
        "busy worker": lambda: worker_runs(client, BUSY, RUNS),
        "busy engine": lambda: engine_runs(BUSY, RUNS),
        "fresh worker": lambda: fresh_worker_runs(SESSION, RUNS),
    }
    # Interleaved rounds: other processes on the machine disturb all ways alike. Each
    # ratio is of the ways' medians over the rounds; the rounds' own ratios are in the note.
    times: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(ROUNDS):
        for name, way in ways.items():
            times[name].append(way())
    best = {name: statistics.median(values) for name, values in times.items()}
    plain, busy_plain = best["plain"], best["busy plain"]
    ratios = [w / p for w, p in zip(times["worker"], times["plain"], strict=True)]
    spread = ", ".join(f"{r:.2f}" for r in sorted(ratios))
    note = "vs plain pyopencl"
    report(
        "worker_runs",
        [
            Metric(
                f"{RUNS} runs through the worker",
                best["worker"],
                "s",
                plain,
                1.5,
                f"{note}; medians of {ROUNDS} rounds; the rounds' ratios: {spread}",
            ),
            Metric(f"{RUNS} runs, Engine in-process", best["engine"], "s", plain, note=note),
            Metric(
                f"{RUNS} runs through a worker started for them",
                best["fresh worker"],
                "s",
                plain,
                note=f"{note}; its process's first runs after one to warm up",
            ),
            Metric(
                f"{RUNS} runs, worker, guards off",
                best["worker, guards off"],
                "s",
                plain,
                note=note,
            ),
            Metric(
                f"{RUNS} runs, Engine in-process, guards off",
                best["engine, guards off"],
                "s",
                plain,
                note=note,
            ),
            Metric(
                "the trip to the worker, per run (guards off)",
                trip_per_run(client, unguarded, 2 * RUNS),
                "s",
            ),
            Metric(
                f"{RUNS} busy runs through the worker",
                best["busy worker"],
                "s",
                busy_plain,
                1.3,
                note,
            ),
            Metric(
                f"{RUNS} busy runs, Engine in-process",
                best["busy engine"],
                "s",
                busy_plain,
                note=note,
            ),
        ],
        runs=RUNS,
        worker_ratios=ratios,
        elements=N,
        device=device_label(baseline_device(SESSION.device)),
    )


if __name__ == "__main__":
    main()
