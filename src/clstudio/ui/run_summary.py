"""The status bar's and the run bar's words for a finished run.

Its texts keep the "Workbench" translation context they had when the Workbench made them.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from clstudio.common import format_seconds
from clstudio.reporting import FinishedRun


def run_summary(run: FinishedRun) -> str:
    """The status bar's words for a finished run."""
    error = run.result.error
    if error is not None:
        ended = {
            "timeout": QCoreApplication.translate("Workbench", "timed out"),
            "crash": QCoreApplication.translate("Workbench", "crashed"),
            "cancelled": QCoreApplication.translate("Workbench", "stopped"),
        }
        return ended.get(error.stage) or QCoreApplication.translate(
            "Workbench", "{stage} error"
        ).format(stage=error.stage)
    stats = run.stats()
    median = (
        format_seconds(stats.median_s)
        if stats is not None
        else QCoreApplication.translate("Workbench", "no launches")
    )
    verdict = (
        QCoreApplication.translate("Workbench", "ok")
        if run.result.ok
        else QCoreApplication.translate("Workbench", "check failed")
    )
    count = stats.count if stats else 0
    repeats = (
        QCoreApplication.translate("Workbench", "1 repeat")
        if count == 1
        else QCoreApplication.translate("Workbench", "{count} repeats").format(count=count)
    )
    said = QCoreApplication.translate(
        "Workbench", "{median} median over {repeats}, {verdict}"
    ).format(median=median, repeats=repeats, verdict=verdict)
    # A loop until done says its rounds, or why the run failed when its most ran out.
    return "; ".join([said, *(loop.words() for loop in run.result.loops)])
