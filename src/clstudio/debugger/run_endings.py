"""How a debug run ends, or refuses a command, as a DebugStop that says why: stopped by
the user, silent past the time limit, gone without a word, or ended as its process told."""

from __future__ import annotations

from clstudio.common import RunError, error_stage, gettext
from clstudio.debugger.debug_plan import GET_OCLGRIND_TO_DEBUG
from clstudio.debugger.debug_results import ENDED, FINISHED, DebugStop


def cancelled_stop(output: str) -> DebugStop:
    """Stop killed the process."""
    message = gettext("the debug run was stopped")
    return DebugStop(ENDED, None, None, output=output, error=RunError("cancelled", message))


def timed_out_stop(limit_s: float) -> DebugStop:
    """The debugger gave no answer within `limit_s`, and its process was killed."""
    message = gettext(
        "the debugger gave no answer within {limit} s, so the debug run was stopped: "
        "an endless loop, or a step over a loop written on one line?"
    ).format(limit=f"{limit_s:g}")
    return DebugStop(ENDED, None, None, error=RunError("timeout", message))


def silent_end_stop(output: str, code: int | None, reports: str) -> DebugStop:
    """The process ended without telling how: its exit status and the end of its stderr."""
    message = gettext(
        "the debug process ended without a word (exit status {code}): {reports}"
    ).format(code=code, reports=reports[-2000:] or "-")
    return DebugStop(ENDED, None, None, output=output, error=RunError("crash", message))


def status_error(status: dict[str, object]) -> RunError | None:
    """What went wrong, as the debug process's status says; None when nothing did."""
    if not status.get("simulator_found", True):
        return RunError("validate", gettext(GET_OCLGRIND_TO_DEBUG))
    error = status.get("error")
    if not isinstance(error, dict):
        return None
    line = error.get("line")
    return RunError(
        error_stage(error.get("stage")),
        str(error.get("message", "")),
        line=line if isinstance(line, int) else None,
    )


def unchanged_stop(previous: DebugStop | None, error: RunError) -> DebugStop:
    """The stop as it was, with what was refused."""
    previous = previous or DebugStop(FINISHED, None, None)
    return DebugStop(
        previous.reason,
        previous.work_item,
        previous.line,
        previous.source,
        previous.function,
        previous.depth,
        error=error,
    )
