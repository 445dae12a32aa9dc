"""The status line's summary of a build."""

from __future__ import annotations

import pytest

from clstudio.common.results import BuildResult, Diagnostic, KernelSignature
from clstudio.ui.editor.build_status import build_status_text, duration_text, up_to_date_text


def result(ok: bool, seconds: float = 0.412, kernels: int = 0, **severities: int) -> BuildResult:
    diagnostics = tuple(
        Diagnostic(n + 1, 1, severity, f"{severity} {n}")
        for severity, count in severities.items()
        for n in range(count)
    )
    signatures = tuple(KernelSignature(f"k{n}", ()) for n in range(kernels))
    return BuildResult(ok, "", diagnostics, signatures, seconds)


@pytest.mark.parametrize(
    ("built", "text"),
    [
        (result(True, 0.412, kernels=3), "Built in 412 ms: 3 kernels"),
        (result(True, 0.0504, kernels=1), "Built in 50 ms: 1 kernel"),
        (result(True, 0.412, kernels=0), "Built in 412 ms: no kernels"),
        (result(True, 0.412, kernels=2, warning=1), "Built in 412 ms: 2 kernels, 1 warning"),
        (result(False, error=2, warning=1), "2 errors, 1 warning"),
        (result(False, error=1), "1 error"),
        (result(False, error=3, warning=2, note=4), "3 errors, 2 warnings"),
        (result(False), "Build failed"),
    ],
)
def test_build_status_text(built: BuildResult, text: str) -> None:
    assert build_status_text(built) == text


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(0.0004, "0.4 ms"), (0.0123, "12 ms"), (1.5, "1500 ms"), (12.34, "12.3 s")],
)
def test_durations_read_naturally(seconds: float, text: str) -> None:
    assert duration_text(seconds) == text


def test_up_to_date_counts_seconds_minutes_and_hours() -> None:
    assert up_to_date_text(3.2) == "Up to date (built 3 s ago)"
    assert up_to_date_text(61) == "Up to date (built 1 minute ago)"
    assert up_to_date_text(7300) == "Up to date (built 2 hours ago)"
