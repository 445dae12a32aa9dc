"""Large outputs coming back from the worker, against a numpy copy of the same bytes.

After the first run of a session, only the outputs cross: the app keeps the inputs
the worker sent before (clstudio.worker.kept_inputs), and an output arrives as an
array on its shared-memory block, not a copy of it. The trip is the worker's run
time minus the same run in-process; the baseline is numpy copying the output. A second
table compares the pipe (pickled) with shared memory per array size, which is
where SHARE_MIN_BYTES comes from.
"""

from __future__ import annotations

import multiprocessing
import os
from multiprocessing.connection import Connection

import numpy as np

from baseline_device import baseline_device, device_label
from clstudio.common.dtypes import parse_element_type
from clstudio.engine.run import Engine
from clstudio.session import Launch
from clstudio.session.args import BufferArg
from clstudio.session.format import Session
from clstudio.worker import shared_arrays
from clstudio.worker.client import WorkerClient
from clstudio.worker.shared_arrays import SHARE_MIN_BYTES, block_prefix, share_arrays, take_arrays
from results_table import Metric, report, timed

SIZES_MIB = (1, 64, 256)
ARRAY_SIZES = (64 << 10, 256 << 10, 512 << 10, 1 << 20, 2 << 20, 4 << 20, 16 << 20, 64 << 20)
SOURCE = "__kernel void fill(__global float* c) { c[get_global_id(0)] = get_global_id(0); }"


def session(mib: int) -> Session:
    n = mib << 18  # floats
    # Guards off: their set-up would dominate and is the same with or without the worker.
    args = {"c": BufferArg(parse_element_type("float"), (n,), access="out")}
    return Session(source=SOURCE, launches=(Launch("fill", (n,)),), guards=False, args=args)


def _sender(conn: Connection) -> None:
    """In a spawned process: make an array of the asked size, then send it the asked way."""
    shared_arrays.SHARE_MIN_BYTES = 0  # share every array, to compare both ways at every size
    array = np.empty(0)
    count = 0
    while (message := conn.recv()) is not None:
        what, value = message
        if what == "make":
            array = np.ones(value // 4, np.float32)
            conn.send(None)
        elif value == "pickle":
            conn.send(array)
        else:
            count += 1
            # Named by this process, as a worker names its blocks: a run that was killed
            # leaves its blocks behind, and the next must not take those names.
            conn.send(share_arrays(array, block_prefix(f"bench{os.getpid()}", count)))


def pipe_versus_shared_memory() -> list[Metric]:
    context = multiprocessing.get_context("spawn")
    conn, child_conn = context.Pipe()
    process = context.Process(target=_sender, args=(child_conn,))
    process.start()
    metrics = []
    for nbytes in ARRAY_SIZES:
        conn.send(("make", nbytes))
        conn.recv()
        times = {}
        for way in ("pickle", "shared"):

            def trip(way: str = way) -> None:
                conn.send(("send", way))
                take_arrays(conn.recv())

            times[way] = timed(trip, repeats=9)
        kib = nbytes >> 10
        size = f"{kib} KiB" if kib < 1024 else f"{kib >> 10} MiB"
        chosen = "shared memory" if nbytes >= SHARE_MIN_BYTES else "pipe"
        metrics.append(
            Metric(
                f"one {size} array via shared memory",
                times["shared"],
                "s",
                times["pickle"],
                note=f"vs pickled through the pipe; the worker uses the {chosen}",
            )
        )
    conn.send(None)
    process.join()
    return metrics


def main() -> None:
    engine = Engine()
    metrics = []
    with WorkerClient() as client:
        for mib in SIZES_MIB:
            run = session(mib)
            result = client.run(run)
            assert result.ok, result.error
            crossing = list(result.outputs.values())
            worker = timed(lambda run=run: client.run(run))
            in_process = timed(lambda run=run: engine.run(run))
            copy = timed(lambda crossing=crossing: [array.copy() for array in crossing])
            metrics.append(
                Metric(
                    f"{mib} MiB output: the trip from the worker",
                    max(worker - in_process, 0.0),
                    "s",
                    copy,
                    3.0 if mib == 64 else None,
                    note=f"vs numpy copying the {mib} MiB output",
                )
            )
            metrics.append(
                Metric(
                    f"{mib} MiB output: the whole run via the worker",
                    worker,
                    "s",
                    in_process,
                    note="vs the same run in-process",
                )
            )
    metrics += pipe_versus_shared_memory()
    device = device_label(baseline_device(session(1).device))
    report("worker_transfer", metrics, share_min_bytes=SHARE_MIN_BYTES, device=device)


if __name__ == "__main__":
    main()
