"""`clstudio devices [--json]`: every platform and device field, like clinfo."""

from __future__ import annotations

import argparse

from clstudio.cli import session_commands as shared
from clstudio.common import N_
from clstudio.devices import format_inventory, inventory_to_json
from clstudio.worker.client import WorkerClient

NAME = "devices"
HELP = N_("list OpenCL platforms and devices, like clinfo")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    shared.add_json_argument(parser, shared.MACHINE_READABLE)


def execute(options: argparse.Namespace) -> int:
    # In a worker process: a driver that crashes on a query cannot take this one down.
    with WorkerClient() as worker:
        inventory = worker.devices()
    shared.print_report(options, inventory, inventory_to_json, format_inventory)
    # Scripts and CI can tell a machine that has nothing to run kernels on.
    return 0 if inventory.devices() else 1
