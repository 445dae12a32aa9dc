"""`clstudio devices [--json]`: every platform and device field, like clinfo."""

from __future__ import annotations

import argparse

from clstudio.cli import remote_options
from clstudio.cli import session_commands as shared
from clstudio.common import N_, gettext
from clstudio.devices import DeviceInventory, format_inventory, inventory_to_json
from clstudio.remote import RemoteError

NAME = "devices"
HELP = N_("list OpenCL platforms and devices, like clinfo")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    shared.add_json_argument(parser, shared.MACHINE_READABLE)
    remote_options.add_remote_arguments(parser)


def execute(options: argparse.Namespace) -> int:
    # In a worker process: a driver that crashes on a query cannot take this one down.
    try:
        machine = remote_options.remote_of(options)
        client = remote_options.worker_client(options)
    except RemoteError as exc:
        return remote_options.refused(exc)
    with client as worker:
        inventory = worker.devices()
    name = None if machine is None else machine.name

    def to_json(inventory: DeviceInventory) -> dict[str, object]:
        return {**inventory_to_json(inventory), "machine": name}

    def to_text(inventory: DeviceInventory) -> str:
        text = format_inventory(inventory)
        return (
            text if name is None else gettext("Machine: {name}").format(name=name) + "\n\n" + text
        )

    shared.print_report(options, inventory, to_json, to_text)
    # Scripts and CI can tell a machine that has nothing to run kernels on.
    return 0 if inventory.devices() else 1
