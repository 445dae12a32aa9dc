"""OpenSSH's server on the loopback, with throwaway keys in a temporary folder, for the
remote-device tests: no network, and nothing of the user's own ssh set-up is read."""

from __future__ import annotations

import contextlib
import getpass
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from clstudio.devices.oclgrind_home import HOME_VARIABLE
from clstudio.remote import RemoteAddress, parse_remote

SSHD = shutil.which("sshd") or ("/usr/sbin/sshd" if Path("/usr/sbin/sshd").exists() else None)
HOST_ALIAS = "clstudio-test"
_START_LIMIT_S = 20.0


def why_no_server() -> str | None:
    """Why the tests cannot start an ssh server here, or None when they can."""
    if SSHD is None:
        return "OpenSSH's server is not installed: apt-get install openssh-server"
    if shutil.which("ssh") is None or shutil.which("ssh-keygen") is None:
        return "OpenSSH's client is not installed: apt-get install openssh-client"
    if os.geteuid() != 0:
        return "the ssh server of the tests runs as root"
    return None


class SshServer:
    """sshd -D on 127.0.0.1, stopped by its process id; `address` reaches it through -F."""

    def __init__(
        self, folder: Path, python: str = sys.executable, environment: dict[str, str] | None = None
    ) -> None:
        """`python`: what the remote machine runs as its python3 (a fake, to test faults);
        `environment`: more variables for the remote side's sessions."""
        assert SSHD is not None
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.cache = folder / "remote-cache"  # the remote machine's ~/.cache
        self.port = _free_port()
        host_key, user_key = folder / "host_key", folder / "id_test"
        for key in (host_key, user_key):
            subprocess.run(
                ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True
            )
        (folder / "authorized_keys").write_text(Path(f"{user_key}.pub").read_text())
        public = Path(f"{host_key}.pub").read_text().split()
        known = folder / "known_hosts"
        known.write_text(f"[127.0.0.1]:{self.port} {public[0]} {public[1]}\n")
        # The remote machine is this one: its python3 and Oclgrind; its caches the test's.
        variables = {
            "CLSTUDIO_PYTHON": python,
            "XDG_CACHE_HOME": str(self.cache),
            "POCL_CACHE_DIR": str(folder / "pocl-cache"),
            "CLSTUDIO_LANGUAGE": "en",
        }
        if HOME_VARIABLE in os.environ:
            variables[HOME_VARIABLE] = os.environ[HOME_VARIABLE]
        variables.update(environment or {})
        self.config = folder / "sshd_config"
        self.config.write_text(
            f"ListenAddress 127.0.0.1\n"
            f"HostKey {host_key}\n"
            f"AuthorizedKeysFile {folder / 'authorized_keys'}\n"
            "PasswordAuthentication no\nKbdInteractiveAuthentication no\n"
            "PubkeyAuthentication yes\nPermitRootLogin prohibit-password\n"
            "StrictModes no\nUsePAM no\nLogLevel ERROR\n"
            f"PidFile {folder / 'sshd.pid'}\n"
            f"SetEnv {' '.join(f'{k}={v}' for k, v in variables.items())}\n"
        )
        self.client_config = folder / "ssh_config"
        self.client_config.write_text(
            f"Host {HOST_ALIAS}\n"
            "  HostName 127.0.0.1\n"
            f"  Port {self.port}\n"
            f"  User {getpass.getuser()}\n"
            f"  IdentityFile {user_key}\n"
            "  IdentitiesOnly yes\n"
            f"  UserKnownHostsFile {known}\n"
            "  GlobalKnownHostsFile /dev/null\n"
            "  StrictHostKeyChecking yes\n"
        )
        Path("/run/sshd").mkdir(parents=True, exist_ok=True)  # sshd's privilege separation
        self._log = (folder / "sshd.log").open("wb")
        self.process = subprocess.Popen(
            [SSHD, "-D", "-e", "-f", str(self.config), "-p", str(self.port)],
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        self._wait_listening()

    @property
    def address(self) -> RemoteAddress:
        return parse_remote(HOST_ALIAS, ssh_config=str(self.client_config))

    def kill_connections(self) -> None:
        """Kill the server and every connection it serves, as a machine that went away."""
        for pid in [*_children(self.process.pid), self.process.pid]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        self.kill_connections()
        self._log.close()

    def log(self) -> str:
        return (self.folder / "sshd.log").read_text(errors="replace")

    def _wait_listening(self) -> None:
        deadline = time.monotonic() + _START_LIMIT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"sshd did not start: {self.log()}")
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), 1),
            ):
                return
            time.sleep(0.05)
        raise RuntimeError(f"sshd did not listen within {_START_LIMIT_S} s: {self.log()}")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (sshd's connections), from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found
