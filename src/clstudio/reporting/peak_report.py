"""Measured peaks told two ways: the public `--json` object and a table for the terminal.

The JSON form is a versioned contract documented in docs/peaks.md: figures grouped
by test and width, so `results["global_bandwidth"]["float4"]` is one figure.
"""

from __future__ import annotations

import textwrap
from typing import Any

from clstudio.common import (
    N_,
    PEAK_TESTS,
    PEAKS_FORMAT,
    PEAKS_VERSION,
    PeakDevice,
    PeakFigure,
    PeakReport,
    gettext,
    peak_meaning,
)

# Marked only: whoever shows a title translates it (gettext(TEST_TITLES[test])).
TEST_TITLES = {
    "global_bandwidth": N_("Global memory bandwidth"),
    "sp_compute": N_("Single-precision compute"),
    "dp_compute": N_("Double-precision compute"),
    "transfer_bandwidth": N_("Transfers between host and device"),
    "launch_latency": N_("Kernel launch latency"),
}


class PeaksFormatError(ValueError):
    """A stored or given peaks object that is not in the format this version reads."""


def peaks_to_json(report: PeakReport) -> dict[str, Any]:
    results: dict[str, dict[str, Any]] = {}
    for figure in report.figures:
        results.setdefault(figure.test, {})[figure.width] = {
            "ok": figure.ok,
            "value": figure.value,
            "unit": figure.unit,
            "meaning": figure.meaning,
            "detail": figure.detail,
            "error": figure.error or None,
        }
    return {
        "format": PEAKS_FORMAT,
        "version": PEAKS_VERSION,
        "device": {
            "name": report.device.name,
            "platform": report.device.platform,
            "type": report.device.type,
            "driver_version": report.device.driver_version,
        },
        "measured_at": report.measured_at,
        "stopped": report.stopped or None,
        "results": results,
    }


def peaks_from_json(data: object) -> PeakReport:
    """The report `peaks_to_json` wrote; PeaksFormatError for anything else."""
    if not isinstance(data, dict) or data.get("format") != PEAKS_FORMAT:
        raise PeaksFormatError(f"not a {PEAKS_FORMAT} object")
    if data.get("version") != PEAKS_VERSION:
        raise PeaksFormatError(f"{PEAKS_FORMAT} version {data.get('version')!r} is not read here")
    try:
        device = data["device"]
        figures = []
        for test, widths in data["results"].items():
            for width, item in widths.items():
                value = item["value"]
                figures.append(
                    PeakFigure(
                        f"{test}.{width}",
                        None if value is None else float(value),
                        str(item["unit"]),
                        str(item["meaning"]),
                        str(item.get("detail") or ""),
                        str(item.get("error") or ""),
                    )
                )
        return PeakReport(
            PeakDevice(
                str(device["name"]),
                str(device["platform"]),
                str(device["driver_version"]),
                str(device.get("type") or ""),
            ),
            str(data["measured_at"]),
            tuple(figures),
            str(data.get("stopped") or ""),
        )
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise PeaksFormatError(f"a damaged {PEAKS_FORMAT} object: {exc!r}") from None


def format_value(figure: PeakFigure) -> str:
    """`14.9 GB/s`, `21.3 µs`, or `failed`."""
    if figure.value is None:
        return gettext("failed")
    return f"{figure.value:.3g} {figure.unit}"


def format_peaks(report: PeakReport, explain: bool = True) -> str:
    """A table per test, each figure with its meaning; failed figures say why."""
    device = report.device
    lines = [
        gettext("Peaks of {device} ({platform}, driver {driver}), measured {when}").format(
            device=device.name,
            platform=device.platform,
            driver=device.driver_version or "?",
            when=report.measured_at,
        )
    ]
    for test in PEAK_TESTS:
        figures = [f for f in report.figures if f.test == test]
        if not figures:
            continue
        lines += ["", gettext(TEST_TITLES[test])]
        for figure in figures:
            lines.append(f"  {figure.width:<16}{format_value(figure):>14}")
            if figure.error:
                lines += _wrapped(figure.error)
            elif explain:
                lines += _wrapped(peak_meaning(figure.key, figure.meaning))
    if report.stopped:
        lines += ["", gettext("Stopped early: {reason}").format(reason=report.stopped)]
    return "\n".join(lines)


def _wrapped(text: str) -> list[str]:
    return textwrap.wrap(text, width=88, initial_indent="      ", subsequent_indent="      ")
