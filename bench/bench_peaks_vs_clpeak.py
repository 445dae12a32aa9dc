"""Our device peaks against clpeak's, test by test, on the same device in one script.

Debian's clpeak 1.1.2 is pointed at the PoCL of this venv through an .icd file in
OCL_ICD_VENDORS; POCL_KERNEL_CACHE=0, since clpeak fails on a warm PoCL cache.
Each test runs clpeak first, then `measure_peaks` through the worker, so both
see the same moment of a noisy machine. Each metric is ours with clpeak's figure
as the baseline; the target is a ratio between 0.8 and 1.25.

clpeak's launch latency is queued-to-end of a kernel that reads 512 KiB, so it
lies between our dispatch (queued to start) and round trip (enqueue to finish):
both are compared with it and neither is expected to match it.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import pyopencl

from clstudio.common import PEAK_PROBES, PeakPlan
from clstudio.measurements.peak_runner import measure_peaks
from clstudio.worker.client import WorkerClient
from results_table import Metric, report

# Our test -> clpeak's switch and the title of its section.
TESTS = {
    "global_bandwidth": ("--global-bandwidth", "Global memory bandwidth"),
    "sp_compute": ("--compute-sp", "Single-precision compute"),
    "dp_compute": ("--compute-dp", "Double-precision compute"),
    "transfer_bandwidth": ("--transfer-bandwidth", "Transfer bandwidth"),
    "launch_latency": ("--kernel-latency", "Kernel launch latency"),
}
# clpeak's names for our figures that are not vector widths.
CLPEAK_NAMES = {
    "host_to_device": "enqueueWriteBuffer",
    "device_to_host": "enqueueReadBuffer",
    "dispatch": "Kernel launch latency",
    "round_trip": "Kernel launch latency",
}
CLPEAK_TIMEOUT_S = 900


def pocl_icd_folder() -> Path:
    """A folder with one .icd file naming the absolute path of this venv's PoCL."""
    libs = Path(pyopencl.__file__).parent / ".libs"
    library = next(libs.glob("libpocl*.so*"))
    folder = Path(tempfile.mkdtemp(prefix="clstudio-bench-icd-"))
    (folder / "pocl.icd").write_text(f"{library}\n")
    return folder


def run_clpeak(switch: str, icd: Path) -> tuple[dict[str, float], str]:
    """clpeak's figures of one test by name (`float4`, `enqueueWriteBuffer`), and its output."""
    env = {**os.environ, "OCL_ICD_VENDORS": str(icd), "POCL_KERNEL_CACHE": "0"}
    done = subprocess.run(
        ["clpeak", switch],
        env=env,
        capture_output=True,
        text=True,
        timeout=CLPEAK_TIMEOUT_S,
        check=False,
    )
    output = done.stdout + done.stderr
    figures = {}
    for line in output.splitlines():
        match = re.match(r"\s*(.+?)\s*:\s*([0-9.]+)(?:\s*us)?\s*$", line)
        if match and not line.strip().startswith(("Driver", "Compute units", "Clock")):
            figures[match.group(1)] = float(match.group(2))
    if done.returncode != 0:
        output += f"\n[clpeak ended with status {done.returncode}]"
    return figures, output


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1, help="repeat each pair; medians kept")
    parser.add_argument("--only", action="append", choices=list(TESTS), help="these tests only")
    options = parser.parse_args()
    if shutil.which("clpeak") is None:
        print(
            "clpeak is not installed (apt-get install clpeak): nothing to compare", file=sys.stderr
        )
        return 0
    icd = pocl_icd_folder()
    ours: dict[str, list[float]] = {}
    theirs: dict[str, list[float]] = {}
    crashes = []
    plan = PeakPlan()
    with WorkerClient() as worker:
        for _ in range(options.rounds):
            for test, (switch, _title) in TESTS.items():
                if options.only and test not in options.only:
                    continue
                figures, output = run_clpeak(switch, icd)
                if "[clpeak ended" in output:
                    crashes.append(f"clpeak {switch}: {output.strip().splitlines()[-1]}")
                probes = [p for p in PEAK_PROBES if p.test == test]
                measured = measure_peaks(worker, None, plan, probes)
                for figure in measured.figures:
                    if figure.value is not None:
                        ours.setdefault(figure.key, []).append(figure.value)
                    else:
                        crashes.append(f"ours {figure.key}: {figure.error}")
                    name = CLPEAK_NAMES.get(figure.width, figure.width)
                    if name in figures:
                        theirs.setdefault(figure.key, []).append(figures[name])
    shutil.rmtree(icd, ignore_errors=True)
    metrics = []
    for probe in PEAK_PROBES:
        if probe.key not in ours:
            continue
        baseline = statistics.median(theirs[probe.key]) if probe.key in theirs else None
        note = "" if baseline is not None else "clpeak gave no figure"
        metrics.append(
            Metric(probe.key, statistics.median(ours[probe.key]), probe.unit, baseline, 1.25, note)
        )
    report("peaks_vs_clpeak", metrics, rounds=options.rounds, failures=crashes)
    for line in crashes:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
