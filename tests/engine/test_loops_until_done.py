"""Programs that loop until done: Rodinia's bfs until its flag stays 0, connected components
until the labels stop changing, in a run, in step mode and with the most rounds run out."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from clstudio.engine.run import Engine
from clstudio.reporting import FinishedRun, kernel_point
from clstudio.session import BufferArg, LaunchGroup, Session
from engine.stepped_programs import step_all
from loop_kernels import (
    bfs_session,
    components_session,
    least_labels,
    rodinia_bfs_cpu,
    rodinia_graph,
)

pytestmark = pytest.mark.opencl

GRAPH = rodinia_graph(96, seed=7)


def with_most(session: Session, most: int) -> Session:
    group = session.launches[0]
    assert isinstance(group, LaunchGroup)
    return replace(session, launches=(replace(group, iterations=most),))


def test_rodinias_bfs_runs_until_its_flag_stays_0_and_matches_its_c_reference() -> None:
    costs, rounds = rodinia_bfs_cpu(GRAPH)
    result = Engine().run(bfs_session(GRAPH))
    assert result.ok, result.error
    assert result.outputs["g_cost"].tolist() == costs
    assert result.outputs["g_over"].tolist() == [0]
    (loop,) = result.loops
    assert (loop.rounds, loop.most, loop.held) == (rounds, 64, True)
    assert loop.words() == f"launches 1 to 2: {rounds} rounds, until `g_over` equals 0"
    # Each repeat runs its rounds again from the starting contents: two launches a round.
    kernels = [t for t in result.timings if t.phase == "kernel"]
    assert len(kernels) == 2 * 2 * rounds
    assert max(t.iteration for t in kernels) == rounds - 1


def test_running_out_of_rounds_is_reported_with_the_condition_not_a_crash() -> None:
    _, rounds = rodinia_bfs_cpu(GRAPH)
    result = Engine().run(with_most(bfs_session(GRAPH), rounds - 2))
    assert result.error is None and not result.ok
    (loop,) = result.loops
    assert (loop.rounds, loop.held) == (rounds - 2, False)
    assert loop.words() == (
        f"launches 1 to 2: `g_over` equals 0 still did not hold after the most rounds, "
        f"{rounds - 2}; the loop stopped there"
    )
    assert result.outputs["g_over"].tolist() == [1]


def test_connected_components_run_until_the_labels_stop_changing() -> None:
    result = Engine().run(components_session(GRAPH))
    assert result.ok, result.error
    assert result.outputs["labels"].tolist() == least_labels(GRAPH)
    (loop,) = result.loops
    assert loop.held and loop.rounds >= 2  # the last round changed nothing
    assert loop.words().endswith("until `labels` stops changing")
    assert (loop.first, loop.last) == (1, 1) and loop.words().startswith("launch 1: ")


def test_a_condition_buffer_too_large_to_read_each_round_is_refused_before_any_launch() -> None:
    session = bfs_session(GRAPH)
    over = session.args["g_over"]
    assert isinstance(over, BufferArg)
    big = replace(over, shape=(8192,))
    result = Engine().run(replace(session, args={**session.args, "g_over": big}))
    assert result.error is not None and result.error.stage == "validate"
    assert "the condition reads 'g_over' after every round: it holds 8 KiB" in result.error.message
    assert not [t for t in result.timings if t.phase == "kernel"]


def test_step_mode_queues_the_rounds_one_launch_at_a_time_and_stops_as_a_run_does() -> None:
    costs, rounds = rodinia_bfs_cpu(GRAPH)
    outcomes = step_all(Engine(), bfs_session(GRAPH))
    assert all(o.ok for o in outcomes), [o.error for o in outcomes if not o.ok]
    launches = [o for o in outcomes if o.number == 9]
    assert len(launches) == 2 * rounds  # not the 128 of the most rounds
    last = launches[-1]
    assert (last.part, last.parts) == (2 * rounds, 2 * rounds)
    assert last.produced.endswith(f"launches 1 to 2: {rounds} rounds, until `g_over` equals 0")
    run = outcomes[-1].run
    assert run is not None and run.ok
    assert run.outputs["g_cost"].tolist() == costs
    np.testing.assert_array_equal(run.outputs["g_graph_visited"], np.array(costs) >= 0)


def test_a_kernels_roofline_point_counts_the_rounds_the_loop_took() -> None:
    _, rounds = rodinia_bfs_cpu(GRAPH)
    session = bfs_session(GRAPH)
    run = FinishedRun(session, Engine().run(session))
    point = kernel_point(run, "BFS_2")
    assert point is not None
    assert point.operations == rounds * GRAPH.nodes  # not the 64 rounds it might have run
