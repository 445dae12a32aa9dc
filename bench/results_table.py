"""Benchmark results: a small table on screen and one JSON file per script in bench/results/.

Every bench script reports a list of metrics; a metric measured against a baseline
from the same run carries that baseline and their ratio. `run_all.py` gathers the
JSON files into one summary table.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

RESULTS = Path(__file__).parent / "results"


@dataclass(frozen=True)
class Metric:
    name: str
    value: float
    unit: str
    baseline: float | None = None  # the same work done the reference way, in the same run
    target: float | None = None  # the largest acceptable ratio, when the issue sets one
    note: str = ""

    @property
    def ratio(self) -> float | None:
        return None if not self.baseline else self.value / self.baseline


def timed(work: Callable[[], object], repeats: int = 3) -> float:
    """The median wall time of `work`, in seconds."""
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def format_table(rows: list[dict]) -> str:
    """Aligned columns: metric, value, baseline, ratio (and target), note."""
    lines = [("metric", "value", "baseline", "ratio", "note")]
    for row in rows:
        ratio = "" if row.get("ratio") is None else f"{row['ratio']:.2f}x"
        if row.get("target") is not None:
            ratio += f" (<= {row['target']:g}x)"
        baseline = "" if row.get("baseline") is None else _number(row["baseline"], row["unit"])
        lines.append(
            (row["name"], _number(row["value"], row["unit"]), baseline, ratio, row.get("note", ""))
        )
    widths = [max(len(line[i]) for line in lines) for i in range(4)]
    out = []
    for line in lines:
        cells = [cell.ljust(width) for cell, width in zip(line, widths, strict=False)]
        out.append("  ".join([*cells, line[4]]).rstrip())
    return "\n".join(out)


def _number(value: float, unit: str) -> str:
    if unit == "s":
        return f"{value * 1e3:.1f} ms" if value < 10 else f"{value:.1f} s"
    return f"{value:.4g} {unit}"


def report(bench: str, metrics: list[Metric], **extra: object) -> Path:
    """Print the table and write bench/results/<bench>.json; returns the file's path."""
    rows = [asdict(metric) | {"ratio": metric.ratio} for metric in metrics]
    print(f"\n{bench}\n" + format_table(rows))
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{bench}.json"
    document = {
        "bench": bench,
        "machine": platform.platform(),
        "python": platform.python_version(),
        "metrics": rows,
        # Two cores shared with other sessions: what else ran is part of every figure.
        "load": [round(x, 2) for x in os.getloadavg()],
        **extra,
    }
    path.write_text(json.dumps(document, indent=2) + "\n")
    return path
