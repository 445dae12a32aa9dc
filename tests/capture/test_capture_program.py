"""`program.json`: a captured program's launches of one context replayed as one session.

The program is run under `clstudio capture`; the session it leaves must run with
`clstudio run`, pass every reference, and end with the buffers the program printed.
"""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from capture.learner_programs import PREAMBLE, clstudio

pytestmark = [pytest.mark.opencl, pytest.mark.usefixtures("recorder")]

# A typedef'd kernel and pyopencl.array arithmetic on one buffer, a buffer the host
# overwrites between two launches, and no build options of its own.
PROGRAM = (
    PREAMBLE
    + '''import pyopencl.array as cla
program = cl.Program(ctx, """
typedef float real;
__kernel void scale(__global real *x, const real k, const int n)
{ int i = get_global_id(0); if (i < n) x[i] = x[i] * k; }
""").build()
n = 256
x = cla.to_device(queue, np.linspace(0, 1, n).astype(np.float32))
program.scale(queue, (n,), None, x.data, np.float32(3), np.int32(n))
y = 2 * x + 1
program.scale(queue, (n,), None, y.data, np.float32(0.5), np.int32(n))
x.set(np.ones(n, np.float32))
program.scale(queue, (n,), None, x.data, np.float32(2), np.int32(n))
print(repr(x.get().tolist()))
print(repr(y.get().tolist()))
'''
)


def read_json(path: Path) -> dict[str, Any]:
    read: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return read


def test_program_json_replays_every_launch_and_ends_with_the_programs_outputs(
    tmp_path: Path,
) -> None:
    (tmp_path / "prog.py").write_text(PROGRAM, encoding="utf-8")
    done = clstudio(["capture", "-o", "out", "--", sys.executable, "prog.py"], tmp_path)
    assert done.returncode == 0, done.stderr
    index = read_json(tmp_path / "out" / "capture.json")
    assert [e["kernel"] for e in index["launches"]] == ["scale", "axpb", "axpb", "scale", "scale"]
    # The array kernels' program and the learner's are joined into one source.
    assert index["program"] == {
        "session": "program.json",
        "launches": [1, 2, 3, 4, 5],
        "detail": "",
    }
    ran = clstudio(["run", "out/program.json"], tmp_path)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ran.stdout.count(": pass") == 4 and ": fail" not in ran.stdout
    session = read_json(tmp_path / "out" / "program.json")
    binds = [launch["args"] for launch in session["launches"]]
    # x is one buffer through the first three launches (the array kernels read it through
    # their own parameter); the host's x.set() makes the last launch's x a buffer of its own.
    assert binds[0]["x"] == binds[1]["x__base"]
    assert binds[2]["x__base"] == binds[1]["z__base"]
    assert binds[3]["x"] == binds[2]["z__base"]
    assert binds[4]["x"] not in (binds[0]["x"], binds[3]["x"])
    printed = [json.loads(line) for line in done.stdout.splitlines()]
    for bound, value in zip((binds[4]["x"], binds[3]["x"]), printed, strict=True):
        reference = session["references"][bound]["file"]
        assert np.load(tmp_path / "out" / reference).tolist() == value


def test_every_launch_is_listed_with_its_time_captured_or_not(tmp_path: Path) -> None:
    (tmp_path / "prog.py").write_text(PROGRAM, encoding="utf-8")
    command = ["capture", "-o", "out", "--kernel", "never_launched"]
    done = clstudio([*command, "--", sys.executable, "prog.py"], tmp_path)
    assert done.returncode == 0, done.stderr
    index = read_json(tmp_path / "out" / "capture.json")
    launches = index["launches"]
    assert [e["captured"] for e in launches] == [False] * 5
    assert all(e["timed_by"] == "profiling" and e["time_ns"] > 0 for e in launches)
    assert index["program"] is None
    assert not (tmp_path / "out" / "program.json").exists()


def test_launches_on_a_queue_that_does_not_profile_are_listed_without_a_time(
    tmp_path: Path,
) -> None:
    """A queue made with a list of properties is left as the program made it: its
    launches have no profiling time, and the program's output is its own."""
    program = PROGRAM.replace("cl.CommandQueue(ctx)", "cl.CommandQueue(ctx, properties=[])")
    (tmp_path / "prog.py").write_text(program, encoding="utf-8")
    command = ["capture", "-o", "out", "--kernel", "never_launched"]
    done = clstudio([*command, "--", sys.executable, "prog.py"], tmp_path)
    plain = subprocess.run(
        [sys.executable, "prog.py"], cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode == plain.returncode == 0, done.stderr
    assert done.stdout == plain.stdout
    launches = read_json(tmp_path / "out" / "capture.json")["launches"]
    assert [e["kernel"] for e in launches] == ["scale", "axpb", "axpb", "scale", "scale"]
    assert [(e["time_ns"], e["timed_by"]) for e in launches] == [(None, None)] * 5


def test_a_captured_launch_on_a_queue_that_does_not_profile_is_timed_by_the_wall(
    tmp_path: Path,
) -> None:
    program = PROGRAM.replace("cl.CommandQueue(ctx)", "cl.CommandQueue(ctx, properties=[])")
    (tmp_path / "prog.py").write_text(program, encoding="utf-8")
    done = clstudio(["capture", "-o", "out", "--", sys.executable, "prog.py"], tmp_path)
    assert done.returncode == 0, done.stderr
    launches = read_json(tmp_path / "out" / "capture.json")["launches"]
    assert [e["captured"] for e in launches] == [True] * 5
    assert all(e["timed_by"] == "wall" and e["time_ns"] > 0 for e in launches)


def test_a_backlog_of_thousands_of_launches_keeps_every_time(tmp_path: Path) -> None:
    """Launches enqueued faster than the device runs them wait in the hook for their
    times, even past the thousands of lines it holds before writing."""
    program = PROGRAM.split("n = 256")[0] + (
        "x = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 64 * 4)\n"
        "scale = program.scale\n"
        "for _ in range(20000):\n"
        "    scale(queue, (64,), None, x, np.float32(1), np.int32(64))\n"
        "queue.finish()\n"
    )
    (tmp_path / "prog.py").write_text(program, encoding="utf-8")
    command = ["capture", "-o", "out", "--kernel", "never_launched"]
    done = clstudio([*command, "--", sys.executable, "prog.py"], tmp_path)
    assert done.returncode == 0, done.stderr
    launches = read_json(tmp_path / "out" / "capture.json")["launches"]
    assert [e["number"] for e in launches] == list(range(1, 20001))
    assert all(e["timed_by"] == "profiling" and e["time_ns"] > 0 for e in launches)
