"""docs/performance.md from bench/results/summary.json and bench/performance_notes.md.

The numbers come from the last `make bench`; the notes under each table are
hand-written and kept in performance_notes.md, so a new run never loses them.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

from results_table import RESULTS, _number

BENCH = Path(__file__).parent
DOC = BENCH.parent / "docs" / "performance.md"
NOTES = BENCH / "performance_notes.md"
INTRO = """\
# Performance

`make bench` runs every `bench/bench_*.py` in a process of its own, writes all
their figures to one file, `bench/results/summary.json`, and regenerates this
page from it (`bench/performance_doc.py`; the notes under each table are kept
in `bench/performance_notes.md`). The machines here are shared and noisy, so
every number that matters is a ratio against a baseline measured **in the same
run**, and no timing threshold appears in a unit test.
"""


def notes() -> dict[str, str]:
    text = NOTES.read_text(encoding="utf-8") if NOTES.exists() else ""
    sections = re.split(r"^## (\S+)\s*$", text, flags=re.MULTILINE)
    return {name: body.strip() for name, body in zip(sections[1::2], sections[2::2], strict=True)}


def explanation(bench: str) -> str:
    """The docstring of bench/bench_<name>.py: what it measures and against what."""
    script = BENCH / f"bench_{bench}.py"
    if not script.exists():
        return ""
    return ast.get_docstring(ast.parse(script.read_text(encoding="utf-8"))) or ""


def table(metrics: list[dict]) -> str:
    lines = ["| measure | value | baseline (same run) | ratio | target | note |"]
    lines.append("| --- | --- | --- | --- | --- | --- |")
    for m in metrics:
        baseline = "" if m.get("baseline") is None else _number(m["baseline"], m["unit"])
        ratio = "" if m.get("ratio") is None else f"{m['ratio']:.2f}x"
        target = "" if m.get("target") is None else f"<= {m['target']:g}x"
        if m.get("ratio") is not None and m.get("target") is not None:
            ratio = f"**{ratio}**" if m["ratio"] <= m["target"] else f"{ratio} (missed)"
        note = str(m.get("note", "")).replace("|", "/")
        lines.append(
            f"| {m['name']} | {_number(m['value'], m['unit'])} | {baseline} | {ratio} "
            f"| {target} | {note} |"
        )
    return "\n".join(lines)


def targets(summary: dict[str, dict]) -> str:
    """Every figure with a target, in one table: met or missed, and under what load."""
    rows = []
    for bench, document in summary.items():
        load = document.get("load") or ["?"]
        for m in document.get("metrics", []):
            if m.get("target") is not None and m.get("ratio") is not None:
                met = "met" if m["ratio"] <= m["target"] else "**missed**"
                rows.append(
                    f"| {bench} | {m['name']} | {m['ratio']:.2f}x | <= {m['target']:g}x "
                    f"| {met} | {load[0]} |"
                )
    head = ["| bench | measure | ratio | target | | load (1 min) |", "| --- " * 6 + "|"]
    return "## Targets\n\n" + "\n".join([*head, *rows]) + "\n"


def render(summary: dict[str, dict]) -> str:
    machine = next((d.get("machine") for d in summary.values() if d.get("machine")), "unknown")
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    parts = [INTRO, f"Last run: {when}, on {machine}.\n", targets(summary)]
    kept = notes()
    for bench, document in summary.items():
        parts.append(f"## {bench} (`bench/bench_{bench}.py`)\n")
        about = explanation(bench)
        if about:
            parts.append(about + "\n")
        if document.get("device"):
            parts.append(f"Baselines and measured runs on: {document['device']}.\n")
        if document.get("load_at_start"):
            one, five, fifteen = document["load_at_start"]
            parts.append(
                f"Load average when it started: {one} (1 min), {five} (5 min), "
                f"{fifteen} (15 min).\n"
            )
        if document.get("load"):
            one, five, fifteen = document["load"]
            parts.append(
                f"Load average when it ended: {one} (1 min), {five} (5 min), {fifteen} (15 min).\n"
            )
        parts.append(table(document.get("metrics", [])) + "\n")
        failures = document.get("failures") or []
        if failures:
            parts.append("Failed figures:\n\n" + "\n".join(f"- {f}" for f in failures) + "\n")
        if bench in kept:
            parts.append(kept[bench] + "\n")
    for bench in sorted(kept.keys() - summary.keys()):
        parts.append(f"## {bench} (`bench/bench_{bench}.py`)\n")
        parts.append("Not measured in the last run: its script failed or had nothing to measure.\n")
        parts.append(kept[bench] + "\n")
    return "\n".join(parts)


def main() -> int:
    path = RESULTS / "summary.json"
    if not path.exists():
        print(f"no {path}: run `make bench` first", file=sys.stderr)
        return 1
    DOC.write_text(render(json.loads(path.read_text(encoding="utf-8"))), encoding="utf-8")
    print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
