"""Step mode through a program: each kernel and its arguments, then one launch at a time."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pyopencl as cl
import pytest

from clstudio.engine.run import Engine
from clstudio.session import Launch, LaunchEdit, apply_launch_edit, load_session
from engine.stepped_programs import step_all

pytestmark = pytest.mark.opencl

KERNELS = Path(__file__).parents[2] / "kernels"


def test_a_program_steps_through_each_kernel_its_arguments_and_each_launch() -> None:
    session = replace(load_session(KERNELS / "vadd_chain.json"), repeats=1)
    outcomes = step_all(Engine(), session)
    assert all(o.ok for o in outcomes), [o.error for o in outcomes if not o.ok]
    numbers = [(o.number, o.part, o.parts) for o in outcomes]
    assert numbers == [
        (1, 0, 0), (2, 0, 0), (3, 0, 0), (4, 0, 0), (5, 0, 0),
        (6, 1, 3), (6, 2, 3), (6, 3, 3),
        (7, 0, 0),
        (8, 1, 3), (8, 2, 3), (8, 3, 3),
        (9, 1, 3), (9, 2, 3), (9, 3, 3),
        (10, 0, 0), (11, 0, 0),
    ]  # fmt: skip
    assert outcomes[6].produced.startswith("launch 2 of 3, kernel `vadd`: kernel 'vadd'")
    assert "launch 3 of 3, kernel `vadd`, iteration 0 queued" in outcomes[14].produced
    run = outcomes[-1].run
    assert run is not None and run.ok and run.launch_count == 3
    a, b, c, f = (run.inputs[name] for name in "abcf")
    np.testing.assert_allclose(run.outputs["g"], a + b + c + f, rtol=1e-5)
    assert len(run.kernel_times_ns()) == 3


def test_a_long_program_queues_the_rest_at_once_and_matches_its_reference() -> None:
    session = replace(load_session(KERNELS / "game_of_life.json"), repeats=1)
    outcomes = step_all(Engine(), session)
    launches = [o for o in outcomes if o.number == 9]
    assert len(launches) == 64 and launches[-1].parts == 64
    run = outcomes[-1].run
    assert run is not None
    assert run.ok, [r.message for r in run.references.values()]


def test_a_bad_second_launch_fails_step_six_naming_it() -> None:
    session = replace(load_session(KERNELS / "vadd_chain.json"), repeats=1)
    bad = Launch("vadd", (1 << 20,), None, {"a": "d", "b": "nope_missing", "c": "e"})
    session = replace(session, launches=(session.launches[0], bad, session.launches[2]))
    outcomes = step_all(Engine(), session)
    failed = outcomes[-1]
    assert not failed.ok and failed.number == 6
    assert failed.error is not None and "launch 2 of 3" in failed.error.message


def test_stepping_a_grouped_program_after_an_edit_in_the_core() -> None:
    session = replace(load_session(KERNELS / "vector_add.json"), repeats=1)
    program = apply_launch_edit(session, LaunchEdit("add"))
    program = apply_launch_edit(program, LaunchEdit("group", entry=1, iterations=3))
    outcomes = step_all(Engine(), program)
    assert [o.parts for o in outcomes if o.number == 9] == [4, 4, 4, 4]
    assert outcomes[-1].ok


def test_a_run_and_step_mode_enqueue_one_launch_and_a_program_at_one_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    callers: list[str] = []
    enqueue = cl.enqueue_nd_range_kernel

    def counting(*args: Any, **kwargs: Any) -> cl.Event:
        callers.append(sys._getframe(1).f_globals["__name__"])
        return enqueue(*args, **kwargs)

    monkeypatch.setattr(cl, "enqueue_nd_range_kernel", counting)
    one = replace(load_session(KERNELS / "vector_add.json"), repeats=2)
    program = replace(load_session(KERNELS / "vadd_chain.json"), repeats=1)
    engine = Engine()
    for session, run_launches, stepped_launches in ((one, 2, 1), (program, 3, 3)):
        callers.clear()
        assert engine.run(session).ok
        outcomes = step_all(engine, session)
        assert outcomes[-1].ok, outcomes[-1].error
        assert callers == ["clstudio.engine.device_program"] * (run_launches + stepped_launches)
