"""The one line that sums up a build: "Built in 412 ms: 3 kernels" or "2 errors, 1 warning"."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from clstudio.common import BuildResult
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

# Each counted noun as one and many: whole texts, so every language words its own.
KERNELS = (
    QT_TRANSLATE_NOOP("BuildStatus", "1 kernel"),
    QT_TRANSLATE_NOOP("BuildStatus", "{count} kernels"),
)
ERRORS = (
    QT_TRANSLATE_NOOP("BuildStatus", "1 error"),
    QT_TRANSLATE_NOOP("BuildStatus", "{count} errors"),
)
WARNINGS = (
    QT_TRANSLATE_NOOP("BuildStatus", "1 warning"),
    QT_TRANSLATE_NOOP("BuildStatus", "{count} warnings"),
)
MINUTES = (
    QT_TRANSLATE_NOOP("BuildStatus", "1 minute"),
    QT_TRANSLATE_NOOP("BuildStatus", "{count} minutes"),
)
HOURS = (
    QT_TRANSLATE_NOOP("BuildStatus", "1 hour"),
    QT_TRANSLATE_NOOP("BuildStatus", "{count} hours"),
)


def counted(count: int, forms: tuple[str, str]) -> str:
    """`1 error`, `2 errors`: `forms` are the texts for one and for many."""
    text = forms[0] if count == 1 else forms[1]
    return QCoreApplication.translate("BuildStatus", text).format(count=count)


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
        duration = duration_text(result.seconds)
        kernels = (
            counted(len(result.kernels), KERNELS)
            if result.kernels
            else QCoreApplication.translate("BuildStatus", "no kernels")
        )
        if warnings:
            return QCoreApplication.translate(
                "BuildStatus", "Built in {duration}: {kernels}, {warnings}"
            ).format(duration=duration, kernels=kernels, warnings=counted(warnings, WARNINGS))
        return QCoreApplication.translate("BuildStatus", "Built in {duration}: {kernels}").format(
            duration=duration, kernels=kernels
        )
    if not errors:
        return QCoreApplication.translate("BuildStatus", "Build failed")
    if warnings:
        return QCoreApplication.translate("BuildStatus", "{errors}, {warnings}").format(
            errors=counted(errors, ERRORS), warnings=counted(warnings, WARNINGS)
        )
    return counted(errors, ERRORS)


def up_to_date_text(seconds_ago: float) -> str:
    """What Build says when the text has not changed since its last build."""
    if seconds_ago < 60:
        ago = QCoreApplication.translate("BuildStatus", "{count} s").format(
            count=f"{seconds_ago:.0f}"
        )
    elif seconds_ago < 3600:
        ago = counted(int(seconds_ago // 60), MINUTES)
    else:
        ago = counted(int(seconds_ago // 3600), HOURS)
    return QCoreApplication.translate("BuildStatus", "Up to date (built {ago} ago)").format(ago=ago)
