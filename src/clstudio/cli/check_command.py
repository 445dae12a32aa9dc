"""`clstudio check SESSION [--json] [--remote HOST]`: run the session once on Oclgrind and
list its problems."""

from __future__ import annotations

import argparse
from contextlib import closing
from dataclasses import replace

from clstudio.checkmode import CheckResult
from clstudio.cli import remote_options
from clstudio.cli import session_commands as shared
from clstudio.common import N_
from clstudio.reporting import check_to_json, format_check
from clstudio.session import Session
from clstudio.worker.check_client import CheckClient
from clstudio.worker.worker_slot import NewClient

NAME = "check"
HELP = N_("find out-of-bounds accesses, data races, divergent barriers on the Oclgrind simulator")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    shared.add_session_argument(parser)
    shared.add_json_argument(parser)
    remote_options.add_remote_arguments(parser)


@remote_options.with_workers
def execute(options: argparse.Namespace, new_client: NewClient) -> int:
    """0 when the kernel ran on Oclgrind and nothing was found; 1 otherwise; 2 when the
    --remote machine cannot be used."""
    machine = options.remote

    def checked(session: Session) -> CheckResult:
        with closing(CheckClient(new_client)) as client:  # the worker ends with the command
            result = client.check(session)
        if machine is not None and result.error is not None:
            result = replace(result, error=remote_options.on_machine(result.error, options))
        return result

    result, source_name, source_map = shared.session_result(
        options, checked, lambda error: CheckResult(ok=False, kernel="", error=error)
    )
    shared.print_report(
        options, result, check_to_json, lambda r: format_check(r, source_name, source_map)
    )
    return 0 if result.ok else 1
