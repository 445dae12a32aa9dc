"""A run's error in one sentence for a learner, as the results' banner, the Console and
the Runtime steps tab all say it."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from clstudio.common import ErrorStage, RunError
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

STAGE_HEADLINES: dict[ErrorStage, str] = {  # shown translated, in the context "ErrorText"
    "load": QT_TRANSLATE_NOOP("ErrorText", "The inputs could not be prepared"),
    "build": QT_TRANSLATE_NOOP("ErrorText", "The kernel did not build"),
    "validate": QT_TRANSLATE_NOOP("ErrorText", "Not run: the setup needs fixing"),
    "run": QT_TRANSLATE_NOOP("ErrorText", "The run failed"),
    "timeout": QT_TRANSLATE_NOOP("ErrorText", "Stopped: the kernel ran past its time limit"),
    "crash": QT_TRANSLATE_NOOP("ErrorText", "The worker process crashed"),
    "cancelled": QT_TRANSLATE_NOOP("ErrorText", "Stopped before the end"),
}


def error_text(error: RunError) -> str:
    """One sentence for a learner: what happened, then the engine's own words and where.

    The engine's message comes translated by the core already.
    """
    headline = QCoreApplication.translate("ErrorText", STAGE_HEADLINES[error.stage])
    if error.argument and error.line is not None:
        place = QCoreApplication.translate("ErrorText", "argument '{argument}', line {line}")
    elif error.argument:
        place = QCoreApplication.translate("ErrorText", "argument '{argument}'")
    elif error.line is not None:
        place = QCoreApplication.translate("ErrorText", "line {line}")
    else:
        return QCoreApplication.translate("ErrorText", "{headline}: {message}").format(
            headline=headline, message=error.message
        )
    return QCoreApplication.translate("ErrorText", "{headline} ({place}): {message}").format(
        headline=headline,
        place=place.format(argument=error.argument, line=error.line),
        message=error.message,
    )
