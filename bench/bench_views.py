"""The Compiler tab and the Memory tab, from the user's click to their answer, against the
work each must do.

- The Compiler tab's listing of the gallery's reduction, through the app's
  CompilerClient, against that session's build plus one run on an empty PoCL cache.
- The Memory tab's traffic of the gallery's naive transpose, through the app's
  TrafficClient, against one run of the instrumented kernel (its build included).

Each baseline is the engine in a process whose imports are done (the window's
process has long been running when the user clicks), timed from its first OpenCL call,
with an empty PoCL cache of its own. The clients are timed as the window drives them:
the tab in view has booted the click's worker ahead (OneShotWorkers' ready_next,
`prepare`) while the user read for a few seconds, in an empty PoCL cache of its own too
(the second of two clicks in one cache found the instrumented kernel built).
Target: at most 1.5x each.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Protocol

from clstudio.session import Session, load_session
from clstudio.worker.compiler_client import CompilerClient
from clstudio.worker.traffic_client import TrafficClient
from results_table import Metric, report

ROUNDS = 7  # alternated with their baselines: the machine is shared and noisy
READING_S = 3.0  # how long the user looks at an answer before clicking again
ROOT = Path(__file__).resolve().parents[1]
COMPILED = ROOT / "kernels" / "reduction.json"
TRACED = ROOT / "kernels" / "transpose_naive.json"
# One run by the engine, in a process already past its imports: argv[1] the session
# file, argv[2] "traffic" for the instrumented session of one logged work-group in N.
ONE_RUN = """
import sys, time
from clstudio.engine import Engine
from clstudio.session import load_session
from clstudio.traffic import plan_traffic
session = load_session(sys.argv[1])
if sys.argv[2] == "traffic":
    session = plan_traffic(session).session_for(1)
started = time.perf_counter()
result = Engine().run(session)
assert result.error is None, result.error
print(time.perf_counter() - started)
"""


@contextmanager
def empty_pocl_cache() -> Iterator[None]:
    """An empty PoCL cache for what starts meanwhile (a worker takes it when it boots)."""
    saved = os.environ.get("POCL_CACHE_DIR")
    with tempfile.TemporaryDirectory(prefix="clstudio-bench-pocl-") as cache:
        os.environ["POCL_CACHE_DIR"] = cache
        try:
            yield
        finally:
            if saved is None:
                os.environ.pop("POCL_CACHE_DIR", None)
            else:
                os.environ["POCL_CACHE_DIR"] = saved


def one_run_s(path: Path, kind: str) -> float:
    with empty_pocl_cache():
        done = subprocess.run(
            [sys.executable, "-c", ONE_RUN, str(path), kind],
            capture_output=True,
            text=True,
            check=True,
        )
    return float(done.stdout.strip().splitlines()[-1])


class Answer(Protocol):
    """What both tabs' clients answer: whether the work was done, and why not."""

    ok: bool
    error: object


def clicked_s(client: CompilerClient | TrafficClient, ask: Callable[[], Answer]) -> float:
    """A click on one of the window's clients, as the user meets it: the tab in view has
    booted its worker, and the user has read for a few seconds. The client closes after."""
    try:
        with empty_pocl_cache():  # the worker booted now takes it
            client.prepare()
            time.sleep(READING_S)
            started = time.perf_counter()
            answer = ask()
            taken = time.perf_counter() - started
        assert answer.ok, answer.error
        return taken
    finally:
        client.close()


def compile_view_s(session: Session) -> float:
    client = CompilerClient(ready_next=True)  # as the window's
    return clicked_s(client, lambda: client.compile(session))


def traffic_view_s(session: Session) -> float:
    client = TrafficClient(ready_next=True)  # as the window's
    return clicked_s(client, lambda: client.measure(session))


def measured(name: str, view: Callable[[], float], baseline: Callable[[], float]) -> Metric:
    views, baselines = [], []
    for _ in range(ROUNDS):  # interleaved: the machine's load falls on both alike
        views.append(view())
        baselines.append(baseline())
    spread = ", ".join(f"{v / b:.2f}" for v, b in zip(views, baselines, strict=True))
    return Metric(
        name,
        statistics.median(views),
        "s",
        statistics.median(baselines),
        1.5,
        f"medians of {ROUNDS}; the rounds' ratios: {spread}",
    )


def main() -> None:
    reduction, transpose = load_session(COMPILED), load_session(TRACED)
    report(
        "views",
        [
            measured(
                "Compiler tab: listing, vs its build and one run",
                lambda: compile_view_s(reduction),
                lambda: one_run_s(COMPILED, "run"),
            ),
            measured(
                "Memory tab: traffic, vs one run of the instrumented kernel",
                lambda: traffic_view_s(transpose),
                lambda: one_run_s(TRACED, "traffic"),
            ),
        ],
        rounds=ROUNDS,
    )


if __name__ == "__main__":
    main()
