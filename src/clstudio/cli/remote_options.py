"""--remote and --ssh-config: the commands' worker on another machine, set up first."""

from __future__ import annotations

import argparse
import sys

from clstudio.common import gettext
from clstudio.remote import RemoteAddress, RemoteError, parse_remote, prepare, remote_client
from clstudio.worker.client import WorkerClient

REFUSED = 2  # the exit status of a command whose remote machine cannot be used


def add_remote_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--remote",
        metavar="[USER@]HOST[:PORT]",
        help=gettext(
            "use the devices of this machine, reached with ssh (CL Studio is set up "
            "there first, in ~/.cache/clstudio)"
        ),
    )
    parser.add_argument(
        "--ssh-config",
        metavar="FILE",
        help=gettext("the ssh configuration file to use instead of ~/.ssh/config (ssh -F)"),
    )


def remote_of(options: argparse.Namespace) -> RemoteAddress | None:
    """The machine --remote names, checked; RemoteError says what is wrong."""
    if options.remote is None:
        if options.ssh_config is not None:
            raise RemoteError(gettext("--ssh-config needs --remote"))
        return None
    return parse_remote(options.remote, options.ssh_config)


def worker_client(options: argparse.Namespace) -> WorkerClient:
    """A worker on this machine, or on the --remote machine once it is set up there.

    ssh may ask for a passphrase only where a person can answer it (a terminal).
    """
    address = remote_of(options)
    if address is None:
        return WorkerClient()
    batch = not sys.stdin.isatty()
    prepare(address, batch, say=lambda words: print(words, file=sys.stderr))
    return remote_client(address, batch)


def refused(error: RemoteError) -> int:
    print(gettext("clstudio: {reason}").format(reason=error), file=sys.stderr)
    return REFUSED
