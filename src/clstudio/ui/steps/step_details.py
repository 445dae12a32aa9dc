"""The pane beside the Runtime steps list: the chosen step in full.

What a step produced is often longer than its column; the pane says it whole, with
its time, the step's calls in both APIs, why it is needed and what went wrong.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication

from clstudio.common import StepOutcome, gettext
from clstudio.hostcode import HostStep
from clstudio.ui.error_text import error_text

ERROR_COLOUR = "#d9453b"
STOPPED_COLOUR = "#d08a1e"


def stopped(outcome: StepOutcome) -> bool:
    return outcome.error is not None and outcome.error.stage in ("cancelled", "timeout")


def escape(text: str) -> str:
    return html.escape(text, quote=False).replace("\n", "<br>")


def details_html(
    step: HostStep, produced: str, time: str, outcome: StepOutcome | None, next_step: bool
) -> str:
    """`produced` and `time` as the step's row holds them ("" before it ran); `next_step`
    when Step would do this one next."""

    parts = [f"<b>{step.number}. {escape(gettext(step.title))}</b>"]
    if outcome is not None and outcome.error is not None:
        colour = STOPPED_COLOUR if stopped(outcome) else ERROR_COLOUR
        parts.append(f'<span style="color:{colour}">{escape(error_text(outcome.error))}</span>')
        if outcome.build is not None and outcome.build.errors:
            parts.append(
                QCoreApplication.translate(
                    "StepDetails", "Click a line under the step to go to it in the editor."
                )
            )
    elif produced:
        what = QCoreApplication.translate("StepDetails", "Produced: {produced}").format(
            produced=escape(produced)
        )
        parts.append(f"{what} ({escape(time)})" if time else what)
    elif next_step:
        parts.append(QCoreApplication.translate("StepDetails", "Next: Step does this one."))
    parts += [
        QCoreApplication.translate("StepDetails", "C: {call}").format(
            call=f"<code>{escape(step.c_api)}</code>"
        ),
        QCoreApplication.translate("StepDetails", "pyopencl: {call}").format(
            call=f"<code>{escape(step.pyopencl)}</code>"
        ),
        escape(gettext(step.why)),
    ]
    return "<br>".join(parts)
