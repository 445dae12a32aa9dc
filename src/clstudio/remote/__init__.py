"""Devices on other machines: a worker reached over ssh, set up there from this installation."""

from clstudio.remote.address import RemoteAddress, RemoteError, parse_remote, remote_address
from clstudio.remote.connection import RemoteWorker, remote_client
from clstudio.remote.installation import Probe, prepare

__all__ = [
    "Probe",
    "RemoteAddress",
    "RemoteError",
    "RemoteWorker",
    "parse_remote",
    "prepare",
    "remote_address",
    "remote_client",
]
