"""Check mode on the fault corpus: each faulty kernel is reported once, at its line, as its kind.

One folder per fault under faults/: kernel.cl, session.json (small ranges: a check
simulates every work-item) and expect.json with the kind, line and what the
problem must say. The checks run as the app runs them, in a worker with
Oclgrind's switches.
"""

import json
from dataclasses import replace
from pathlib import Path

import pytest

from clstudio.session import Launch, load_session
from clstudio.worker.check_client import CheckClient

pytestmark = pytest.mark.opencl

HERE = Path(__file__).parent / "faults"
FAULTS = sorted(path.parent for path in HERE.glob("*/expect.json"))


def test_the_corpus_has_every_fault_the_issue_lists() -> None:
    kinds = {json.loads((f / "expect.json").read_text())["kind"] for f in FAULTS}
    assert kinds == {
        "out-of-bounds-read",
        "out-of-bounds-write",
        "read-only-write",
        "data-race",
        "barrier-divergence",
        "uninitialized",
        "array-index",
    }
    assert len(FAULTS) == 8  # two races: on a __local array, and write-write on a global


@pytest.mark.parametrize("fault", FAULTS, ids=[f.name for f in FAULTS])
def test_each_fault_is_one_problem_at_its_line(check_client: CheckClient, fault: Path) -> None:
    expect = json.loads((fault / "expect.json").read_text())
    result = check_client.check(load_session(fault / "session.json"))
    assert result.error is None and not result.ok
    assert [p.kind for p in result.problems] == [expect["kind"]], result.problems
    problem = result.problems[0]
    assert problem.line == expect["line"]
    assert problem.column > 0
    assert problem.kernel == load_session(fault / "session.json").kernel
    for key in ("buffer", "memory_space", "count", "other_line"):
        if key in expect:
            assert getattr(problem, key) == expect[key], key
    for fragment in expect["message"]:
        assert fragment in problem.message
    assert problem.first and problem.work_group is not None
    assert result.device == "Oclgrind Simulator"


def test_a_clean_kernel_checks_clean_after_a_faulty_one_in_the_same_worker(
    check_client: CheckClient,
) -> None:
    check_client.check(load_session(HERE / "local_race" / "session.json"))
    fixed = load_session(HERE / "local_race" / "session.json")
    source = fixed.source.replace(
        "    data[get_global_id(0)]",
        "    barrier(CLK_LOCAL_MEM_FENCE);\n    data[get_global_id(0)]",
    )
    result = check_client.check(replace(fixed, source=source))
    assert result.ok and result.problems == ()


def test_an_opencl_2_kernel_is_explained_not_a_link_error(check_client: CheckClient) -> None:
    source = """__kernel void group_sum(__global const float *a, __global float *sums) {
    float s = work_group_reduce_add(a[get_global_id(0)]);
    if (get_local_id(0) == 0) sums[get_group_id(0)] = s;
}
"""
    loaded = load_session(HERE / "out_of_bounds_read" / "session.json")
    session = replace(
        loaded,
        launches=(Launch("group_sum", loaded.global_size, loaded.local_size),),
        source=source,
        args={},
    )
    for options in ("", "-cl-std=CL2.0"):  # does not build; links to a crash
        result = check_client.check(replace(session, build_options=options))
        assert result.error is not None and result.error.stage == "build"
        assert "Oclgrind simulates OpenCL 1.2" in result.error.message
        assert "work_group_reduce_add" in result.error.message
