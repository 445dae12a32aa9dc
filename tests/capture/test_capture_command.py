"""`clstudio capture -- python prog.py`: learners' own pyopencl programs, captured as they run.

Each program is run as a learner runs it, once without capture and once under
`clstudio capture`; what it prints and its exit status must not change, every captured
launch must run with `clstudio run` and pass its references, and capture.json must list
every launch with its call site in the program's own file.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from capture.learner_programs import PREAMBLE, environment, index_of, kernels_listed

pytestmark = [pytest.mark.opencl, pytest.mark.usefixtures("recorder")]

# Several kernels, a typedef'd element type, one buffer reused across three launches, and
# every launch style: kernel(queue, ...), set_args + enqueue_nd_range_kernel, and the
# kernels pyopencl.array generates.
LEARNER = (
    PREAMBLE
    + '''
import pyopencl.array as cla

SOURCE = """
typedef float real;
__kernel void scale(__global real *x, const real k, const int n)
{ int i = get_global_id(0); if (i < n) x[i] = x[i] * k; }
__kernel void add(__global const real *a, __global const real *b, __global real *c)
{ int i = get_global_id(0); c[i] = a[i] + b[i]; }
"""
program = cl.Program(ctx, SOURCE).build(options=["-D", "UNUSED=1"])
n = 256
a = np.linspace(0, 1, n).astype(np.float32)
b = np.arange(n, dtype=np.float32)
da = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a)
db = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=b)
dc = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
scale = program.scale
scale(queue, (n,), (64,), da, np.float32(3), np.int32(n))
add = cl.Kernel(program, "add")
add.set_args(da, db, dc)
cl.enqueue_nd_range_kernel(queue, add, (n,), None)
scale(queue, (n,), None, dc, np.float32(0.5), np.int32(n))
x = cla.to_device(queue, b)
y = (2 * x + 1).get()
c = np.empty_like(a)
cl.enqueue_copy(queue, c, dc)
print(repr(c.tolist()), repr(y.tolist()))
'''
)

CRASHES_AT_THREE = (
    PREAMBLE
    + '''
import sys

program = cl.Program(ctx, """
__kernel void twice(__global int *x) { x[get_global_id(0)] *= 2; }
""").build()
data = np.arange(16, dtype=np.int32)
buffer = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=data)
twice = program.twice
for launch in range(1, 4):
    if launch == 3:
        print("giving up", file=sys.stderr)
        raise SystemExit(3)
    twice(queue, (16,), None, buffer)
    queue.finish()
'''
)


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, env=environment(), capture_output=True, text=True)


def capture(folder: Path, program: str, *options: str) -> subprocess.CompletedProcess[str]:
    (folder / "prog.py").write_text(program, encoding="utf-8")
    command = [sys.executable, "-m", "clstudio", "capture", "-o", "out", *options]
    return run([*command, "--", sys.executable, "prog.py"], folder)


def test_a_learners_program_runs_unchanged_and_every_launch_becomes_a_passing_session(
    tmp_path: Path,
) -> None:
    captured = capture(tmp_path, LEARNER)
    plain = run([sys.executable, "prog.py"], tmp_path)
    assert captured.returncode == plain.returncode == 0, captured.stderr
    assert captured.stdout == plain.stdout
    index = index_of(tmp_path)
    assert (index["format"], index["version"], index["state"]) == (
        "clstudio-capture",
        1,
        "finished",
    )
    launches = index["launches"]
    assert [e["kernel"] for e in launches] == ["scale", "add", "scale", "axpb", "axpb"]
    lines = LEARNER.splitlines()
    calls = (
        "scale(queue, (n,), (64,)",
        "cl.enqueue_nd_range_kernel(",
        "scale(queue, (n,), None",
        "y =",
    )
    expected = [next(i + 1 for i, line in enumerate(lines) if line.startswith(c)) for c in calls]
    sites = [f"prog.py:{line}" for line in expected]
    assert [e["call_site"] for e in launches] == [*sites, sites[-1]]
    assert all(e["captured"] for e in launches)
    for entry in launches:
        session = tmp_path / "out" / entry["session"]
        ran = run([sys.executable, "-m", "clstudio", "run", str(session)], tmp_path)
        assert ran.returncode == 0, ran.stdout + ran.stderr
        assert ": pass" in ran.stdout and ": fail" not in ran.stdout
    # The typedef'd buffer is a float buffer; the launch's own scalars are its values.
    third = json.loads((tmp_path / "out" / launches[2]["session"]).read_text())
    assert third["args"]["x"]["dtype"] == "float32"
    assert third["args"]["k"]["value"] == 0.5
    assert "-D UNUSED=1" in third["build_options"]


def test_the_selection_keeps_every_launch_listed(tmp_path: Path) -> None:
    done = capture(tmp_path, LEARNER, "--kernel", "scale", "--first", "1")
    assert done.returncode == 0, done.stderr
    assert kernels_listed(tmp_path) == [
        ("scale", True, None),
        ("add", False, "not_selected"),
        ("scale", False, "not_selected"),
        ("axpb", False, "not_selected"),
        ("axpb", False, "not_selected"),
    ]
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "capture.json",
        "launch-0001-scale",
        "program.cl",
        "program.json",
    ]


def test_a_launch_not_selected_is_listed_as_a_captured_one_is(tmp_path: Path) -> None:
    """Launches not selected are written in short lines naming a piece of the facts they
    share: put together, they say what the same launches captured say."""
    every = tmp_path / "every"
    none = tmp_path / "none"
    every.mkdir()
    none.mkdir()
    assert capture(every, LEARNER).returncode == 0
    assert capture(none, LEARNER, "--kernel", "never_launched").returncode == 0
    facts = ("number", "kernel", "device", "global_size", "local_size", "call_site")
    captured, listed = index_of(every)["launches"], index_of(none)["launches"]
    assert [[e[key] for key in facts] for e in listed] == [
        [e[key] for key in facts] for e in captured
    ]
    assert all(e["reason"] == "not_selected" and e["session"] is None for e in listed)


# One kernel whose arguments are set in every way pyopencl has between its launches: the
# invoker of a kernel without argument types, the ones set_scalar_arg_dtypes makes (the
# scalar packed, then passed as it is again), and set_arg alone before
# enqueue_nd_range_kernel.
ARGUMENT_WAYS = (
    PREAMBLE
    + '''
program = cl.Program(ctx, """
__kernel void scale(__global float *x, const float k) { x[get_global_id(0)] *= k; }
""").build()
x = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(64, np.float32))
scale = program.scale
scale(queue, (64,), None, x, np.float32(3))
scale.set_scalar_arg_dtypes([None, np.float32])
scale(queue, (64,), None, x, 2)
scale.set_scalar_arg_dtypes([None, None])
scale(queue, (64,), None, x, np.float32(0.25))
scale.set_arg(1, np.float32(0.5))
cl.enqueue_nd_range_kernel(queue, scale, (64,), None)
out = np.empty(64, np.float32)
cl.enqueue_copy(queue, out, x)
print(out[0])
'''
)


@pytest.mark.parametrize(("selected", "values"), [((), [3, 2, 0.25, 0.5]), ((3,), [0.25])])
def test_each_launch_has_the_arguments_set_last_in_whatever_way(
    tmp_path: Path, selected: tuple[int, ...], values: list[float]
) -> None:
    """Launches not captured leave their argument calls unread: the third launch alone
    has its scalar from its own call, not from the second's packed one."""
    options = [word for number in selected for word in ("--launch", str(number))]
    done = capture(tmp_path, ARGUMENT_WAYS, *options)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0.75"
    launches = [e for e in index_of(tmp_path)["launches"] if e["captured"]]
    sessions = [json.loads((tmp_path / "out" / e["session"]).read_text()) for e in launches]
    assert [s["args"]["k"]["value"] for s in sessions] == values
    for entry in launches:
        session = tmp_path / "out" / entry["session"]
        ran = run([sys.executable, "-m", "clstudio", "run", str(session)], tmp_path)
        assert ran.returncode == 0 and ": pass" in ran.stdout, ran.stdout + ran.stderr


