"""The one shape of a problem found before a run, so that every check reports alike."""

from __future__ import annotations

from clstudio.common import RunError


def refusal(message: str, argument: str | None = None) -> RunError:
    """A reason not to run, naming the argument at fault when there is one."""
    return RunError("validate", message, argument=argument)
