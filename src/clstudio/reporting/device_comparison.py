"""The outputs of one session run on several devices, compared with the first device's.

Floating-point results differ between devices (another order of additions, fused
multiply-adds, other rounding of built-ins); how much, and where, is worth seeing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from clstudio.common import RunResult, gettext
from clstudio.reporting.run_report import field_arrays, result_to_json

DEVICE_RUNS_FORMAT = "clstudio-device-runs"
DEVICE_RUNS_VERSION = 1
_TINY = np.finfo(np.float64).tiny


@dataclass(frozen=True)
class OutputDifference:
    """One output buffer of one device against the same buffer of the first device."""

    name: str
    device: str
    against: str
    max_abs: float | None  # None when the two cannot be compared (see note)
    max_rel: float | None
    worst_index: tuple[int, ...] | None
    note: str = ""


def _difference(
    name: str, device: str, against: str, a: np.ndarray, b: np.ndarray
) -> OutputDifference:
    if a.shape != b.shape or a.dtype != b.dtype:
        note = gettext("{dtype}{shape} against {other_dtype}{other_shape}: not comparable").format(
            dtype=a.dtype, shape=list(a.shape), other_dtype=b.dtype, other_shape=list(b.shape)
        )
        return OutputDifference(name, device, against, None, None, None, note)
    if a.dtype.names or a.size == 0:
        return OutputDifference(name, device, against, 0.0, 0.0, None)
    x, y = a.astype(np.float64), b.astype(np.float64)
    both_nan = np.isnan(x) & np.isnan(y)
    same_inf = np.isinf(x) & (x == y)
    diff = np.where(both_nan | same_inf, 0.0, np.abs(x - y))
    diff = np.where(np.isnan(diff), np.inf, diff)  # a NaN on one side only is the worst
    rel = diff / np.maximum(np.abs(y), _TINY)
    worst = np.unravel_index(int(np.argmax(diff)), diff.shape)
    return OutputDifference(
        name,
        device,
        against,
        float(diff.max()),
        float(np.where(diff == 0, 0.0, rel).max()),
        tuple(int(i) for i in worst),
    )


def compare_outputs(results: Sequence[RunResult]) -> tuple[OutputDifference, ...]:
    """Each later device's outputs against the first device's, buffer by buffer.

    Runs that produced no outputs (failed before reading back) take no part.
    """
    produced = [r for r in results if r.outputs]
    if len(produced) < 2:
        return ()
    first = produced[0]
    differences = []
    for other in produced[1:]:
        for name, reference in first.outputs.items():
            if name not in other.outputs:
                continue
            theirs = other.outputs[name]
            # A buffer of structs is compared field by field, as its references are, a
            # nested struct's fields each on their own.
            if reference.dtype.names and theirs.dtype == reference.dtype:
                differences += [
                    _difference(field, other.device, first.device, mine, ours)
                    for (field, mine), (_, ours) in zip(
                        field_arrays({name: theirs}), field_arrays({name: reference}), strict=True
                    )
                ]
            else:
                differences.append(_difference(name, other.device, first.device, theirs, reference))
    return tuple(differences)


def device_runs_to_json(results: Sequence[RunResult]) -> dict[str, Any]:
    """The --json object of a run on several devices: each result, then the comparison."""
    return {
        "format": DEVICE_RUNS_FORMAT,
        "version": DEVICE_RUNS_VERSION,
        "ok": all(r.ok for r in results),
        "devices": [result_to_json(r) for r in results],
        "comparison": [
            {
                "output": d.name,
                "device": d.device,
                "against": d.against,
                "max_abs_diff": d.max_abs,
                "max_rel_diff": d.max_rel,
                "worst_index": None if d.worst_index is None else list(d.worst_index),
                "note": d.note or None,
            }
            for d in compare_outputs(results)
        ],
    }


def format_comparison(results: Sequence[RunResult]) -> str:
    """Lines for the terminal: every output's largest difference from the first device."""
    differences = compare_outputs(results)
    if not differences:
        return gettext("No outputs to compare: fewer than two devices produced any.")
    lines = [gettext("Outputs compared with {device}:").format(device=differences[0].against)]
    for d in differences:
        if d.max_abs is None:
            line = gettext("{output} on {device}: {note}").format(
                output=d.name, device=d.device, note=d.note
            )
        else:
            if d.worst_index is not None and d.max_abs:
                line = gettext(
                    "{output} on {device}: max abs diff {abs}, max rel diff {rel} at {index}"
                )
            else:
                line = gettext("{output} on {device}: max abs diff {abs}, max rel diff {rel}")
            line = line.format(
                output=d.name,
                device=d.device,
                abs=f"{d.max_abs:.3g}",
                rel=f"{d.max_rel:.3g}",
                index=list(d.worst_index or ()),
            )
        lines.append(f"  {line}")
    return "\n".join(lines)
