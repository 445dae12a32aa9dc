"""Hostile inputs through the real worker: each ends in a result that names its cause, and
the next run works."""

import os
import signal
import tempfile
import time
from pathlib import Path

import numpy as np
import pytest

from clstudio.common.dtypes import parse_element_type
from clstudio.session import Launch
from clstudio.session.args import BufferArg, Init
from clstudio.session.format import Session
from clstudio.worker.client import WorkerClient
from clstudio.worker.process import SCRATCH_PREFIX
from worker.app_scripts import start_app

pytestmark = pytest.mark.opencl

FLOAT = parse_element_type("float")
GOOD = Session(
    source="__kernel void twice(__global float* x) { x[get_global_id(0)] *= 2.0f; }",
    launches=(Launch("twice", (64,)),),
    args={"x": BufferArg(FLOAT, (64,), Init("arange"))},
)


def including(path: Path) -> str:
    return f'#include "{path}"\n__kernel void k(__global float* x) {{ x[0] = 1.0f; }}\n'


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "never_ends.h"
    os.mkfifo(path)
    return path


def assert_good_run_follows(client: WorkerClient) -> None:
    good = client.run(GOOD)
    assert good.ok, good.error
    np.testing.assert_array_equal(good.outputs["x"], 2 * np.arange(64, dtype=np.float32))


def test_a_build_that_blocks_on_an_include_times_out_naming_the_build(fifo: Path) -> None:
    session = Session(
        source=including(fifo),
        launches=(Launch("k", (1,)),),
        timeout_s=1.0,
        args={"x": BufferArg(FLOAT, (1,))},
    )
    with WorkerClient() as client:
        result = client.run(session)
        assert result.error is not None and result.error.stage == "timeout"
        message = result.error.message
        assert message.startswith("the run of kernel 'k' did not finish within 1 s")
        assert "step 5 of 11, build the program (clBuildProgram), not into the kernel" in message
        assert "#include a file that never ends" in message
        assert "endless loop" not in message
        assert_good_run_follows(client)


def test_an_editor_build_that_blocks_names_the_build_step(fifo: Path) -> None:
    with WorkerClient(build_limit_s=1.0) as client:
        result = client.build(including(fifo))
        assert not result.ok
        assert "at step 5 of 11, build the program (clBuildProgram)" in result.errors[0].message
        assert_good_run_follows(client)


IDLE_APP = """\
import os, sys
from clstudio.worker.client import WorkerClient
from clstudio.worker.process import SCRATCH_PREFIX

if __name__ == "__main__":
    client = WorkerClient()
    client.devices()  # booted and idle
    print(client.pid, flush=True)
    sys.stdin.readline()
    os.kill(os.getpid(), 9)  # the app is killed: nothing is closed
"""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_a_worker_whose_app_is_killed_while_it_idles_removes_its_scratch_folder(
    tmp_path: Path,
) -> None:
    app, worker = start_app(tmp_path, IDLE_APP)
    scratch = list(Path(tempfile.gettempdir()).glob(f"{SCRATCH_PREFIX}{app.pid}-*"))
    assert len(scratch) == 1
    app.communicate("go\n", timeout=30)
    assert app.returncode == -signal.SIGKILL
    deadline = time.monotonic() + 0.9  # sooner than the once-a-second look for its app
    while alive(worker) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not scratch[0].exists()
    assert not alive(worker)


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie waiting for init to reap it has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(") ", 1)[1].split()[0] != "Z"