def test_a_budget_too_small_for_a_launch_is_said_with_the_launch(tmp_path: Path) -> None:
    done = capture(tmp_path, LEARNER, "--launch", "2", "--max-bytes", "1K")
    assert done.returncode == 0, done.stderr
    second = index_of(tmp_path)["launches"][1]
    assert (second["captured"], second["reason"]) == (False, "over_budget")


def test_a_program_that_exits_at_its_third_launch_keeps_the_first_two(tmp_path: Path) -> None:
    done = capture(tmp_path, CRASHES_AT_THREE)
    assert done.returncode == 3
    assert "giving up" in done.stderr
    index = index_of(tmp_path)
    assert (index["state"], index["exit_status"]) == ("finished", 3)
    assert [(e["number"], e["captured"]) for e in index["launches"]] == [(1, True), (2, True)]
    second = tmp_path / "out" / index["launches"][1]["session"]
    ran = run([sys.executable, "-m", "clstudio", "run", str(second)], tmp_path)
    assert ran.returncode == 0 and "x = file: x.after.npy: pass" in ran.stdout


def test_a_folder_that_holds_something_is_refused_and_left_alone(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "notes.txt").write_text("mine")
    done = capture(tmp_path, LEARNER)
    assert done.returncode == 2
    assert "is not empty" in done.stderr and "Traceback" not in done.stderr
    assert done.stdout == ""  # the program never ran
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["notes.txt"]


@pytest.mark.parametrize("kind", ["symlink", "fifo", "file"])
def test_an_output_that_is_no_plain_folder_is_refused(tmp_path: Path, kind: str) -> None:
    out = tmp_path / "out"
    if kind == "symlink":
        (tmp_path / "elsewhere").mkdir()
        out.symlink_to(tmp_path / "elsewhere")
    elif kind == "fifo":
        os.mkfifo(out)
    else:
        out.write_text("")
    done = capture(tmp_path, LEARNER)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert str(out.name) in done.stderr
    assert done.stdout == ""


def test_a_command_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "clstudio", "capture", "-o", "out", "--", "no-such-program"]
    done = run(command, tmp_path)
    assert done.returncode == 2
    assert "no-such-program" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()
