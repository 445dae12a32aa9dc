"""Hostile programs under `clstudio capture` (issue 44): one that forks, one that writes
more buffer data than the budget, one that never ends, one that launches from several
threads, one that releases a buffer mid-capture, one that squats the folder capture
writes to, and a disk that fills up. None may crash the capture or the program, leave a
folder that looks complete when it is not, or write more than the budget allows.
"""

import json
import signal
import subprocess
import sys
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from capture.learner_programs import PREAMBLE, clstudio, index_of, printed
from clstudio.capture import CaptureRequest, LaunchEntry, run_capture
from clstudio.session import SessionError, load_session, save_session
from clstudio.worker.client import WorkerClient

pytestmark = [pytest.mark.opencl, pytest.mark.usefixtures("recorder")]

TWICE_PREAMBLE = (
    PREAMBLE
    + '''import os, sys, time
program = cl.Program(ctx, """
__kernel void twice(__global int *x) { x[get_global_id(0)] *= 2; }
""").build()
'''
)


def capture(folder: Path, program: str, *options: str) -> subprocess.CompletedProcess[str]:
    (folder / "prog.py").write_text(TWICE_PREAMBLE + program, encoding="utf-8")
    command = ["capture", "-o", "out", *options]
    return clstudio([*command, "--", sys.executable, "prog.py"], folder)


def launches_of(folder: Path) -> list[tuple[int, bool, str | None]]:
    return [(e["number"], e["captured"], e["reason"]) for e in index_of(folder)["launches"]]


