"""End to end through the real worker process: results, progress, cancel, timeout, crash."""

import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from clstudio.common.dtypes import parse_element_type
from clstudio.session import Launch
from clstudio.session.args import ArgSpec, BufferArg, Init, NullArg, ScalarArg
from clstudio.session.format import Session, load_session
from clstudio.worker.client import WorkerClient
from clstudio.worker.process import SCRATCH_PREFIX
from clstudio.worker.protocol import WorkerFailure
from clstudio.worker.shared_arrays import leftover_blocks
from hostcode.exported_programs import signature_of
from typedef_kernels import atax_session
from worker.app_scripts import start_app

pytestmark = pytest.mark.opencl
needs_proc = pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="needs Linux /proc")

FLOAT = parse_element_type("float")
SOURCE = """\
__kernel void twice(__global const float* a, __global float* c) {
    int i = get_global_id(0);
    c[i] = 2 * a[i];
    if (i < 2) printf("hello %d\\n", i);
}

__kernel void spin(__global float* c, int forever) {
    while (forever || c[0] < 0) { c[1] += 1; }  // forever: the condition never changes
}

__kernel void wild(__global float* c) {
    c[get_global_id(0) * 100000000L] = 1;  // hundreds of megabytes past the end
}
"""


def twice(n: int = 1024, repeats: int = 1) -> Session:
    args: dict[str, ArgSpec] = {
        "a": BufferArg(FLOAT, (n,), Init("arange")),
        "c": BufferArg(FLOAT, (n,)),
    }
    return Session(source=SOURCE, launches=(Launch("twice", (n,)),), repeats=repeats, args=args)


def spin(forever: bool, timeout_s: float = 10.0) -> Session:
    args: dict[str, ArgSpec] = {"c": BufferArg(FLOAT, (4,)), "forever": ScalarArg(int(forever))}
    return Session(source=SOURCE, launches=(Launch("spin", (1,)),), timeout_s=timeout_s, args=args)


WILD = Session(
    source=SOURCE, launches=(Launch("wild", (64,)),), args={"c": BufferArg(FLOAT, (16,))}
)


def test_devices_come_through_the_worker(client: WorkerClient) -> None:
    inventory = client.devices()
    assert inventory.problem is None
    assert any(device.type == "CPU" for device in inventory.devices())


def test_a_run_returns_outputs_inputs_guards_and_printf(client: WorkerClient) -> None:
    result = client.run(twice())
    assert result.ok, result.error
    np.testing.assert_array_equal(result.inputs["a"], np.arange(1024, dtype=np.float32))
    np.testing.assert_array_equal(result.outputs["c"], 2 * np.arange(1024, dtype=np.float32))
    assert all(report.ok for report in result.guards.values())
    assert sorted(result.printf.splitlines()) == ["hello 0", "hello 1"]


def test_large_arrays_come_back_through_shared_memory(client: WorkerClient) -> None:
    result = client.run(twice(n=1 << 20))
    assert result.ok, result.error
    np.testing.assert_array_equal(result.outputs["c"], 2 * result.inputs["a"])
    assert result.outputs["c"].flags.writeable
    assert leftover_blocks(os.getpid()) == []


def test_progress_arrives_in_order_and_ends_complete(client: WorkerClient) -> None:
    calls = []
    result = client.run(twice(repeats=20), lambda done, total: calls.append((done, total)))
    assert result.ok, result.error
    assert calls[-1] == (20, 20)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    assert {total for _, total in calls} == {20}


def test_builds_report_signatures_and_diagnostics(client: WorkerClient) -> None:
    good = client.build(SOURCE)
    assert good.ok
    signature = good.kernel("twice")
    assert signature is not None and [arg.name for arg in signature.args] == ["a", "c"]
    bad = client.build("__kernel void k(__global float* c) {\n    c[0] = y;\n}\n")
    assert not bad.ok
    assert bad.errors[0].line == 2


def test_cancel_between_repeats_stops_the_run_without_a_restart(client: WorkerClient) -> None:
    client.devices()
    pid, restarts = client.pid, client.restarts
    seen = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        client.cancel()

    result = client.run(twice(repeats=100_000), progress)
    assert result.error is not None
    assert result.error.stage == "cancelled"
    assert "stopped by the user after" in result.error.message
    assert seen[-1] < 100_000
    assert (client.pid, client.restarts) == (pid, restarts)


