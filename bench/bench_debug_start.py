"""How long a debug run takes to its first stop, against Oclgrind's own debugger reaching
the same line, and against a check of the same session.

All start cold, as the user meets them: a fresh debug process (Python, pyopencl,
Oclgrind, the build with -cl-opt-disable, the inputs) until the followed work-item
stops at its breakpoint. The baseline is the session exported as a plain pyopencl
program (`clstudio export --lang python`, with the debug plan's build options), run
on Oclgrind with OCLGRIND_INTERACTIVE=1 and the commands a user would type (`break
LINE`, `workitem X Y Z`, `continue`) until that work-item hits the line: the target is
at most 1.5 times that, for the first stop as the Debug dock gives it: its debug
process started ahead, while the dock is in view (ui/debugger/debug_controller.py), and
timed from Debug once that process has booted (its imports done, its CPU time still).
The first stop from a process started at Debug, and a fresh check worker until the
check's result, are timed too.
"""

from __future__ import annotations

import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from clstudio.debugger import BREAKPOINT, DebugDriver, plan_debug
from clstudio.debugger.pipe import DebuggerProcess
from clstudio.devices import worker_environment
from clstudio.session import load_session, save_session
from clstudio.worker.check_client import CheckClient
from results_table import Metric, report

TRIALS = 3
ALLOWED_EXTRA_S = 3.0
TARGET = 1.5  # times Oclgrind's own debugger reaching the line
_HIT = re.compile(r"^Breakpoint \d+ hit at line (\d+) by work-item \((\d+),(\d+),(\d+)\)$")
ROOT = Path(__file__).resolve().parents[1]
CASES = (
    ("vector_add, 1 M work-items, work-item 5 at line 17", "kernels/vector_add.json", 17, 5),
    ("reduction, 1 M work-items, work-item 3 at line 26", "kernels/reduction.json", 26, 3),
)


def booted(process: DebuggerProcess) -> None:
    """Wait until the process started ahead has done its imports: its CPU time stands still."""
    stat = Path(f"/proc/{process.pid}/stat")
    last = -1
    while True:
        fields = stat.read_text().rpartition(")")[2].split()
        used = int(fields[11]) + int(fields[12])  # utime and stime, in clock ticks
        if used == last:
            return
        last = used
        time.sleep(0.2)


def first_stop_s(path: Path, line: int, item: int, ahead: bool) -> float:
    """From Debug to the first stop; `ahead`: with a debug process started and booted before."""
    ready = DebuggerProcess() if ahead else None
    if ready is not None:
        booted(ready)
    started = time.perf_counter()
    driver = DebugDriver(plan_debug(load_session(path), (line,), (item,)), ready)
    try:
        stop = driver.start()
        seconds = time.perf_counter() - started
        assert stop.reason == BREAKPOINT and stop.line == line, stop
    finally:
        driver.stop()
        driver.close()
    return seconds


def exported_program(path: Path, line: int, item: int, folder: Path) -> Path:
    """The debug plan's session (its build options, on Oclgrind) as a plain pyopencl program."""
    plan = plan_debug(load_session(path), (line,), (item,))
    session_path = folder / "session.json"
    save_session(plan.session, session_path)
    program = folder / "program"
    command = [sys.executable, "-m", "clstudio", "export", str(session_path)]
    subprocess.run([*command, "--lang", "python", "-o", str(program)], check=True)
    return program


def oclgrind_stop_s(program: Path, line: int, item: int, icd: Path) -> float:
    """The exported program under Oclgrind's own debugger, until `item` hits `line`."""
    environment = os.environ | worker_environment(icd, os.environ)
    environment |= {"OCLGRIND_INTERACTIVE": "1", "PYOPENCL_NO_CACHE": "1"}
    go = f"workitem {item} 0 0\ncontinue\n"
    started = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "main.py", "--device", "Oclgrind"],
        cwd=program,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=environment,
        text=True,
        start_new_session=True,
    )
    assert child.stdin is not None and child.stdout is not None
    try:
        child.stdin.write(f"break {line}\n{go}")
        child.stdin.flush()
        for row in child.stdout:
            hit = _HIT.match(row.strip())
            if hit is None:
                continue
            if int(hit[1]) == line and int(hit[2]) == item:
                return time.perf_counter() - started
            child.stdin.write(go)  # another work-item's hit: on to the followed one
            child.stdin.flush()
        raise AssertionError(f"Oclgrind ended before work-item {item} reached line {line}")
    finally:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()


def check_s(path: Path) -> float:
    started = time.perf_counter()
    client = CheckClient()
    try:
        result = client.check(load_session(path))
        assert result.error is None, result.error
    finally:
        client.close()
    return time.perf_counter() - started


def main() -> None:
    metrics = []
    with tempfile.TemporaryDirectory(prefix="clstudio-bench-debug-") as scratch:
        for number, (name, relative, line, item) in enumerate(CASES):
            path = ROOT / relative
            folder = Path(scratch) / str(number)
            folder.mkdir()
            program = exported_program(path, line, item, folder)
            ahead, debug, oclgrind, check = [], [], [], []
            for _ in range(TRIALS):  # interleaved, so that a busy moment hits them all
                ahead.append(first_stop_s(path, line, item, ahead=True))
                debug.append(first_stop_s(path, line, item, ahead=False))
                oclgrind.append(oclgrind_stop_s(program, line, item, folder / "icd"))
                check.append(check_s(path))
            debug_s = statistics.median(debug)
            oclgrind_s = statistics.median(oclgrind)
            ratios = sorted(d / o for d, o in zip(ahead, oclgrind, strict=True))
            spread = ", ".join(f"{r:.2f}" for r in ratios)
            check_median_s = statistics.median(check)
            extra = debug_s - check_median_s
            verdict = "met" if extra <= ALLOWED_EXTRA_S else "NOT met"
            metrics += [
                Metric(
                    f"first stop: {name}",
                    statistics.median(ahead),
                    "s",
                    oclgrind_s,
                    TARGET,
                    f"debug process started ahead (the Debug dock in view); vs Oclgrind's "
                    f"own debugger reaching the line in the exported program; medians of "
                    f"{TRIALS}; the trials' ratios: {spread}",
                ),
                Metric(
                    f"first stop, debug process started at Debug: {name}",
                    debug_s,
                    "s",
                    oclgrind_s,
                    note="the dock's first Debug when it was not in view before",
                ),
                Metric(
                    f"first stop against a cold check: {name}",
                    debug_s,
                    "s",
                    check_median_s,
                    note=f"{extra:+.2f} s (at most +{ALLOWED_EXTRA_S:g} s: {verdict})",
                ),
            ]
    report("debug_start", metrics, trials=TRIALS)


if __name__ == "__main__":
    main()
