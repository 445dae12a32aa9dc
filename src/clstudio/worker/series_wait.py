"""The worker's end of its pipe, waited on actively for a moment while requests come in a series.

A CPU left idle wakes slowly: on the 2-core virtual machines CL Studio is tested on, a
warm Engine's tiny run took about twice as long when its process had slept half a
millisecond before it (bench/tiny_run_breakdown.py), and the worker sleeps while the
app reads every reply. So after each reply the worker polls its pipe for up to
SERIES_WAIT_S, yielding the CPU to any other thread at each turn, but only while the
requests follow their replies that closely (a sweep, a run's repeats from the app,
a benchmark, the tests). A request that comes alone finds the worker blocked in recv,
as before, and costs no CPU.
"""

from __future__ import annotations

import os
import time
from multiprocessing.connection import Connection

SERIES_WAIT_S = 0.002


class SeriesWait:
    """A Channel over a pipe: recv waits actively after a reply, while in a series."""

    def __init__(self, conn: Connection, wait_s: float = SERIES_WAIT_S) -> None:
        self._conn = conn
        self._wait_s = wait_s
        self._replied = float("-inf")  # when the last message was sent
        self._series = False  # the last request came within wait_s of the reply before it

    def send(self, obj: object) -> None:
        self._conn.send(obj)
        self._replied = time.perf_counter()

    def recv(self) -> object:
        """The next message; EOFError once the app has gone."""
        if self._series:
            until = self._replied + self._wait_s
            while not self._conn.poll(0) and time.perf_counter() < until:
                os.sched_yield()
        message = self._conn.recv()
        self._series = time.perf_counter() - self._replied <= self._wait_s
        return message
