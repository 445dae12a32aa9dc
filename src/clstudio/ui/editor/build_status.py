"""The one line that sums up a build: "Built in 412 ms: 3 kernels" or "2 errors, 1 warning"."""

from __future__ import annotations

from clstudio.common import BuildResult


def counted(count: int, noun: str) -> str:
    """`1 error`, `2 errors`, `no kernels`."""
    if count == 0:
        return f"no {noun}s"
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def duration_text(seconds: float) -> str:
    """Milliseconds below ten seconds (with a decimal below ten), seconds above."""
    ms = seconds * 1000
    if ms < 10:
        return f"{ms:.1f} ms"
    if seconds < 10:
        return f"{ms:.0f} ms"
    return f"{seconds:.1f} s"


def build_status_text(result: BuildResult) -> str:
    """What the status line says after a build."""
    errors = sum(d.severity == "error" for d in result.diagnostics)
    warnings = sum(d.severity == "warning" for d in result.diagnostics)
    if result.ok:
        text = f"Built in {duration_text(result.seconds)}: {counted(len(result.kernels), 'kernel')}"
        return f"{text}, {counted(warnings, 'warning')}" if warnings else text
    if not errors:
        return "Build failed"
    parts = [counted(errors, "error")]
    if warnings:
        parts.append(counted(warnings, "warning"))
    return ", ".join(parts)


def up_to_date_text(seconds_ago: float) -> str:
    """What Build says when the text has not changed since its last build."""
    if seconds_ago < 60:
        ago = f"{seconds_ago:.0f} s"
    elif seconds_ago < 3600:
        ago = counted(int(seconds_ago // 60), "minute")
    else:
        ago = counted(int(seconds_ago // 3600), "hour")
    return f"Up to date (built {ago} ago)"
