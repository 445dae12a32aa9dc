"""`clstudio devices [--json]`: every platform and device field, like clinfo."""

from __future__ import annotations

import argparse
import json

from clstudio.common import N_, gettext
from clstudio.devices import format_inventory, inventory_to_json
from clstudio.worker.client import WorkerClient

NAME = "devices"
HELP = N_("list OpenCL platforms and devices, like clinfo")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help=gettext("print machine-readable JSON"))


def execute(options: argparse.Namespace) -> int:
    # In a worker process: a driver that crashes on a query cannot take this one down.
    with WorkerClient() as worker:
        inventory = worker.devices()
    if options.json:
        print(json.dumps(inventory_to_json(inventory), indent=2))
    else:
        print(format_inventory(inventory))
    # Scripts and CI can tell a machine that has nothing to run kernels on.
    return 0 if inventory.devices() else 1