def test_cancel_inside_a_kernel_kills_the_worker_and_the_next_run_works(
    client: WorkerClient,
) -> None:
    assert client.run(spin(forever=False)).ok  # built and compiled: the next launch is at once
    restarts = client.restarts
    timer = threading.Timer(1.0, client.cancel)
    timer.start()
    result = client.run(spin(forever=True, timeout_s=120))
    timer.join()
    assert result.error is not None
    assert result.error.stage == "cancelled"
    assert "stopped by the user while running kernel 'spin'" in result.error.message
    assert client.restarts == restarts + 1
    assert client.run(twice()).ok


def test_a_timeout_stops_the_worker_and_the_next_run_works(client: WorkerClient) -> None:
    client.devices()
    pid, restarts = client.pid, client.restarts
    result = client.run(spin(forever=True, timeout_s=1.0))
    assert not result.ok
    assert result.kernel == "spin"
    assert result.error is not None
    assert result.error.stage == "timeout"
    assert result.error.message.startswith("kernel 'spin' did not finish within 1 s")
    assert client.restarts == restarts + 1
    assert client.pid != pid
    assert client.run(twice()).ok


def test_a_crash_is_reported_and_the_next_run_works(client: WorkerClient) -> None:
    result = client.run(WILD)
    assert result.error is not None
    assert result.error.stage == "crash"
    assert "SIGSEGV while running kernel 'wild'" in result.error.message
    assert "out-of-bounds access" in result.error.message
    assert client.run(twice()).ok


def test_a_crash_through_a_null_argument_names_null(client: WorkerClient) -> None:
    """A learner ticks NULL for a buffer the kernel reads without a test: the crash says
    NULL, not out-of-bounds, and names the argument."""
    args: dict[str, ArgSpec] = {"a": NullArg(), "c": BufferArg(FLOAT, (1 << 20,))}
    session = Session(source=SOURCE, launches=(Launch("twice", (1 << 20,)),), args=args)
    result = client.run(session)
    assert result.error is not None and result.error.stage == "crash"
    assert "the kernel reads through a, passed as NULL" in result.error.message
    assert "out-of-bounds" not in result.error.message
    assert client.run(twice()).ok


def test_a_worker_dying_during_a_build_gives_a_failed_build(client: WorkerClient) -> None:
    client.devices()
    assert client.pid is not None
    os.kill(client.pid, signal.SIGKILL)  # as if the compiler had taken the worker down
    result = client.build(SOURCE)
    assert not result.ok
    assert "while building the program: the OpenCL compiler crashed" in result.log
    assert result.errors[0].message == result.log
    assert client.build(SOURCE).ok


def test_a_driver_crash_during_discovery_gives_no_platforms_and_says_why(
    client: WorkerClient,
) -> None:
    client.devices()
    # SIGKILL: LLVM's handlers in the worker survive a SIGSEGV that no fault caused.
    assert client.pid is not None
    os.kill(client.pid, signal.SIGKILL)
    inventory = client.devices()
    assert inventory.platforms == ()
    assert inventory.problem is not None
    assert "crashed with SIGKILL while listing devices" in inventory.problem
    assert "the OpenCL driver crashed" in inventory.problem
    assert client.devices().devices()


def test_an_unexpected_error_in_the_worker_arrives_with_its_traceback(client: WorkerClient) -> None:
    client.devices()
    pid = client.pid
    # Not arguments at all: the worker's unexpected error is what is tested.
    nonsense: dict[str, Any] = {"a": "not a spec", "c": None}
    broken = Session(source=SOURCE, launches=(Launch("twice", (4,)),), args=nonsense)
    with pytest.raises(WorkerFailure) as info:
        client.run(broken)
    assert "Traceback (most recent call last)" in info.value.traceback
    assert "AttributeError" in info.value.traceback
    assert client.pid == pid  # the worker is fine: it answered
    assert client.run(twice()).ok


@needs_proc
def test_the_worker_loads_no_qt_even_when_the_app_has_it(client: WorkerClient) -> None:
    import PySide6.QtCore  # noqa: F401  (the app has Qt loaded)

    client.devices()
    maps = Path(f"/proc/{client.pid}/maps").read_text()
    assert "libpocl" in maps  # the driver is loaded: this is the worker that ran it
    assert "PySide6" not in maps
    assert "shiboken6" not in maps


