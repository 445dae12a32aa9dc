"""Where a tiny run's time goes: each layer of a run through the worker, timed alternately.

Not a bench of its own (run_all.py runs bench_*.py): the figures behind the notes of
bench_worker_runs in docs/performance.md. Each round times, one run each in turn, plain
pyopencl, the Engine in this process, the worker's handler answering in this process
(its reply pickled as the pipe would), a whole run through the worker, and a one-byte
round trip to a second process over a multiprocessing Pipe; the medians of ROUNDS.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import pickle
import statistics
import time
from collections.abc import Callable
from dataclasses import replace
from multiprocessing.connection import Connection
from pathlib import Path

import bench_worker_runs as runs
from clstudio.common import hold_language
from clstudio.engine.run import Engine
from clstudio.worker import child, protocol
from clstudio.worker.client import WorkerClient
from clstudio.worker.protocol import Released
from clstudio.worker.shared_arrays import discard_blocks

ROUNDS = 300


class _PickledConnection:
    """Stands in for the worker's pipe: pickles what it is sent, as Connection.send does."""

    def __init__(self) -> None:
        self.sent: object = None
        self.size = 0

    def send(self, message: object) -> None:
        data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        self.size = len(data)
        self.sent = message


class _NotCancelled:
    def is_set(self) -> bool:
        return False


def _echo(conn: Connection) -> None:
    while True:
        try:
            conn.send_bytes(conn.recv_bytes())
        except EOFError:
            return


def main() -> None:
    hold_language()  # as the worker does
    session = replace(runs.SESSION, base_dir=Path.cwd())  # as WorkerClient sends it
    unguarded = replace(session, guards=False)
    plain_run = runs.plain_runner("add")
    engine, unguarded_engine = Engine(), Engine()  # one each: a pool keeps one kind of buffer
    connection = _PickledConnection()
    handler = child._Handler(connection, _NotCancelled(), ctypes.c_int(0), f"{os.getpid()}.99")
    request = protocol.RunRequest(1, session, False)

    def answer() -> None:
        handler.answer(request)
        reply = connection.sent
        assert isinstance(reply, protocol.Reply)
        # What the app does once it has dropped the result: the block is free again.
        names = [a.block for a in reply.payload.outputs.values()]  # type: ignore[attr-defined]
        handler.release(Released(tuple(names), ()))

    context = multiprocessing.get_context("spawn")
    here, there = context.Pipe()
    echo = context.Process(target=_echo, args=(there,), daemon=True)
    echo.start()

    def round_trip() -> None:
        here.send_bytes(b"x")
        here.recv_bytes()

    request_bytes = pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL)
    ways: dict[str, Callable[[], object]] = {
        "plain pyopencl": plain_run,
        "Engine, guards": lambda: engine.run(session),
        "Engine, no guards": lambda: unguarded_engine.run(unguarded),
        "handler answer": answer,
        "request pickled and unpickled": lambda: pickle.loads(
            pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL)
        ),
        "Pipe round trip, 1 byte": round_trip,
    }
    with WorkerClient() as client:
        ways["through the worker"] = lambda: client.run(session)
        for way in ways.values():
            way()
            way()
        times: dict[str, list[float]] = {name: [] for name in ways}
        for _ in range(ROUNDS):
            for name, way in ways.items():
                started = time.perf_counter()
                way()
                times[name].append(time.perf_counter() - started)
    here.close()
    echo.join(5)
    discard_blocks(f"clstudio-{os.getpid()}.99-1-")
    print(f"load {os.getloadavg()[0]:.1f}; medians of {ROUNDS} alternated rounds")
    print(f"request {len(request_bytes)} bytes pickled; reply {connection.size} bytes pickled")
    for name, values in times.items():
        quartiles = statistics.quantiles(values, n=4)
        print(
            f"{name:32s} {statistics.median(values) * 1e6:7.0f} µs"
            f"  (quartiles {quartiles[0] * 1e6:.0f}-{quartiles[2] * 1e6:.0f})"
        )


if __name__ == "__main__":
    main()
