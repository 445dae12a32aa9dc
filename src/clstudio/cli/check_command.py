"""`clstudio check SESSION [--json]`: run the session once on Oclgrind and list its problems."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from clstudio.checkmode import CheckResult
from clstudio.common import N_, RunError, gettext
from clstudio.reporting import check_to_json, format_check
from clstudio.session import SessionError, load_session
from clstudio.worker.check_client import CheckClient

NAME = "check"
HELP = N_("find out-of-bounds accesses, data races, divergent barriers on the Oclgrind simulator")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("session", type=Path, help=gettext("the session file (.json)"))
    parser.add_argument(
        "--json", action="store_true", help=gettext("print the whole result as JSON")
    )


def execute(options: argparse.Namespace) -> int:
    """0 when the kernel ran on Oclgrind and nothing was found; 1 otherwise."""
    try:
        session = load_session(options.session)
    except SessionError as exc:
        result = CheckResult(ok=False, kernel="", error=RunError("load", str(exc)))
        source_name = str(options.session)
    else:
        client = CheckClient()
        try:
            result = client.check(session)
        finally:
            client.close()  # the worker ends with the command, not with the interpreter
        source_name = session.source_file or str(options.session)
    if options.json:
        print(json.dumps(check_to_json(result), indent=2))
    else:
        print(format_check(result, source_name))
    return 0 if result.ok else 1
