"""Programs of several launches on PoCL: shared buffers, ping-pong, a bad launch named."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from clstudio.engine.run import Engine, run_session
from clstudio.reporting import format_summary, result_to_json
from clstudio.session import load_session, parse_session
from session.session_data import float_buffer, kernel_data, program_data

pytestmark = pytest.mark.opencl

SOURCE = """
__kernel void add(__global const float *a, __global const float *b, __global float *c)
{ int i = get_global_id(0); c[i] = a[i] + b[i]; }
__kernel void step(__global const float *src, __global float *dst, const int k)
{ int i = get_global_id(0); dst[i] = src[i] * 2.0f + (float)k; }
"""


def program(launches: list[Any], references: dict[str, Any], **args: Any) -> dict[str, Any]:
    return program_data(
        SOURCE,
        16,
        launches,
        references,
        d=float_buffer(16, access="out"),
        u=float_buffer(16, init="arange"),
        v=float_buffer(16),
        **args,
    )


def test_a_chain_of_launches_shares_buffers_left_on_the_device() -> None:
    data = program(
        [
            {"kernel": "add", "global_size": [16]},
            {"kernel": "add", "args": {"a": "c", "b": "b", "c": "d"}},
            {
                "iterations": 3,
                "swap": [["u", "v"]],
                "launches": [
                    {"kernel": "step", "args": {"src": "u", "dst": "v", "k": {"kind": "iteration"}}}
                ],
            },
        ],
        {
            "c": {"expr": "a + b"},
            "d": {"expr": "a + 2 * b"},
            "u": {"expr": "((u * 2 + 0) * 2 + 1) * 2 + 2"},
        },
    )
    result = run_session(parse_session(data))
    assert result.error is None and result.ok, result.error
    assert result.launch_count == 3
    kernels = [(t.launch, t.name, t.iteration) for t in result.timings if t.phase == "kernel"]
    assert kernels == [(1, "add", 0), (2, "add", 0), (3, "step", 0), (3, "step", 1), (3, "step", 2)]
    # After an odd number of swaps `v` holds the state one iteration before `u`.
    np.testing.assert_array_equal(result.outputs["v"], (np.arange(16) * 2) * 2 + 1)
    report = result_to_json(result)
    assert report["version"] == 2
    assert [(f["launch"], f["kernel"], f["count"]) for f in report["launches"]] == [
        (1, "add", 1),
        (2, "add", 1),
        (3, "step", 3),
    ]
    assert "launch 3 of 3, kernel step: 3 times" in format_summary(result)


def test_a_bad_second_launch_is_refused_before_any_launch_runs() -> None:
    data = program(
        [{"kernel": "add", "global_size": [16]}, {"kernel": "step", "local_size": [5]}],
        {"c": {"expr": "a + b"}},
        src=float_buffer(16),
        dst=float_buffer(16),
        k={"kind": "scalar", "value": 1},
    )
    del data["args"]["d"]
    result = run_session(parse_session(data))
    assert result.error is not None and result.error.stage == "validate"
    assert result.error.message.startswith("launch 2 of 2, kernel `step`: ")
    assert not [t for t in result.timings if t.phase == "kernel"]


def test_a_swap_of_buffers_that_differ_opens_and_is_refused_before_any_launch() -> None:
    group = {
        "iterations": 2,
        "swap": [["u", "v"]],
        "launches": [
            {"kernel": "step", "args": {"src": "u", "dst": "v", "k": {"kind": "iteration"}}}
        ],
    }
    data = program([{"kernel": "add", "global_size": [16]}, group], {})
    del data["args"]["d"]
    data["args"]["v"] = float_buffer(8)
    result = run_session(parse_session(data))
    assert result.error is not None and result.error.stage == "validate"
    assert "'u' and 'v' must be two buffers of the same type and shape" in result.error.message
    assert not [t for t in result.timings if t.phase == "kernel"]


def test_a_kernel_missing_from_the_program_names_its_launch() -> None:
    data = program([{"kernel": "add", "global_size": [16]}, {"kernel": "scan_blocks"}], {})
    result = run_session(parse_session(data))
    assert result.error is not None
    assert (
        "launch 2 of 2, kernel `scan_blocks`: the program has no such kernel"
        in result.error.message
    )


def test_an_argument_no_launch_passes_is_named() -> None:
    add = {"kernel": "add", "global_size": [16]}
    data = program([add, add], {"c": {"expr": "a + b"}})
    result = run_session(parse_session(data))
    assert result.error is not None
    assert "argument 'd' is passed to no launch" in result.error.message


def test_a_program_of_one_launch_names_a_stray_argument_as_the_short_form_does() -> None:
    """The long form of one launch reads as the same session as the short form."""
    data = program([{"kernel": "add", "global_size": [16]}], {"c": {"expr": "a + b"}})
    result = run_session(parse_session(data))
    assert result.error is not None
    assert result.error.message.startswith(
        "argument 'd' is not a parameter of kernel 'add' (its parameters are: a, b, c)"
    )


def test_snapshots_hold_each_launch_of_the_first_iteration_and_change_no_output() -> None:
    session = load_session(Path(__file__).parents[2] / "kernels" / "vadd_chain.json")
    session = replace(session, repeats=1)
    engine = Engine()
    plain = engine.run(session)
    taken = engine.run(session, snapshots=True)
    assert plain.snapshots == () and taken.ok, taken.error
    assert [(s.position, s.kernel) for s in taken.snapshots] == [
        (1, "vadd"),
        (2, "vadd"),
        (3, "vadd"),
    ]
    a, b, c = (taken.inputs[name] for name in "abc")
    first, second, third = (s.buffers for s in taken.snapshots)
    np.testing.assert_allclose(first["d"], a + b, rtol=1e-6)
    assert not first["e"].any()  # launch 2 has not written it yet
    np.testing.assert_allclose(second["e"], a + b + c, rtol=1e-6)
    np.testing.assert_array_equal(third["g"], taken.outputs["g"])
    for name in plain.outputs:
        np.testing.assert_array_equal(plain.outputs[name], taken.outputs[name])
    # Untimed: the snapshot pass adds no timing.
    assert len(taken.timings) == len(plain.timings)


def test_snapshots_follow_the_swaps_of_ping_pong() -> None:
    session = load_session(Path(__file__).parents[2] / "kernels" / "game_of_life.json")
    result = Engine().run(replace(session, repeats=1), snapshots=True)
    assert result.ok, result.error
    (only,) = result.snapshots  # one written launch, its iteration 0
    # After generation 1 the new board is in `next`; `grid` still holds the start.
    np.testing.assert_array_equal(only.buffers["grid"], result.inputs["grid"])
    assert only.buffers["next"].sum() == result.inputs["grid"].sum()  # gliders keep 5 cells


def test_an_iteration_number_that_outgrows_a_char_parameter_is_refused_before_the_run() -> None:
    """Iteration 199 does not fit in a char: refused by name, not an OverflowError (issue 44)."""
    data = kernel_data(
        "__kernel void step(__global int *u, char k) { u[get_global_id(0)] += k; }",
        "step",
        [4],
        {"u": {"kind": "buffer", "dtype": "int32", "shape": [4], "init": "zeros"}},
        launches=[
            {
                "iterations": 200,
                "launches": [{"kernel": "step", "args": {"k": {"kind": "iteration"}}}],
            }
        ],
    )
    result = run_session(parse_session(data))
    assert result.error is not None and result.error.stage == "validate"
    assert result.error.message == "argument 'k': 199 does not fit in char (-128 to 127)"
