"""Check mode over a program of several launches: each problem names its launch and iteration."""

from __future__ import annotations

from typing import Any

import pytest

from clstudio.reporting import check_to_json, format_check
from clstudio.session import parse_session
from clstudio.worker.check_client import CheckClient

pytestmark = pytest.mark.opencl

# `bump` writes one element past the end of `out`, but only at its iteration 2.
SOURCE = """__kernel void fill(__global float *out)
{ out[get_global_id(0)] = (float)get_global_id(0); }
__kernel void bump(__global float *out, const uint n, const int step)
{
    size_t i = get_global_id(0);
    out[i] += 1.0f;
    if (step == 2 && i == 0) out[n] = 0.0f;
}
"""


def program(iterations: int) -> dict[str, Any]:
    return {
        "format": "clstudio-session",
        "version": 1,
        "source": SOURCE,
        "args": {
            "out": {"kind": "buffer", "dtype": "float32", "shape": [16], "access": "inout"},
            "n": {"kind": "scalar", "value": 16},
        },
        "launches": [
            {"kernel": "fill", "global_size": [16]},
            {
                "iterations": iterations,
                "launches": [
                    {"kernel": "bump", "global_size": [16], "args": {"step": {"kind": "iteration"}}}
                ],
            },
        ],
    }


def test_a_problem_of_a_later_iteration_names_its_launch_and_iteration(
    check_client: CheckClient,
) -> None:
    result = check_client.check(parse_session(program(iterations=5)))
    assert result.error is None, result.error
    assert not result.ok
    assert result.launch_count == 2
    (problem,) = result.problems  # iterations 3 and 4 pass line 7 without writing
    assert problem.kind == "out-of-bounds-write"
    assert problem.line == 7
    assert (problem.launch, problem.launch_count, problem.iteration) == (2, 2, 2)
    assert problem.kernel == "bump"
    assert problem.where() == "launch 2 of 2, kernel `bump`, iteration 2"
    assert "Check, launch 2 of 2, kernel `bump`, iteration 2:" in problem.diagnostics()[0].message

    text = format_check(result, "program.cl")
    assert text.splitlines()[0].startswith("a program of 2 launches on ")
    assert "program.cl:7:" in text
    assert "    launch 2 of 2, kernel `bump`, iteration 2" in text
    shown = check_to_json(result)
    assert shown["version"] == 1 and shown["launch_count"] == 2
    assert shown["problems"][0]["launch"] == {
        "position": 2,
        "count": 2,
        "kernel": "bump",
        "iteration": 2,
    }


def test_a_program_whose_faulty_iteration_never_comes_checks_clean(
    check_client: CheckClient,
) -> None:
    result = check_client.check(parse_session(program(iterations=2)))
    assert result.error is None, result.error
    assert result.ok and result.problems == ()
    assert check_to_json(result)["launch_count"] == 2
