"""`clstudio compile SESSION [--emit ir|asm|remarks] [--json] [--device SPEC]`: what the compiler
made of the session's kernel, for its device and local size."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path

from clstudio.common import N_, gettext
from clstudio.compiler import unfinished_compile
from clstudio.devices import parse_device_spec
from clstudio.reporting import EMITS, compile_to_json, format_compile
from clstudio.session import SessionError, load_session
from clstudio.worker.compiler_client import CompilerClient

NAME = "compile"
HELP = N_("show the vectoriser's remarks, the LLVM IR and the assembly of a session's kernel")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("session", type=Path, help=gettext("the session file (.json)"))
    parser.add_argument(
        "--emit",
        action="append",
        choices=EMITS,
        help=gettext("what to show: remarks, ir or asm; repeat it for several (default: all)"),
    )
    parser.add_argument(
        "--json", action="store_true", help=gettext("print the whole result as JSON")
    )
    parser.add_argument(
        "--device",
        metavar="SPEC",
        help=gettext("compile for this device (DEVICE or PLATFORM:DEVICE, substrings)"),
    )


def execute(options: argparse.Namespace) -> int:
    """0 when the kernel built and launched and its code could be read; 1 otherwise."""
    emit = tuple(options.emit) if options.emit else EMITS
    try:
        session = load_session(options.session)
    except SessionError as exc:
        result = unfinished_compile("", "", None, "", "load", str(exc))
    else:
        if options.device:
            session = replace(session, device=parse_device_spec(options.device))
        client = CompilerClient()
        try:
            result = client.compile(session)
        finally:
            client.close()
    if options.json:
        print(json.dumps(compile_to_json(result, emit), indent=2, ensure_ascii=False))
    else:
        print(format_compile(result, emit))
    return 0 if result.ok else 1
