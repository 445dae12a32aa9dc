"""`clstudio traffic SESSION [--json]`: which elements each access touched, and how coalesced."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from clstudio.common import N_, RunError, gettext
from clstudio.reporting import format_traffic, traffic_to_json
from clstudio.session import SessionError, load_session
from clstudio.traffic import TrafficResult
from clstudio.worker.traffic_client import TrafficClient

NAME = "traffic"
HELP = N_(
    "measure each buffer's reads and writes per element and each access's 64-byte lines "
    "per 16 work-items"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("session", type=Path, help=gettext("the session file (.json)"))
    parser.add_argument(
        "--json", action="store_true", help=gettext("print the whole result as JSON")
    )


def execute(options: argparse.Namespace) -> int:
    """0 when the traffic was measured and the outputs passed; 1 otherwise."""
    try:
        session = load_session(options.session)
    except SessionError as exc:
        result = TrafficResult(False, "", RunError("load", str(exc)))
    else:
        client = TrafficClient()
        try:
            result = client.measure(session)
        finally:
            client.close()  # the worker ends with the command, not with the interpreter
    if options.json:
        print(json.dumps(traffic_to_json(result), indent=2))
    else:
        print(format_traffic(result))
    return 0 if result.ok else 1