def bytes_under(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


FORKS = """
twice = program.twice
data = np.arange(16, dtype=np.int32)
buffer = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=data)
twice(queue, (16,), None, buffer)  # 1: captured
twice(queue, (16,), None, buffer)  # 2: not selected, its line not yet written
queue.finish()
child = os.fork()
if child == 0:
    sys.exit(0)  # the child's exit must not write launch 2's line again
os.waitpid(child, 0)
twice(queue, (16,), None, buffer)  # 3
queue.finish()
print("parent done")
"""


def test_a_program_that_forks_is_listed_once_launch_by_launch(tmp_path: Path) -> None:
    assert printed(capture(tmp_path, FORKS, "--first", "1")) == "parent done\n"
    assert launches_of(tmp_path) == [
        (1, True, None),
        (2, False, "not_selected"),
        (3, False, "not_selected"),
    ]


BIG_BUFFERS = """
import json
data = np.zeros(1 << 20, dtype=np.int32)  # 4 MiB
buffer = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=data)
for launch in range(1, 4):
    program.twice(queue, (16,), None, buffer)
    queue.finish()
    # Wait (at most a minute) until capture has listed the launch, then weigh its folder.
    for wait in range(600):
        try:
            with open("out/capture.json") as index:
                if len(json.load(index)["launches"]) == launch:
                    break
        except (OSError, ValueError):
            pass
        time.sleep(0.1)
    sizes = [os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk("out") for f in fs]
    print(sum(sizes))
"""


def test_the_budget_bounds_what_is_on_disk_while_the_program_runs(tmp_path: Path) -> None:
    """The journal holds each captured byte until the program ends (program.json reads
    it then) and the sessions hold it again: twice the budget while it runs, once after."""
    budget = 10 << 20  # one launch of a 4 MiB buffer takes 8 MiB, before and after
    done = capture(tmp_path, BIG_BUFFERS, "--max-bytes", "10M")
    assert done.returncode == 0, done.stderr
    assert launches_of(tmp_path) == [
        (1, True, None),
        (2, False, "over_budget"),
        (3, False, "over_budget"),
    ]
    weighed = [int(line) for line in done.stdout.split()]
    assert len(weighed) == 3 and max(weighed) <= 2 * budget
    assert not (tmp_path / "out" / ".journal").exists()
    assert bytes_under(tmp_path / "out") <= budget


NEVER_ENDS = """
import signal
signal.signal(signal.SIGTERM, signal.SIG_IGN)  # it will not even stop when asked
data = np.arange(16, dtype=np.int32)
buffer = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=data)
program.twice(queue, (16,), None, buffer)
queue.finish()
print("launched", flush=True)
while True:
    time.sleep(1)
"""


# What these check is CL Studio's side (its time limit, reading a folder afterwards), the
# same whichever recorder wrote the journal: the layer's run stands for both.
ONE_RECORDER = pytest.mark.parametrize("recorder", ["layer"], indirect=True)


@ONE_RECORDER
def test_a_program_that_never_ends_is_stopped_at_its_time_limit(tmp_path: Path) -> None:
    done = capture(tmp_path, NEVER_ENDS, "--time-limit", "5")
    assert done.returncode == 128 + 9  # SIGTERM ignored: killed after the grace
    assert "launched" in done.stdout
    assert "stopped after its 5 s time limit" in done.stderr
    assert "Traceback" not in done.stderr
    index = index_of(tmp_path)
    assert (index["state"], index["exit_status"], index["stopped"]) == (
        "finished",
        137,
        "time_limit",
    )
    assert launches_of(tmp_path) == [(1, True, None)]
    session = tmp_path / "out" / index["launches"][0]["session"]
    ran = clstudio(["run", str(session)], tmp_path)
    assert ran.returncode == 0 and ": pass" in ran.stdout


@pytest.mark.parametrize("given", ["0", "-1", "soon", "86401"])
def test_a_time_limit_that_is_no_duration_is_refused(tmp_path: Path, given: str) -> None:
    done = capture(tmp_path, "print('ran')", "--time-limit", given)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "expected seconds above 0, at most 86400" in done.stderr
    assert done.stdout == "" and not (tmp_path / "out").exists()


THREADS = """
import threading

def launch_five(seed):
    own = cl.CommandQueue(ctx)
    kernel = cl.Kernel(program, "twice")
    data = np.arange(16, dtype=np.int32) + seed
    buffer = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=data)
    for _ in range(5):
        kernel.set_args(buffer)
        cl.enqueue_nd_range_kernel(own, kernel, (16,), None)
    own.finish()

threads = [threading.Thread(target=launch_five, args=(100 * n,)) for n in range(4)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print("done")
"""


def test_launches_from_several_threads_each_get_a_number_and_a_session(tmp_path: Path) -> None:
    assert printed(capture(tmp_path, THREADS, "--first", "100")) == "done\n"
    assert launches_of(tmp_path) == [(n, True, None) for n in range(1, 21)]
    sessions = {e["session"] for e in index_of(tmp_path)["launches"]}
    assert len(sessions) == 20 and all((tmp_path / "out" / s).is_file() for s in sessions)


RELEASES = """
data = np.arange(16, dtype=np.int32)
kept = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=data)
freed = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=data)
twice = cl.Kernel(program, "twice")
twice.set_args(freed)
cl.enqueue_nd_range_kernel(queue, twice, (16,), None)  # 1
freed.release()
new = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=data)  # may reuse its handle
twice.set_args(new)
cl.enqueue_nd_range_kernel(queue, twice, (16,), None)  # 2
out = np.empty_like(data)
cl.enqueue_copy(queue, out, new)
print(out.tolist())
"""


def test_a_buffer_released_between_launches_changes_nothing(tmp_path: Path) -> None:
    assert printed(capture(tmp_path, RELEASES)) == f"{[2 * n for n in range(16)]}\n"
    assert launches_of(tmp_path) == [(1, True, None), (2, True, None)]
    second = tmp_path / "out" / index_of(tmp_path)["launches"][1]["session"]
    contents = json.loads(second.read_text())
    assert contents["args"]["x"]["init"] == {"file": "x.npy"}
    # The new buffer's contents, not the freed one's (which launch 1 had doubled).
    assert np.load(second.parent / "x.npy").tolist() == list(range(16))
    assert np.load(second.parent / "x.after.npy").tolist() == [2 * n for n in range(16)]


SQUATS = """
os.makedirs("out/launch-0001-twice")  # where capture would write launch 1's session
with open("out/launch-0001-twice/mine.txt", "w") as mine:
    mine.write("mine")
with open("out/.journal/launches.jsonl", "a") as journal:
    journal.write('{"number": 99, "kernel": "../../escape", "global_size": [1]}\\n')
    journal.write("not json at all\\n")
    journal.write('{"number": 98, "kernel": "k", "global_size": [1], "reason": "evil"}\\n')
data = np.arange(16, dtype=np.int32)
buffer = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=data)
program.twice(queue, (16,), None, buffer)
program.twice(queue, (16,), None, buffer)
queue.finish()
"""


def test_a_program_that_writes_into_the_capture_folder_is_not_followed(tmp_path: Path) -> None:
    done = capture(tmp_path, SQUATS)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "2 damaged lines of the journal were skipped" in done.stderr
    smuggled, first, second = index_of(tmp_path)["launches"]
    assert (smuggled["number"], smuggled["reason"]) == (98, "capture_failed")
    assert (first["captured"], first["reason"], first["detail"]) == (
        False,
        "capture_failed",
        "File exists",
    )
    assert (tmp_path / "out" / "launch-0001-twice" / "mine.txt").read_text() == "mine"
    assert second["captured"]
    assert not (tmp_path / "escape").exists() and not (tmp_path.parent / "escape").exists()


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """`out` on a 1 MiB tmpfs (mounting one needs root; elsewhere the test is skipped)."""
    out = tmp_path / "out"
    out.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(out)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip("mounting a tmpfs needs root")
    try:
        yield out
    finally:
        subprocess.run(["umount", str(out)], check=True)


FILLS_THE_DISK = """
data = np.arange(48 * 1024, dtype=np.int32)  # 192 KiB: the third launch no longer fits
buffer = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=data)
for launch in range(6):
    program.twice(queue, (16,), None, buffer)
    queue.finish()
out = np.empty_like(data)
cl.enqueue_copy(queue, out, buffer)
print(int(out[1]))
"""


def test_a_full_disk_is_said_and_no_session_is_left_half_written(
    tmp_path: Path, tiny_disk: Path
) -> None:
    done = capture(tmp_path, FILLS_THE_DISK)
    assert done.stdout == f"{2**6}\n"  # the program ran to its end, unharmed
    assert "Traceback" not in done.stderr
    index = json.loads((tiny_disk / "capture.json").read_text())
    launches = index["launches"]
    if "cannot write the capture into" in done.stderr:  # capture.json itself did not fit
        assert done.returncode == 2 and "No space left on device" in done.stderr
        assert index["state"] == "running" and len(launches) <= 6  # as last written
    else:
        assert (done.returncode, index["state"], len(launches)) == (0, "finished", 6)
    failed = [e for e in launches if not e["captured"]]
    details = [(e["reason"], e["detail"]) for e in failed]
    assert all("No space left on device" in d for _, d in details), details
    assert failed or index["state"] == "running"
    for entry in launches:
        if entry["captured"]:
            assert (tiny_disk / entry["session"]).is_file()
    # Every session folder is whole: its session and each file it names.
    for folder in tiny_disk.glob("launch-*"):
        session = json.loads((folder / "session.json").read_text())
        assert (folder / session["args"]["x"]["init"]["file"]).is_file()
    assert not list(tiny_disk.rglob("*.tmp")) and not list(tiny_disk.rglob("*.part"))


def test_stop_ends_the_program_and_keeps_what_it_launched(tmp_path: Path) -> None:
    """The window's Stop: `stop()` turns true once the first launch is listed."""
    (tmp_path / "prog.py").write_text(
        TWICE_PREAMBLE + NEVER_ENDS.replace("signal.SIG_IGN", "signal.SIG_DFL")
    )
    listed: list[Sequence[LaunchEntry]] = []
    request = CaptureRequest(
        command=(sys.executable, "prog.py"), folder=tmp_path / "out", working_folder=tmp_path
    )
    with pytest.MonkeyPatch.context() as patch, WorkerClient() as worker:
        patch.setenv("PYTHONPATH", str(Path(__file__).parents[2] / "src"))
        result = run_capture(request, worker, listed.append, stop=lambda: bool(listed))
    assert result.exit_status == 128 + signal.SIGTERM
    assert (result.index.stopped, result.index.state) == ("stop", "finished")
    assert launches_of(tmp_path) == [(1, True, None)]
    assert index_of(tmp_path)["stopped"] == "stop"


MANY_LAUNCHES = """
buffer = cl.Buffer(ctx, mf.READ_WRITE, 64)
for i in range(300):
    program.twice(queue, (16,), None, buffer)
    queue.finish()
    time.sleep(0.003)
"""


def test_launches_are_told_in_order_and_those_not_captured_in_batches(tmp_path: Path) -> None:
    """A program of many launches does not have CL Studio (the window's list among them)
    hear of each as it ran: a captured launch is told at once, the others in batches."""
    (tmp_path / "prog.py").write_text(TWICE_PREAMBLE + MANY_LAUNCHES)
    told: list[Sequence[LaunchEntry]] = []
    request = CaptureRequest(
        command=(sys.executable, "prog.py"),
        folder=tmp_path / "out",
        working_folder=tmp_path,
        first=2,
    )
    with pytest.MonkeyPatch.context() as patch, WorkerClient() as worker:
        patch.setenv("PYTHONPATH", str(Path(__file__).parents[2] / "src"))
        result = run_capture(request, worker, told.append)
    assert result.exit_status == 0
    listed = [(entry.number, entry.session is not None) for batch in told for entry in batch]
    assert listed == [(n, n <= 2) for n in range(1, 301)]
    assert [entry.number for entry in result.index.launches] == list(range(1, 301))
    assert len(told) <= 10, [len(batch) for batch in told]


@ONE_RECORDER
def test_a_capture_folder_tampered_with_afterwards_opens_with_messages(tmp_path: Path) -> None:
    """Capture folders travel like sessions: one damaged or made hostile by someone else
    is refused naming the cause when its session is run, and Save never writes outside."""
    done = capture(tmp_path, "program.twice(queue, (16,), None, cl.Buffer(ctx, mf.READ_WRITE, 64))")
    assert done.returncode == 0, done.stderr
    path = tmp_path / "out" / index_of(tmp_path)["launches"][0]["session"]
    original = json.loads(path.read_text())
    (tmp_path / "precious.cl").write_text("// mine\n")
    contents = (path.parent / "x.npy").read_bytes()
    pickled = tmp_path / "pickled.npy"
    np.save(pickled, np.array([object()]), allow_pickle=True)
    outside = original | {"source_file": "../../precious.cl"}
    tampered: dict[str, tuple[dict[str, Any], bytes, str]] = {
        "a pickle for x.npy": (original, pickled.read_bytes(), "(pickles are refused)"),
        "a path out of the folder": (outside, contents, "kernel 'twice' is not in the program"),
        "a huge size": (original | {"global_size": [2**40]}, contents, "global_size"),
        "a wrong type": (original | {"args": {"x": {"dtype": 7}}}, contents, "args.x"),
    }
    for name, (data, npy, said) in tampered.items():
        path.write_text(json.dumps(data))
        (path.parent / "x.npy").write_bytes(npy)
        ran = clstudio(["run", str(path)], tmp_path)
        assert ran.returncode != 0, name
        assert said in ran.stdout + ran.stderr, (name, ran.stdout, ran.stderr)
        assert "Traceback" not in ran.stdout + ran.stderr, name
    path.write_text(json.dumps(outside))
    session = load_session(path)
    with pytest.raises(SessionError, match="outside the session's folder"):
        save_session(replace(session, source="// theirs\n"), path, came_from=path)
    assert (tmp_path / "precious.cl").read_text() == "// mine\n"


CHANGES_FOLDER = """
os.chdir("/")  # after importing pyopencl, before any launch
data = np.arange(16, dtype=np.int32)
buffer = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=data)
program.twice(queue, (16,), None, buffer)
queue.finish()
"""


def test_a_program_that_changes_its_folder_is_still_captured(tmp_path: Path) -> None:
    done = capture(tmp_path, CHANGES_FOLDER)
    assert done.returncode == 0, done.stderr
    assert launches_of(tmp_path) == [(1, True, None)]
    assert not (Path("/") / "out").exists()


PIPES_THE_JOURNAL = """
os.unlink("out/.journal/launches.jsonl")
os.mkfifo("out/.journal/launches.jsonl")  # reading it would wait for a writer forever
data = np.arange(16, dtype=np.int32)
buffer = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=data)
program.twice(queue, (16,), None, buffer)
queue.finish()
print("done")
"""


def test_a_journal_made_a_fifo_ends_the_listing_not_the_capture(tmp_path: Path) -> None:
    done = capture(tmp_path, PIPES_THE_JOURNAL)
    assert (done.returncode, done.stdout) == (0, "done\n"), done.stderr
    assert "damaged lines of the journal were skipped" in done.stderr
    assert "Traceback" not in done.stderr
    assert index_of(tmp_path)["state"] == "finished"
