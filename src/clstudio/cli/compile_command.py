"""`clstudio compile SESSION [--emit ir|asm|remarks] [--json] [--device SPEC] [--remote HOST]`:
what the compiler made of the session's kernel, for its device and local size."""

from __future__ import annotations

import argparse
from contextlib import closing
from dataclasses import replace

from clstudio.cli import remote_options
from clstudio.cli import session_commands as shared
from clstudio.common import N_, gettext
from clstudio.compiler import CompileResult, unfinished_compile
from clstudio.devices import parse_device_spec
from clstudio.reporting import EMITS, compile_to_json, format_compile
from clstudio.session import Session
from clstudio.worker.compiler_client import CompilerClient
from clstudio.worker.worker_slot import NewClient

NAME = "compile"
HELP = N_("show the vectoriser's remarks, the LLVM IR and the assembly of a session's kernel")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    shared.add_session_argument(parser)
    parser.add_argument(
        "--emit",
        action="append",
        choices=EMITS,
        help=gettext("what to show: remarks, ir or asm; repeat it for several (default: all)"),
    )
    shared.add_json_argument(parser)
    parser.add_argument(
        "--device",
        metavar="SPEC",
        help=gettext("compile for this device (DEVICE or PLATFORM:DEVICE, substrings)"),
    )
    remote_options.add_remote_arguments(parser)


@remote_options.with_workers
def execute(options: argparse.Namespace, new_client: NewClient) -> int:
    """0 when the kernel built and launched and its code could be read; 1 otherwise; 2 when
    the --remote machine cannot be used."""
    emit = tuple(options.emit) if options.emit else EMITS

    def compiled(session: Session) -> CompileResult:
        if options.device:
            session = replace(session, device=parse_device_spec(options.device))
        with closing(CompilerClient(new_client=new_client)) as client:
            return client.compile(session)

    result, source_name, source_map = shared.session_result(
        options,
        compiled,
        lambda error: unfinished_compile("", "", None, "", error.stage, error.message),
    )
    shared.print_report(
        options,
        result,
        lambda r: compile_to_json(r, emit),
        lambda r: format_compile(r, source_name, emit, source_map),
        ensure_ascii=False,
    )
    return 0 if result.ok else 1
