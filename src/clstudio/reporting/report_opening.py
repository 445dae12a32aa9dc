"""How the --json reports of a run open: those on Oclgrind (`clstudio check`, `clstudio
debug`) in one shape, so that a program reads both the same way (docs/check-mode.md,
docs/debugger.md), and the measurements (`run --count`, `run --traffic`) in another."""

from __future__ import annotations

from typing import Any

from clstudio.common import RunError


def error_json(error: RunError | None) -> dict[str, Any] | None:
    """What went wrong and where, or None when nothing did."""
    if error is None:
        return None
    return {"stage": error.stage, "message": error.message, "line": error.line}


def measurement_opening(
    format_name: str, version: int, ok: bool, error: RunError | None, kernel: str
) -> dict[str, Any]:
    """The first keys of a measurement, in order: the format and its version, whether it
    went well, what went wrong (its message), and the kernel."""
    return {
        "format": format_name,
        "version": version,
        "ok": ok,
        "error": None if error is None else error.message,
        "kernel": kernel,
    }


def simulator_opening(
    format_name: str,
    version: int,
    ok: bool,
    simulator_found: bool,
    error: RunError | None,
    kernel: str,
) -> dict[str, Any]:
    """The first keys, in order: the format and its version, whether it went well,
    whether Oclgrind was there, what went wrong, and the kernel."""
    return {
        "format": format_name,
        "version": version,
        "ok": ok,
        "simulator_found": simulator_found,
        "error": error_json(error),
        "kernel": kernel,
    }
