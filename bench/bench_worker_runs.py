"""20 runs of a small kernel through the worker, against the same 20 runs in one pyopencl script.

The issue's target: the worker takes at most 1.3 times as long. The in-process
Engine is timed too, to split the cost between the engine's extra work (guard
bands, validation, profiling, steps) and the trip to the worker process.
"""

from __future__ import annotations

import time

import numpy as np
import pyopencl as cl

from clstudio.args import BufferArg, Init, stream_for
from clstudio.dtypes import parse_element_type
from clstudio.run import Engine
from clstudio.session import Session
from clstudio.worker.client import WorkerClient
from results_table import Metric, report

RUNS = 20
N = 1 << 16  # 256 KiB per buffer: large enough to cross through shared memory
SOURCE = """\
__kernel void add(__global const float* a, __global const float* b, __global float* c) {
    int i = get_global_id(0);
    c[i] = a[i] + b[i];
}
"""
FLOAT = parse_element_type("float")
SESSION = Session(
    "add",
    SOURCE,
    global_size=(N,),
    args={
        "a": BufferArg(FLOAT, (N,), Init("random")),
        "b": BufferArg(FLOAT, (N,), Init("random")),
        "c": BufferArg(FLOAT, (N,), access="out"),
    },
)


def plain_pyopencl(runs: int) -> float:
    """What a learner's own host program does per run: fill, create, copy, launch, read."""
    context = cl.create_some_context(interactive=False)
    queue = cl.CommandQueue(context)
    kernel = cl.Kernel(cl.Program(context, SOURCE).build(), "add")
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

    one_run()  # warm: the first launch compiles the work-group function
    started = time.perf_counter()
    for _ in range(runs):
        one_run()
    return time.perf_counter() - started


def engine_runs(runs: int) -> float:
    engine = Engine()
    assert engine.run(SESSION).ok
    started = time.perf_counter()
    for _ in range(runs):
        engine.run(SESSION)
    return time.perf_counter() - started


def worker_runs(runs: int) -> float:
    with WorkerClient() as client:
        result = client.run(SESSION)
        assert result.ok, result.error
        started = time.perf_counter()
        for _ in range(runs):
            client.run(SESSION)
        return time.perf_counter() - started


def main() -> None:
    # Interleaved rounds, best of three: other processes on the machine disturb all three alike.
    plain, engine, worker = [], [], []
    for _ in range(3):
        plain.append(plain_pyopencl(RUNS))
        engine.append(engine_runs(RUNS))
        worker.append(worker_runs(RUNS))
    p, e, w = min(plain), min(engine), min(worker)
    report(
        "worker_runs",
        [
            Metric(f"{RUNS} runs through the worker", w, "s", p, 1.3, "vs plain pyopencl"),
            Metric(f"{RUNS} runs with the Engine in-process", e, "s", p, note="vs plain pyopencl"),
            Metric("the trip to the worker, per run", (w - e) / RUNS, "s"),
        ],
        runs=RUNS,
        elements=N,
    )


if __name__ == "__main__":
    main()
