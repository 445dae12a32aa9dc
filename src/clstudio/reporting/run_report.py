"""A run result told two ways: the public `--json` object and a readable summary.

The JSON form is a versioned contract documented in docs/command-line.md.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from clstudio.common import (
    PHASES,
    BuildResult,
    Diagnostic,
    LoopRounds,
    RunResult,
    format_bytes,
    format_seconds,
    gettext,
    ngettext,
    record_fields,
)
from clstudio.common.results import error_text
from clstudio.reporting.launch_figures import launch_figures, program_times_ns
from clstudio.reporting.run_stats import kernel_stats
from clstudio.reporting.timer_notes import timer_resolution_note, watchdog_note
from clstudio.session import SourceMap

RESULT_FORMAT = "clstudio-run-result"
RESULT_VERSION = 2  # 2: a program's launches (issue 26)


def result_to_json(result: RunResult) -> dict[str, Any]:
    """Everything about a run as one JSON-able object (arrays summarised, not dumped)."""
    undefined = set(result.uninitialised)
    return {
        "format": RESULT_FORMAT,
        "version": RESULT_VERSION,
        "ok": result.ok,
        "error": None if result.error is None else _error_json(result),
        "kernel": result.kernel,
        "device": result.device,
        "timer_resolution_ns": result.timer_resolution_ns or None,
        "watchdog": result.watchdog,
        "global_size": list(result.global_size),
        "local_size": None if result.local_size is None else list(result.local_size),
        "build": None if result.build is None else build_to_json(result.build),
        "steps": [
            {"api": s.api, "title": s.title, "seconds": s.seconds, "detail": s.detail}
            for s in result.steps
        ],
        "timings": {
            phase: [
                {
                    "name": t.name,
                    "repeat": t.repeat,
                    "launch": t.launch,
                    "iteration": t.iteration,
                    "queued_ns": t.queued,
                    "submit_ns": t.submit,
                    "start_ns": t.start,
                    "end_ns": t.end,
                    "duration_ns": t.duration_ns,
                }
                for t in result.timings
                if t.phase == phase
            ]
            for phase in PHASES
        },
        "launch_count": result.launch_count,
        "launches": [
            {
                "launch": f.position,
                "kernel": f.kernel,
                "count": f.stats.count,
                "total_ns": f.total_ns,
                "min_ns": round(f.stats.min_s * 1e9),
                "median_ns": round(f.stats.median_s * 1e9),
                "mean_ns": round(f.stats.mean_s * 1e9),
            }
            for f in launch_figures(result)
        ],
        "loops": loops_to_json(result.loops),
        "outputs": {
            name: array_summary(array) | ({"uninitialised": True} if name in undefined else {})
            for name, array in result.outputs.items()
        },
        "references": {
            name: {
                **record_fields(r, "ok", "expr", "max_abs_err", "max_rel_err"),
                "worst_index": None if r.worst_index is None else list(r.worst_index),
                "message": r.message,
            }
            for name, r in result.references.items()
        },
        "guards": {
            name: record_fields(g, "ok", "before", "after", "first_index", "message")
            for name, g in result.guards.items()
        },
        "printf": result.printf,
    }


def loops_to_json(loops: tuple[LoopRounds, ...]) -> list[dict[str, Any]]:
    """Each loop until done: its launches, the rounds it ran and whether its condition held."""
    return [
        {
            "first_launch": loop.first,
            "last_launch": loop.last,
            "rounds": loop.rounds,
            "most": loop.most,
            "condition": loop.condition,
            "held": loop.held,
            "message": loop.words(),
        }
        for loop in loops
    ]


def _error_json(result: RunResult) -> dict[str, Any]:
    assert result.error is not None
    return record_fields(result.error, "stage", "message", "argument", "line")


def build_to_json(build: BuildResult) -> dict[str, Any]:
    return {
        **record_fields(build, "ok", "seconds", "options", "log"),
        "diagnostics": [
            {"line": d.line, "column": d.column, "severity": d.severity, "message": d.message}
            for d in build.diagnostics
        ],
        "kernels": [
            {
                "name": k.name,
                "args": [
                    {
                        "name": a.name,
                        "type": a.type_name,
                        "written_type": a.written_type or None,
                        "address_space": a.address_space,
                        "access": a.access,
                        "const": a.is_const,
                    }
                    for a in k.args
                ],
            }
            for k in build.kernels
        ],
    }


def array_summary(array: np.ndarray) -> dict[str, Any]:
    """dtype, shape, min, max and mean; NaNs ignored, null when nothing is finite.

    A buffer of structs has dtype "struct", null figures, and a summary per field.
    """
    if array.dtype.names:
        return {
            "dtype": "struct",
            "shape": list(array.shape),
            "min": None,
            "max": None,
            "mean": None,
            "fields": {name: array_summary(array[name]) for name in array.dtype.names},
        }
    values = array.astype(np.float64, copy=False)
    finite = values[np.isfinite(values)]
    return {
        "dtype": array.dtype.name,
        "shape": list(array.shape),
        "min": float(finite.min()) if finite.size else None,
        "max": float(finite.max()) if finite.size else None,
        "mean": float(finite.mean()) if finite.size else None,
    }


def field_arrays(outputs: dict[str, np.ndarray]) -> list[tuple[str, np.ndarray]]:
    """Each output, a buffer of structs as one entry per field (`particles.pos`, a nested
    struct's fields as `box.corner.x`)."""
    shown = []
    for name, array in outputs.items():
        fields = array.dtype.names or ()
        if not fields:
            shown.append((name, array))
        for field in fields:
            shown += field_arrays({f"{name}.{field}": array[field]})
    return shown


def format_summary(result: RunResult, source_map: SourceMap | None = None) -> str:
    """What `clstudio run` prints: outcome, timings, outputs, references, guards; a build
    message of a program in source parts names its part (`defs.h:3:5`)."""
    lines = []
    if result.device:
        lines.append(
            gettext("kernel {kernel} on {device}").format(
                kernel=result.kernel, device=result.device
            )
        )
    if result.build is not None:
        if result.build.ok:
            build = gettext("build: ok in {seconds}")
        else:
            build = gettext("build: FAILED in {seconds}")
        lines.append("  " + build.format(seconds=format_seconds(result.build.seconds)))
        lines += ["    " + _diagnostic_text(d, source_map) for d in result.build.diagnostics]
    if result.error is not None:
        lines.append(f"  {error_text(result.error.stage, result.error.message)}")
    if result.is_program:
        lines += _program_lines(result)
    lines += [f"  {loop.words()}" for loop in result.loops]
    stats = kernel_stats(result.kernel_times_ns())
    if stats is not None and not result.is_program:
        times = ngettext(
            "kernel time over {count} repeat: min {min}, median {median}, mean {mean}",
            "kernel time over {count} repeats: min {min}, median {median}, mean {mean}",
            stats.count,
        ).format(
            count=stats.count,
            min=format_seconds(stats.min_s),
            median=format_seconds(stats.median_s),
            mean=format_seconds(stats.mean_s),
        )
        lines.append(f"  {times}")
    if note := timer_resolution_note(result):
        lines.append(f"  {note}")
    if result.watchdog:
        lines.append("  " + gettext("warning: {note}").format(note=watchdog_note()))
    for name, array in field_arrays(result.outputs):
        s = array_summary(array)
        if s["min"] is not None:
            output = gettext(
                "output {name}: {dtype} {shape} ({size}), min {min}, max {max}, mean {mean}"
            ).format(
                name=name,
                dtype=s["dtype"],
                shape=tuple(s["shape"]),
                size=format_bytes(array.nbytes),
                min=f"{s['min']:.6g}",
                max=f"{s['max']:.6g}",
                mean=f"{s['mean']:.6g}",
            )
        else:
            output = gettext("output {name}: {dtype} {shape}, no finite values").format(
                name=name, dtype=s["dtype"], shape=tuple(s["shape"])
            )
        lines.append(f"  {output}")
    for name in result.uninitialised:
        if name in result.outputs:
            undefined = gettext(
                "{name} started uninitialised (no host data): the values the kernel did not "
                "write are undefined"
            ).format(name=name)
            lines.append(f"  {undefined}")
    for name, ref in result.references.items():
        if ref.ok:
            verdict = gettext("reference {name} = {expr}: pass (max abs error {error})").format(
                name=name, expr=ref.expr, error=f"{ref.max_abs_err:.3g}"
            )
        else:
            verdict = gettext("reference {name} = {expr}: FAIL: {message}").format(
                name=name, expr=ref.expr, message=ref.message
            )
        lines.append(f"  {verdict}")
    lines += [
        "  " + gettext("guard {name}: {message}").format(name=g.name, message=g.message)
        for g in result.guards.values()
        if not g.ok
    ]
    if result.printf:
        lines.append("  " + gettext("printf output:"))
        lines += ["    " + line for line in result.printf.splitlines()]
    lines.append(gettext("ok") if result.ok else gettext("FAILED"))
    return "\n".join(lines)


def _program_lines(result: RunResult) -> list[str]:
    """The program's time per repeat, then each launch's figures."""
    lines = []
    stats = kernel_stats(program_times_ns(result))
    if stats is not None:
        times = ngettext(
            "program time ({launches} enqueued) over {count} repeat: min {min}, median {median}",
            "program time ({launches} enqueued) over {count} repeats: min {min}, median {median}",
            stats.count,
        ).format(
            launches=len(result.kernel_times_ns()) // stats.count,
            count=stats.count,
            min=format_seconds(stats.min_s),
            median=format_seconds(stats.median_s),
        )
        lines.append(f"  {times}")
    for figure in launch_figures(result):
        said = ngettext(
            "launch {position} of {total}, kernel {kernel}: {count} time, total {sum}, "
            "median {median}",
            "launch {position} of {total}, kernel {kernel}: {count} times, total {sum}, "
            "median {median}",
            figure.stats.count,
        ).format(
            position=figure.position,
            total=result.launch_count,
            kernel=figure.kernel,
            count=figure.stats.count,
            sum=format_seconds(figure.total_ns * 1e-9),
            median=format_seconds(figure.stats.median_s),
        )
        lines.append(f"    {said}")
    return lines


def _diagnostic_text(diagnostic: Diagnostic, source_map: SourceMap | None) -> str:
    d = diagnostic
    if source_map is not None and source_map.is_split:
        place = source_map.place(d.line, "")
        return f"{place}:{d.column}: {d.severity}: {d.message}"
    return gettext("line {line}:{column}: {severity}: {message}").format(
        line=d.line, column=d.column, severity=d.severity, message=d.message
    )
