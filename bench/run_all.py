"""Run every benchmark (bench/bench_*.py), each in a process of its own, then summarise.

Each script prints its table and writes bench/results/<name>.json with a list of
metrics (see results_table.py); this gathers them into one table and into the one
file bench/results/summary.json, then regenerates docs/performance.md from it.
`make bench` runs this. Exits non-zero if a script failed.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import performance_doc
from results_table import RESULTS, format_table

BENCH = Path(__file__).parent


def main() -> int:
    scripts = sorted(BENCH.glob("bench_*.py"))
    failed = []
    started = time.perf_counter()
    for script in scripts:
        print(f"== {script.name}", flush=True)
        if subprocess.run([sys.executable, str(script)], cwd=BENCH).returncode != 0:
            failed.append(script.name)
    summary = {}
    for path in sorted(RESULTS.glob("*.json")):
        if path.name != "summary.json":
            summary[path.stem] = json.loads(path.read_text())
    rows = []
    for name, document in summary.items():
        rows += [row | {"name": f"{name}: {row['name']}"} for row in document.get("metrics", [])]
    print(f"\nSummary of {len(scripts)} benchmarks in {time.perf_counter() - started:.0f} s")
    print(format_table(rows))
    (RESULTS / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    performance_doc.main()
    if failed:
        print("failed: " + ", ".join(failed), file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
