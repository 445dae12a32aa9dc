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
    """The report `peaks_to_json` wrote; PeaksFormatError for anything else, checked whole
    (a figure of 400 digits, a list where text goes)."""
    if not isinstance(data, dict) or data.get("format") != PEAKS_FORMAT:
        raise PeaksFormatError(f"not a {PEAKS_FORMAT} object")
    if data.get("version") != PEAKS_VERSION:
        raise PeaksFormatError(f"{PEAKS_FORMAT} version {data.get('version')!r} is not read here")
    device = _object(data.get("device"), "device")
    figures = []
    for test, widths in _object(data.get("results"), "results").items():
        for width, item in _object(widths, f"results.{test}").items():
            where = f"results.{test}.{width}"
            item = _object(item, where)
            figures.append(
                PeakFigure(
                    f"{test}.{width}",
                    _figure_value(item.get("value"), f"{where}.value"),
                    _text(item, "unit", where),
                    _text(item, "meaning", where),
                    _text(item, "detail", where, optional=True),
                    _text(item, "error", where, optional=True),
                )
            )
    return PeakReport(
        PeakDevice(
            _text(device, "name", "device"),
            _text(device, "platform", "device"),
            _text(device, "driver_version", "device"),
            _text(device, "type", "device", optional=True),
        ),
        _text(data, "measured_at", ""),
        tuple(figures),
        _text(data, "stopped", "", optional=True),
    )


def _object(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise PeaksFormatError(f"{where}: expected an object")
    return value


def _text(obj: dict[str, Any], key: str, where: str, optional: bool = False) -> str:
    value = obj.get(key)
    if optional and value is None:
        return ""
    if not isinstance(value, str):
        raise PeaksFormatError(f"{where}.{key}: expected a string".lstrip("."))
    return value


def _figure_value(value: object, where: str) -> float | None:
    if value is None:
        return None
    # compared before float(): float() of a 400-digit integer overflows
    if isinstance(value, bool) or not isinstance(value, int | float) or not -_MAX <= value <= _MAX:
        raise PeaksFormatError(f"{where}: expected a finite number")
    return float(value)


_MAX = 1.7976931348623157e308


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
