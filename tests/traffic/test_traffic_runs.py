"""How many runs a traffic measurement makes: one when the log holds every work-group."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from clstudio.common import RunResult
from clstudio.engine import Engine, measure_traffic
from clstudio.session import ScalarArg, Session, load_session
from clstudio.traffic import STRIDE_ARG, WRAPPED, TrafficPlan, plan_traffic
from session.gallery_copies import KERNELS


class CountingEngine(Engine):
    """The engine, noting each run's stride."""

    def __init__(self) -> None:
        super().__init__()
        self.strides: list[int] = []

    def run(self, session: Session, *args: object, **kwargs: object) -> RunResult:
        stride = session.args[STRIDE_ARG]
        assert isinstance(stride, ScalarArg) and isinstance(stride.value, int)
        self.strides.append(stride.value)
        return super().run(session, *args, **kwargs)  # type: ignore[arg-type]


def naive_transpose(capacity: int | None = None) -> TrafficPlan:
    plan = plan_traffic(load_session(KERNELS / "transpose_naive.json"))
    return plan if capacity is None else replace(plan, capacity=capacity)


@pytest.mark.opencl
def test_a_log_that_holds_every_work_group_is_measured_in_one_run() -> None:
    engine = CountingEngine()
    result = measure_traffic(engine, naive_transpose())
    assert result.ok and result.groups_logged == result.groups == 3072
    assert engine.strides == [1]


@pytest.mark.opencl
def test_an_overflowing_log_s_count_gives_the_stride_of_the_one_run_after() -> None:
    engine = CountingEngine()
    result = measure_traffic(engine, naive_transpose(capacity=100_000))
    # 3072 groups of 512 records: 1,572,864 against 90 % of 100,000 a run.
    assert engine.strides == [1, 18]
    assert result.ok and result.groups_logged == 3072 // 18 + 1


@pytest.mark.opencl
def test_a_work_group_that_alone_overflows_the_log_is_refused_with_its_count() -> None:
    engine = CountingEngine()
    result = measure_traffic(engine, naive_transpose(capacity=500))
    assert not result.ok and result.error is not None
    assert result.error.message == (
        "one work-group makes 512 accesses, more than the log holds (500)"
    )
    assert engine.strides == [1, 3072]  # the pilot: only work-group 0 logs


def test_a_log_whose_count_wrapped_has_overflowed_whatever_its_count() -> None:
    plan = naive_transpose(capacity=100)
    log = np.zeros(64 + 3 * 100, np.uint32)
    log[0] = 7
    assert not plan.overflowed(log)
    log[WRAPPED] = 1
    assert plan.overflowed(log)
