"""A program of many small launches, none of them selected, under `clstudio capture`
against the same program run plainly.

The target (issue 39): a program whose launches are not selected runs at most 1.2 times
as long as without capture. The program times its own launches (LAUNCHES tiny kernels,
the queue waited for at the end) and prints the time, so the ratio is what capture
adds to the program's work: the record of each launch (by the C layer where a compiler
built it, else by the hook's Python; `recorder` in the results says which), its device
time read from the profiling event, the journal's lines, and CL Studio's process beside
it reading them and rewriting capture.json. The program with the recording alone (its
environment as capture gives it, no CL Studio process) says which part is the program's
own recording. The whole command's wall time is given beside it, with CL Studio's own
start and its list written at the end included. Plain, recorded and captured runs
alternate, ROUNDS of each; each ratio is the median of the rounds' ratios. The load
average is written when it starts and when it ends: on a shared machine, other work
changes every figure.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from clstudio.capture.capture_run import CaptureRequest, program_environment
from clstudio.capture.native_layer import LayerUnavailable, layer_library
from results_table import Metric, report

LAUNCHES = 20_000
ROUNDS = 15
SRC = Path(__file__).resolve().parents[1] / "src"
NOT_SELECTED = ("never_launched",)
PROGRAM = f'''
import time
import numpy as np
import pyopencl as cl

platform = next(p for p in cl.get_platforms() if "Portable" in p.name)
ctx = cl.Context(platform.get_devices()[:1])
queue = cl.CommandQueue(ctx)
program = cl.Program(ctx, """
__kernel void bump(__global float *x, const float k) {{ x[get_global_id(0)] += k; }}
""").build()
x = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 64 * 4)
bump = program.bump
bump(queue, (64,), None, x, np.float32(0))
queue.finish()
started, cpu = time.perf_counter(), time.process_time()
for i in range({LAUNCHES}):
    bump(queue, (64,), None, x, np.float32(1))
queue.finish()
print(time.perf_counter() - started, time.process_time() - cpu)
'''


def run(
    command: list[str], folder: Path, recorded: Path | None = None, layer: Path | None = None
) -> tuple[float, float, float]:
    """The program's own time for its launches, its CPU time for them (every thread of
    its process, PoCL's included), and the command's wall time; `recorded`: the program
    runs in the environment capture gives it (the layer, when built, and the hook),
    writing its journal there, with no CL Studio process beside it."""
    env = dict(os.environ, PYTHONPATH=str(SRC))
    if recorded is not None:
        recorded.mkdir()
        request = CaptureRequest(tuple(command), recorded, folder, kernels=NOT_SELECTED)
        env = program_environment(request, recorded, layer)
    started = time.perf_counter()
    done = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    seconds, cpu = (float(word) for word in done.stdout.strip().splitlines()[-1].split())
    return seconds, cpu, wall


def main() -> None:
    load_at_start = [round(x, 2) for x in os.getloadavg()]
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        (folder / "many.py").write_text(PROGRAM, encoding="utf-8")
        plain = [sys.executable, "many.py"]
        try:
            layer: Path | None = layer_library()
        except LayerUnavailable:
            layer = None
        kinds = ("plain", "recorded", "captured")
        own: dict[str, list[float]] = {kind: [] for kind in kinds}
        cpu: dict[str, list[float]] = {kind: [] for kind in kinds}
        wall: dict[str, list[float]] = {kind: [] for kind in kinds}
        run(plain, folder)  # warm: PoCL compiles the kernel once, into its cache
        for round_ in range(ROUNDS):
            capture = [sys.executable, "-m", "clstudio", "capture", "-o", f"out{round_}"]
            captured = [*capture, "--kernel", NOT_SELECTED[0], "--", *plain]
            runs = (
                ("plain", plain, None),
                ("recorded", plain, folder / f"journal{round_}"),
                ("captured", captured, None),
            )
            for name, command, recorded in runs:
                seconds, used, whole = run(command, folder, recorded, layer)
                own[name].append(seconds)
                cpu[name].append(used)
                wall[name].append(whole)
        listed = json.loads((folder / "out0" / "capture.json").read_text())
        assert len(listed["launches"]) == LAUNCHES + 1
        assert not any(entry["captured"] for entry in listed["launches"])
        timed = sum(entry["time_ns"] is not None for entry in listed["launches"])
    captured = against_plain(
        f"{LAUNCHES} small launches, none selected, under capture",
        own,
        "captured",
        "the program's own time vs without capture; the rounds' ratios",
        target=1.2,
    )
    report(
        "capture",
        [
            captured,
            against_plain(
                "the same, the program's in-process recording alone",
                own,
                "recorded",
                "no CL Studio process beside the program; ratios",
            ),
            against_plain(
                "the same, the program's CPU time",
                cpu,
                "captured",
                "less disturbed by other work on the machine; ratios",
            ),
            against_plain(
                "the same, the whole command",
                wall,
                "captured",
                "CL Studio's start and the list it writes included; ratios",
            ),
        ],
        launches=LAUNCHES,
        rounds=ROUNDS,
        timed_launches=timed,
        ratios=sorted(c / p for c, p in zip(own["captured"], own["plain"], strict=True)),
        recorded_ratios=sorted(c / p for c, p in zip(own["recorded"], own["plain"], strict=True)),
        recorder="python hook" if layer is None else "C layer, helped by the hook",
        load_at_start=load_at_start,
    )


def against_plain(
    name: str, times: dict[str, list[float]], kind: str, about: str, target: float | None = None
) -> Metric:
    """The median of the rounds' ratios, each against the plain run beside it (the
    machine's load changes between rounds more than capture does), as a value over the
    plain runs' median; the ratios listed in the note."""
    ratios = sorted(c / p for c, p in zip(times[kind], times["plain"], strict=True))
    plain = statistics.median(times["plain"])
    spread = ", ".join(f"{r:.2f}" for r in ratios)
    return Metric(name, statistics.median(ratios) * plain, "s", plain, target, f"{about}: {spread}")


if __name__ == "__main__":
    main()
