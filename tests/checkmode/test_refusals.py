"""Check mode refuses only what Oclgrind 21.10 cannot run: each refusal tried on the real one.

A kernel that uses an OpenCL 2.0 built-in Oclgrind lacks gets a build error that names
it; those Oclgrind simulates (get_enqueued_local_size, work_group_barrier) run and check.
"""

from __future__ import annotations

import pytest

from clstudio.checkmode import opencl_2_feature
from clstudio.session import Session, parse_session
from clstudio.worker.check_client import CheckClient

pytestmark = pytest.mark.opencl

REFUSED = {
    "work_group_reduce_add": "a[i] = work_group_reduce_add(a[i]);",
    "work_group_broadcast": "a[i] = work_group_broadcast(a[i], 0);",
    "sub_group_reduce_add": "a[i] = sub_group_reduce_add(a[i]);",
    "atomic_fetch_add": "atomic_fetch_add((volatile __global atomic_int *)a, 1);",
    "atomic_load": "a[i] = atomic_load((volatile __global atomic_int *)a);",
    "atomic_store": "atomic_store((volatile __global atomic_int *)a, 1);",
    "atomic_exchange": "a[i] = atomic_exchange((volatile __global atomic_int *)a, 1);",
    "atomic_init": "atomic_init((volatile __global atomic_int *)a, 1);",
    "to_global": "__global int *g = to_global((int *)a); g[i] = 1;",
    "to_local": "__local int *l = to_local((int *)a); if (l) a[i] = 1;",
    "enqueue_kernel": (
        "enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1),"
        " ^{ a[0] = 1; });"
    ),
}
SIMULATED = {
    "get_enqueued_local_size": "a[i] = get_enqueued_local_size(0);",
    "work_group_barrier": "a[i] += 1; work_group_barrier(CLK_GLOBAL_MEM_FENCE);",
}


def session(body: str) -> Session:
    source = f"__kernel void k(__global int *a) {{ int i = get_global_id(0); {body} }}"
    return parse_session(
        {
            "format": "clstudio-session",
            "version": 1,
            "kernel": "k",
            "source": source,
            "global_size": [4],
            "local_size": [4],
            "build_options": "-cl-std=CL2.0",
            "args": {"a": {"kind": "buffer", "dtype": "int32", "shape": [4]}},
        }
    )


@pytest.mark.parametrize("feature", sorted(REFUSED))
def test_a_built_in_oclgrind_lacks_is_named_in_a_build_error(
    check_client: CheckClient, feature: str
) -> None:
    result = check_client.check(session(REFUSED[feature]))
    assert result.error is not None and result.error.stage == "build"
    assert "Oclgrind simulates OpenCL 1.2" in result.error.message
    assert feature in result.error.message


@pytest.mark.parametrize("feature", sorted(SIMULATED))
def test_a_built_in_oclgrind_simulates_is_checked(check_client: CheckClient, feature: str) -> None:
    assert opencl_2_feature(SIMULATED[feature]) is None
    result = check_client.check(session(SIMULATED[feature]))
    assert result.error is None and result.ok, result
