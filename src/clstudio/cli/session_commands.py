"""What the commands share: the session argument, --kernel and --json, a session loaded into a
result that says why it did not load, and a result printed as --json asks."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from clstudio.common import N_, RunError, gettext
from clstudio.session import Session, SessionError, SourceMap, load_session

WHOLE_RESULT = N_("print the whole result as JSON")
MACHINE_READABLE = N_("print machine-readable JSON")
Result = TypeVar("Result")


def add_session_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("session", type=Path, help=gettext("the session file (.json)"))


def add_kernel_argument(parser: argparse.ArgumentParser, words: str) -> None:
    """--kernel NAME, for a command that takes one kernel of a program (chosen_kernel)."""
    parser.add_argument("--kernel", metavar="NAME", help=gettext(words))


def add_json_argument(parser: argparse.ArgumentParser, words: str = WHOLE_RESULT) -> None:
    parser.add_argument("--json", action="store_true", help=gettext(words))


def session_result(
    options: argparse.Namespace,
    measure: Callable[[Session], Result],
    failed: Callable[[RunError], Result],
) -> tuple[Result, str, SourceMap]:
    """The session measured, or `failed` with why it did not load; with the name its
    kernel's source goes by in messages (its .cl file, else the session file) and the
    map of its lines to its source parts."""
    try:
        session = load_session(options.session)
    except SessionError as exc:
        return failed(RunError("load", str(exc))), str(options.session), SourceMap(())
    return measure(session), source_name(session, options), session.source_map


def source_name(session: Session, options: argparse.Namespace) -> str:
    """What messages call the program's text: its .cl file, else the session file."""
    return session.source_file or str(options.session)


def print_report(
    options: argparse.Namespace,
    result: Result,
    to_json: Callable[[Result], dict[str, Any]],
    to_text: Callable[[Result], str],
    ensure_ascii: bool = True,
) -> None:
    """The result as --json asks: the JSON object, or the text for people."""
    if options.json:
        print(json.dumps(to_json(result), indent=2, ensure_ascii=ensure_ascii))
    else:
        print(to_text(result))
