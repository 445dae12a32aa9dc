"""`clstudio traffic SESSION [--kernel NAME] [--json]`: which elements each access touched, and
how coalesced, in one launch: the first of the kernel named (default: the session's first)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from clstudio.common import N_, RunError, gettext
from clstudio.measurements import KernelChoiceError, chosen_kernel
from clstudio.reporting import format_traffic, traffic_to_json
from clstudio.session import SessionError, load_session
from clstudio.traffic import TrafficResult, kernel_first_launch
from clstudio.worker.traffic_client import TrafficClient

NAME = "traffic"
HELP = N_(
    "measure each buffer's reads and writes per element and each access's 64-byte lines "
    "per 16 work-items"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("session", type=Path, help=gettext("the session file (.json)"))
    parser.add_argument(
        "--kernel",
        metavar="NAME",
        help=gettext("the kernel of a program to measure at its first launch (default: the first)"),
    )
    parser.add_argument(
        "--json", action="store_true", help=gettext("print the whole result as JSON")
    )


def execute(options: argparse.Namespace) -> int:
    """0 when the traffic was measured and the outputs passed; 1 otherwise."""
    try:
        session = load_session(options.session)
        kernel = chosen_kernel(session, options.kernel)
    except SessionError as exc:
        result = TrafficResult(False, "", RunError("load", str(exc)))
    except KernelChoiceError as exc:
        result = TrafficResult(False, options.kernel, RunError("validate", str(exc)))
    else:
        client = TrafficClient()
        try:
            result = client.measure(kernel_first_launch(session, kernel))
        finally:
            client.close()  # the worker ends with the command, not with the interpreter
    if options.json:
        print(json.dumps(traffic_to_json(result), indent=2))
    else:
        print(format_traffic(result))
    return 0 if result.ok else 1
