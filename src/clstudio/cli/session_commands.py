"""What the commands over one session file share: their arguments, loading the session
into a result that says why it did not load, and printing that result as JSON or text."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar

from clstudio.common import N_, RunError, gettext
from clstudio.session import Session, SessionError, load_session

WHOLE_RESULT = N_("print the whole result as JSON")
MACHINE_READABLE = N_("print machine-readable JSON")


class Outcome(Protocol):
    @property
    def ok(self) -> bool: ...


Result = TypeVar("Result", bound=Outcome)


def add_session_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("session", type=Path, help=gettext("the session file (.json)"))


def add_json_argument(parser: argparse.ArgumentParser, words: str = WHOLE_RESULT) -> None:
    parser.add_argument("--json", action="store_true", help=gettext(words))


def session_result(
    options: argparse.Namespace,
    measure: Callable[[Session], Result],
    failed: Callable[[RunError], Result],
) -> tuple[Result, str]:
    """The session measured, or `failed` with why it did not load; with the name its
    kernel's source goes by in messages (its .cl file, else the session file)."""
    try:
        session = load_session(options.session)
    except SessionError as exc:
        return failed(RunError("load", str(exc))), str(options.session)
    return measure(session), session.source_file or str(options.session)


def print_result(
    options: argparse.Namespace,
    result: Result,
    to_json: Callable[[Result], dict[str, Any]],
    to_text: Callable[[Result], str],
    ensure_ascii: bool = True,
) -> int:
    """Print the result as --json asks; the exit status, 0 when it went well."""
    if options.json:
        print(json.dumps(to_json(result), indent=2, ensure_ascii=ensure_ascii))
    else:
        print(to_text(result))
    return 0 if result.ok else 1
