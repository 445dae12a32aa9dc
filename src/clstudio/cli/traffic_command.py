"""`clstudio traffic SESSION [--kernel NAME] [--json] [--remote HOST]`: which elements each
access touched, and how coalesced, in one launch: the first of the kernel named (default: the
session's first)."""

from __future__ import annotations

import argparse
from contextlib import closing

from clstudio.cli import remote_options
from clstudio.cli import session_commands as shared
from clstudio.common import N_, RunError
from clstudio.measurements import KernelChoiceError, chosen_kernel
from clstudio.reporting import format_traffic, traffic_to_json
from clstudio.session import Session
from clstudio.traffic import TrafficResult, kernel_first_launch
from clstudio.worker.traffic_client import TrafficClient
from clstudio.worker.worker_slot import NewClient

NAME = "traffic"
HELP = N_(
    "measure each buffer's reads and writes per element and each access's 64-byte lines "
    "per 16 work-items"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    shared.add_session_argument(parser)
    shared.add_kernel_argument(
        parser, N_("the kernel of a program to measure at its first launch (default: the first)")
    )
    shared.add_json_argument(parser)
    remote_options.add_remote_arguments(parser)


@remote_options.with_workers
def execute(options: argparse.Namespace, new_client: NewClient) -> int:
    """0 when the traffic was measured and the outputs passed; 1 otherwise; 2 when the
    --remote machine cannot be used."""
    result, _, source_map = shared.session_result(
        options,
        lambda session: _measured(session, options.kernel, new_client),
        lambda error: TrafficResult(False, "", error),
    )
    shared.print_report(options, result, traffic_to_json, lambda r: format_traffic(r, source_map))
    return 0 if result.ok else 1


def _measured(session: Session, kernel_name: str | None, new_client: NewClient) -> TrafficResult:
    try:
        kernel = chosen_kernel(session, kernel_name)
    except KernelChoiceError as exc:
        return TrafficResult(False, kernel_name or "", RunError("validate", str(exc)))
    with closing(
        TrafficClient(new_client=new_client)
    ) as client:  # the worker ends with the command
        return client.measure(kernel_first_launch(session, kernel))
