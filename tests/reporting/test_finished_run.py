"""A finished run describes itself by the session it ran, with the result's sizes first."""

import pytest

from clstudio.common.dtypes import parse_element_type
from clstudio.common.results import RunError, RunResult, Timing
from clstudio.reporting.finished_run import FinishedRun
from clstudio.session import Launch
from clstudio.session.args import ArgSpec, BufferArg
from clstudio.session.format import Session

FLOAT = parse_element_type("float32")


def session(n: int) -> Session:
    args: dict[str, ArgSpec] = {
        "a": BufferArg(FLOAT, (n,), access="in"),
        "c": BufferArg(FLOAT, (n,), access="out"),
    }
    return Session(source="", launches=(Launch("k", (n,)),), args=args)


def test_the_figures_come_from_the_session_that_ran() -> None:
    ran = session(256)
    timings = tuple(Timing("kernel", "k", r, 0, 0, 0, 1000 * (r + 1)) for r in range(3))
    result = RunResult(ok=True, kernel="k", global_size=(256,), timings=timings)
    run = FinishedRun(ran, result)
    assert run.traffic().total_bytes == 2 * 256 * 4
    assert run.work_items == 256
    stats = run.stats()
    assert stats is not None and stats.median_s == pytest.approx(2e-6)


def test_a_run_that_stopped_early_falls_back_on_its_session() -> None:
    ran = session(64).with_ndrange((64,), (8,))
    run = FinishedRun(ran, RunResult(ok=False, error=RunError("build", "no")))
    assert (run.kernel, run.global_size, run.local_size) == ("k", (64,), (8,))
    assert run.stats() is None
