"""Where a remote machine is, checked once, and the `ssh` command that reaches it.

Every piece of user text that reaches `ssh` passes `remote_address` first: a host, user
or port that could be read as one of ssh's options (`-oProxyCommand=...`) is refused,
and each goes to ssh as an argument of its own, never through a shell.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

from clstudio.common import gettext

DEFAULT_PORT = 22
# A host name, an ssh config alias or an IPv4 address; IPv6 in brackets ([::1]).
_HOST = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._-]{0,252}")
_IPV6 = re.compile(r"[0-9A-Fa-f:.]{2,45}")
_USER = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._-]{0,63}")
# ssh's own messages ("Connection refused", a prompt it could not show) fail at once.
_SSH_OPTIONS = (
    "-T",  # no terminal: the worker's messages are bytes
    "-x",  # no X11 forwarding
    "-a",  # no agent forwarding: the remote machine gets no use of the user's keys
    "-e",
    "none",  # no escape character
    "-o",
    "ClearAllForwardings=yes",  # a config's LocalForward would clash between connections
    "-o",
    "ServerAliveInterval=15",  # a connection that went silent ends, not hangs
    "-o",
    "ServerAliveCountMax=4",
)


class RemoteError(Exception):
    """A remote machine that cannot be used, with the reason in the user's words."""


@dataclass(frozen=True)
class RemoteAddress:
    """A remote machine: its host (or ssh config alias), and the user, port and ssh
    configuration file when given (else ssh's defaults and ~/.ssh/config)."""

    host: str
    user: str | None = None
    port: int | None = None
    ssh_config: Path | None = None

    @property
    def name(self) -> str:
        """The machine's name as the device tree and messages show it: [USER@]HOST[:PORT]."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        user = f"{self.user}@" if self.user else ""
        port = f":{self.port}" if self.port is not None else ""
        return f"{user}{host}{port}"

    def ssh_command(self, remote_command: str, batch: bool = True) -> list[str]:
        """The argument list that runs `remote_command` (text of CL Studio's own making)
        there; with `batch`, ssh asks nothing (no password or passphrase prompt)."""
        command = ["ssh", *_SSH_OPTIONS]
        if batch:
            command += ["-o", "BatchMode=yes"]
        if self.ssh_config is not None:
            command += ["-F", str(self.ssh_config)]
        if self.user is not None:
            command += ["-l", self.user]
        if self.port is not None:
            command += ["-p", str(self.port)]
        return [*command, "--", self.host, remote_command]


def python_command(code: str) -> str:
    """The remote command that runs one line of CL Studio's own Python `code` with the
    machine's `python3`, or the interpreter that $CLSTUDIO_PYTHON names there.

    The login shell may be any (fish, csh): it sees two single-quoted words for sh.
    """
    assert "\n" not in code
    chooser = 'exec "${CLSTUDIO_PYTHON:-python3}" -c "$0"'
    return f"sh -c {shlex.quote(chooser)} {shlex.quote(code)}"


def last_line(text: str) -> str:
    """ssh's last words (the reason it gives last), without blank lines."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def remote_address(
    host: str, user: str | None = None, port: int | str | None = None, ssh_config: str | None = None
) -> RemoteAddress:
    """The one check of a remote machine's pieces; RemoteError says which one is wrong."""
    host = host.strip()
    bare = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not (_HOST.fullmatch(bare) or (":" in bare and _IPV6.fullmatch(bare))):
        raise RemoteError(
            gettext(
                "'{host}' is not a host name: use letters, digits, '.', '-' and '_', "
                "not starting with '-'"
            ).format(host=host)
        )
    if user is not None:
        user = user.strip() or None
    if user is not None and not _USER.fullmatch(user):
        raise RemoteError(
            gettext(
                "'{user}' is not a user name: use letters, digits, '.', '-' and '_', "
                "not starting with '-'"
            ).format(user=user)
        )
    number = _port(port)
    config = None
    if ssh_config is not None and ssh_config.strip():
        config = Path(ssh_config.strip()).expanduser().absolute()  # never read as an option
        if not config.is_file():
            raise RemoteError(
                gettext("the ssh configuration file {path} does not exist").format(path=config)
            )
    return RemoteAddress(bare, user, number, config)


def parse_remote(text: str, ssh_config: str | None = None) -> RemoteAddress:
    """[USER@]HOST[:PORT], as --remote takes it ([USER@][IPV6]:PORT for IPv6)."""
    user, at, rest = text.strip().rpartition("@")
    port: str | None = None
    if rest.startswith("["):
        host, bracket, tail = rest.partition("]")
        host += bracket
        if tail:
            if not tail.startswith(":"):
                raise RemoteError(gettext("'{text}' is not [USER@]HOST[:PORT]").format(text=text))
            port = tail[1:]
    elif rest.count(":") == 1:
        host, _, port = rest.partition(":")
    else:
        host = rest
    return remote_address(host, user if at else None, port, ssh_config)


def _port(port: int | str | None) -> int | None:
    if port is None or (isinstance(port, str) and not port.strip()):
        return None
    text = str(port).strip()
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise RemoteError(
            gettext("'{port}' is not a port: use a number from 1 to 65535").format(port=port)
        )
    return int(text)
