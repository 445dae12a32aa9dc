"""A program of many small launches, none of them selected, under `clstudio capture`
against the same program run plainly.

The target (issue 39): a program whose launches are not selected runs at most 1.2 times
as long as without capture. The program times its own launches (LAUNCHES tiny kernels,
the queue waited for at the end) and prints the time, so the ratio is what capture
adds to the program's work: the hook's line per launch and its device time read from
the profiling event. The whole command's wall time is given beside it, with CL Studio's
own start and its list written at the end included. Plain and captured runs alternate,
ROUNDS of each; the ratio is the median of the rounds' ratios.
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

from results_table import Metric, report

LAUNCHES = 20_000
ROUNDS = 7
SRC = Path(__file__).resolve().parents[1] / "src"
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


def run(command: list[str], folder: Path) -> tuple[float, float, float]:
    """The program's own time for its launches, its CPU time for them (every thread of
    its process, PoCL's included), and the command's wall time."""
    env = dict(os.environ, PYTHONPATH=str(SRC))
    started = time.perf_counter()
    done = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    seconds, cpu = (float(word) for word in done.stdout.strip().splitlines()[-1].split())
    return seconds, cpu, wall


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        (folder / "many.py").write_text(PROGRAM, encoding="utf-8")
        plain = [sys.executable, "many.py"]
        own: dict[str, list[float]] = {"plain": [], "captured": []}
        cpu: dict[str, list[float]] = {"plain": [], "captured": []}
        wall: dict[str, list[float]] = {"plain": [], "captured": []}
        run(plain, folder)  # warm: PoCL compiles the kernel once, into its cache
        for round_ in range(ROUNDS):
            capture = [sys.executable, "-m", "clstudio", "capture", "-o", f"out{round_}"]
            captured = [*capture, "--kernel", "never_launched", "--", *plain]
            for name, command in (("plain", plain), ("captured", captured)):
                seconds, used, whole = run(command, folder)
                own[name].append(seconds)
                cpu[name].append(used)
                wall[name].append(whole)
        listed = json.loads((folder / "out0" / "capture.json").read_text())
        assert len(listed["launches"]) == LAUNCHES + 1
        assert not any(entry["captured"] for entry in listed["launches"])
        timed = sum(entry["time_ns"] is not None for entry in listed["launches"])
    ratios = sorted(c / p for c, p in zip(own["captured"], own["plain"], strict=True))
    cpus = sorted(c / p for c, p in zip(cpu["captured"], cpu["plain"], strict=True))
    walls = sorted(c / p for c, p in zip(wall["captured"], wall["plain"], strict=True))
    spread = ", ".join(f"{r:.2f}" for r in ratios)
    report(
        "capture",
        [
            Metric(
                f"{LAUNCHES} small launches, none selected, under capture",
                statistics.median(own["captured"]),
                "s",
                statistics.median(own["plain"]),
                1.2,
                f"the program's own time vs without capture; the rounds' ratios: {spread}",
            ),
            Metric(
                "the same, the program's CPU time",
                statistics.median(cpu["captured"]),
                "s",
                statistics.median(cpu["plain"]),
                note="less disturbed by other work on the machine; ratios: "
                + ", ".join(f"{r:.2f}" for r in cpus),
            ),
            Metric(
                "the same, the whole command",
                statistics.median(wall["captured"]),
                "s",
                statistics.median(wall["plain"]),
                note="CL Studio's start and the list it writes included; ratios: "
                + ", ".join(f"{r:.2f}" for r in walls),
            ),
        ],
        launches=LAUNCHES,
        rounds=ROUNDS,
        timed_launches=timed,
        ratios=ratios,
    )


if __name__ == "__main__":
    main()
