"""The warm spare: after a crash, a timeout or Stop the next run goes to a worker that
was booted and warmed beforehand, and nothing of either worker is left behind."""

import os
import signal
import tempfile
import threading
from pathlib import Path

import numpy as np
import pytest

from clstudio.common import RunResult
from clstudio.common.dtypes import parse_element_type
from clstudio.session import Launch
from clstudio.session.args import ArgSpec, BufferArg, Init, ScalarArg
from clstudio.session.format import Session
from clstudio.worker.client import WorkerClient
from clstudio.worker.process import SCRATCH_PREFIX
from clstudio.worker.shared_arrays import leftover_blocks

pytestmark = pytest.mark.opencl

FLOAT = parse_element_type("float")
SOURCE = """\
__kernel void twice(__global float* c) { c[get_global_id(0)] *= 2; }
__kernel void spin(__global float* c, int forever) { while (forever || c[0] < 0) c[1] += 1; }
__kernel void wild(__global float* c) { c[get_global_id(0) * 100000000L] = 1; }
"""
TWICE = Session(
    source=SOURCE,
    launches=(Launch("twice", (64,)),),
    args={"c": BufferArg(FLOAT, (64,), Init("arange"))},
)
WILD = Session(
    source=SOURCE, launches=(Launch("wild", (64,)),), args={"c": BufferArg(FLOAT, (16,))}
)


def _stage(result: RunResult) -> str:
    assert result.error is not None, "the run was expected to fail"
    return result.error.stage


def spin(timeout_s: float) -> Session:
    args: dict[str, ArgSpec] = {"c": BufferArg(FLOAT, (4,)), "forever": ScalarArg(1)}
    return Session(source=SOURCE, launches=(Launch("spin", (1,)),), timeout_s=timeout_s, args=args)


def _scratch_folders() -> list[Path]:
    return list(Path(tempfile.gettempdir()).glob(f"{SCRATCH_PREFIX}{os.getpid()}-*"))


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def _takes_over(client: WorkerClient, fault: Session) -> None:
    """`fault` ends the worker's life; the next run is served by the spare, warm."""
    spare = client.spare_pid
    assert spare is not None
    assert _stage(client.run(fault)) in {"crash", "timeout", "cancelled"}
    assert client.pid == spare
    assert client.spare_pid is None  # nothing boots beside the run that recovers
    result = client.run(TWICE)
    assert result.ok, result.error
    np.testing.assert_array_equal(result.outputs["c"], 2 * np.arange(64, dtype=np.float32))
    steps = {step.api: step.detail for step in result.steps}
    assert "kept warm" in steps["clCreateContext"]
    assert steps["clBuildProgram"] == "reused the earlier build"
    assert client.spare_pid not in (None, spare)  # the next spare is on its way


def test_no_spare_before_the_first_run_and_one_after() -> None:
    with WorkerClient(spare=True) as client:
        client.devices()
        assert client.spare_pid is None  # nothing competes with the window's start
        assert client.run(TWICE).ok
        assert client.spare_pid is not None


def test_a_client_without_a_spare_starts_none() -> None:
    with WorkerClient() as client:
        assert client.run(TWICE).ok
        assert client.spare_pid is None


def test_the_spare_takes_over_after_a_crash_a_timeout_and_stop() -> None:
    with WorkerClient(spare=True) as client:
        assert client.run(TWICE).ok
        _takes_over(client, WILD)
        _takes_over(client, spin(timeout_s=1.0))
        timer = threading.Timer(1.5, client.cancel)
        timer.start()
        _takes_over(client, spin(timeout_s=120.0))
        timer.join()


def test_a_spare_that_died_is_not_used() -> None:
    with WorkerClient(spare=True) as client:
        assert client.run(TWICE).ok
        dead = client.spare_pid
        assert dead is not None
        os.kill(dead, signal.SIGKILL)
        assert _stage(client.run(WILD)) == "crash"
        assert client.pid != dead
        assert client.run(TWICE).ok


def test_close_leaves_no_process_block_or_folder_of_either_worker() -> None:
    before = set(leftover_blocks(os.getpid()))
    client = WorkerClient(spare=True)
    assert client.run(TWICE).ok
    assert _stage(client.run(WILD)) == "crash"
    assert client.run(TWICE).ok  # the next spare starts after it
    pids = [pid for pid in (client.pid, client.spare_pid) if pid is not None]
    assert len(pids) == 2
    client.close()
    assert all(_gone(pid) for pid in pids)
    assert client.spare_pid is None
    assert set(leftover_blocks(os.getpid())) - before == set()
    assert _scratch_folders() == []