ENTRY_SCRIPT = """\
from clstudio.__main__ import main  # the console script's import, which spawn runs again

if __name__ == "__main__":
    import PySide6.QtCore  # the app has Qt loaded
    from clstudio.worker.client import WorkerClient

    with WorkerClient() as client:
        client.devices()
        maps = open(f"/proc/{client.pid}/maps").read()
    print("with Qt" if "PySide6" in maps or "shiboken6" in maps else "without Qt")
"""


@needs_proc
def test_a_worker_started_from_the_app_entry_point_loads_no_qt(tmp_path: Path) -> None:
    script = tmp_path / "entry.py"
    script.write_text(textwrap.dedent(ENTRY_SCRIPT))
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, cwd=tmp_path
    )
    assert done.stdout.strip() == "without Qt", done.stderr


def test_close_during_a_run_ends_it_as_cancelled_and_ends_the_worker() -> None:
    client = WorkerClient()
    client.start()
    assert client.run(spin(forever=False)).ok
    pid = client.pid
    results = []
    runner = threading.Thread(target=lambda: results.append(client.run(spin(forever=True))))
    runner.start()
    threading.Event().wait(0.5)
    client.close()
    runner.join(30)
    stopped = results[0].error
    assert stopped is not None and stopped.stage == "cancelled"
    assert "the worker was closed while running kernel 'spin'" in stopped.message
    assert client.pid is None
    assert pid is not None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    with pytest.raises(RuntimeError, match="closed"):
        client.devices()


ORPHAN_SCRIPT = """\
import os, sys, threading
from clstudio.session.args import BufferArg, ScalarArg
from clstudio.common.dtypes import parse_element_type
from clstudio.session.format import Session, load_session
from clstudio.session.launches import Launch
from clstudio.worker.client import WorkerClient

SOURCE = sys.argv[1]

if __name__ == "__main__":
    client = WorkerClient()
    client.start()
    client.devices()
    print(client.pid, flush=True)
    float_ = parse_element_type("float")
    args = {"c": BufferArg(float_, (4,)), "forever": ScalarArg(1)}
    session = Session(source=SOURCE, launches=(Launch("spin", (1,)),), timeout_s=600, args=args)
    threading.Thread(target=client.run, args=(session,), daemon=True).start()
    sys.stdin.readline()  # the test says when the kernel is surely spinning
    os._exit(1)  # the app dies without closing anything
"""


@needs_proc
def test_a_worker_whose_app_died_ends_itself_even_inside_an_endless_kernel(tmp_path: Path) -> None:
    app, worker = start_app(tmp_path, ORPHAN_SCRIPT, SOURCE)
    threading.Event().wait(1.0)
    app.communicate("go\n", timeout=60)
    for _ in range(100):  # the worker looks for its app once a second
        if not Path(f"/proc/{worker}").exists():
            break
        threading.Event().wait(0.1)
    assert not Path(f"/proc/{worker}").exists()
    assert not list(Path(tempfile.gettempdir()).glob(f"{SCRATCH_PREFIX}{app.pid}-*"))


def test_a_program_asked_for_snapshots_brings_them_across_the_process_boundary() -> None:
    session = load_session(Path(__file__).parents[2] / "kernels" / "vadd_chain.json")
    with WorkerClient() as client:
        plain = client.run(session)
        taken = client.run(session, snapshots=True)
    assert plain.ok and taken.ok, (plain.error, taken.error)
    assert plain.snapshots == ()
    assert [s.position for s in taken.snapshots] == [1, 2, 3]
    np.testing.assert_array_equal(taken.snapshots[2].buffers["g"], taken.outputs["g"])


def test_a_typedefd_kernel_runs_through_the_worker_and_matches_numpy(
    client: WorkerClient, tmp_path: Path
) -> None:
    session = atax_session(tmp_path)
    result = client.run(session)
    assert result.ok, result.error
    expected = result.inputs["A"].astype(np.float64) @ result.inputs["x"].astype(np.float64)
    np.testing.assert_allclose(result.outputs["tmp"], expected, rtol=1e-5)
    signature = signature_of(result, "atax_kernel1")
    assert [a.shown_type for a in signature.args][-1] == "Tidx (uint)"
