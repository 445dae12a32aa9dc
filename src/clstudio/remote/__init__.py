"""Devices on other machines: a worker reached over ssh, set up there from this installation."""

from typing import TYPE_CHECKING

from clstudio.common.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from clstudio.remote.address import RemoteAddress, RemoteError, parse_remote, remote_address
    from clstudio.remote.connection import LostConnection, RemoteWorker, remote_client
    from clstudio.remote.installation import Probe, prepare
    from clstudio.remote.machines import (
        MachineAnswer,
        MachineConnector,
        RoutedBackend,
        RoutedWorkers,
        connector,
        on_machine,
    )
else:
    lazy_exports(__name__, __file__)

__all__ = [
    "LostConnection",
    "MachineAnswer",
    "MachineConnector",
    "Probe",
    "RemoteAddress",
    "RemoteError",
    "RemoteWorker",
    "RoutedBackend",
    "RoutedWorkers",
    "connector",
    "on_machine",
    "parse_remote",
    "prepare",
    "remote_address",
    "remote_client",
]
