"""Set-up of a remote machine: CL Studio of this very version in a private folder there.

A probe over ssh asks what the machine has; when its private folder
(`~/.cache/clstudio/VERSION/`, under XDG_CACHE_HOME when set) lacks this version's
files, they are streamed there as a tar, and the modules the worker needs that the
machine lacks are installed by its pip into the same folder, never system-wide.
Every way this can fail ends in RemoteError, whose message says why.
"""

from __future__ import annotations

import json
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from clstudio import __version__
from clstudio.common import gettext
from clstudio.remote.address import RemoteAddress, RemoteError, last_line, python_command
from clstudio.remote.package_files import package_digest, package_tar

PROBE_LIMIT_S = 60.0
INSTALL_LIMIT_S = 900.0  # pip may download numpy and pyopencl
# The modules a worker imports, by the requirement pip installs for each.
REQUIREMENTS = {"numpy": "numpy", "pyopencl": "pyopencl"}
MINIMUM_PYTHON = (3, 11)
_SSH_FAILED = 255
_NOT_FOUND = 127
_STOP_POLL_S = 0.2
Stopped = Callable[[], bool]  # whether the user asked to stop (the window's Stop)
# Reads the setup script's length, the script, and runs it (its orders follow on stdin).
_RUNNER = (
    "import sys;b=sys.stdin.buffer;exec(compile(b.read(int(b.readline())),'clstudio-setup','exec'))"
)


@dataclass(frozen=True)
class Probe:
    """What a remote machine has: its Python, the digest of the CL Studio in its private
    folder (None when none is there), and the modules the worker needs that it lacks."""

    python: tuple[int, ...]
    folder: str
    digest: str | None
    missing: tuple[str, ...]

    @property
    def current(self) -> bool:
        return self.digest == package_digest() and not self.missing


def prepare(
    address: RemoteAddress,
    batch: bool = True,
    say: Callable[[str], None] | None = None,
    stopped: Stopped | None = None,
) -> Probe:
    """Make sure `address` can run this CL Studio's worker, installing it there if needed;
    `stopped` ends the set-up (ssh killed) with a RemoteError as soon as it says so."""
    stopped = stopped or _never
    probe = _probe(address, batch, stopped)
    if probe.current:
        return probe
    if say is not None:
        say(
            gettext("installing CL Studio {version} on {machine} in {folder}…").format(
                version=__version__, machine=address.name, folder=probe.folder
            )
        )
    return _install(address, batch, stopped)


def _never() -> bool:
    return False


def _probe(address: RemoteAddress, batch: bool, stopped: Stopped) -> Probe:
    answer = _run_script(address, batch, _orders("probe"), b"", PROBE_LIMIT_S, stopped)
    probe = _read_probe(answer)
    if probe.python < MINIMUM_PYTHON:
        raise RemoteError(_old_python(address, probe.python))
    return probe


def _install(address: RemoteAddress, batch: bool, stopped: Stopped) -> Probe:
    answer = _run_script(
        address, batch, _orders("install"), package_tar(), INSTALL_LIMIT_S, stopped
    )
    probe = _read_probe(answer)
    problem, detail = answer.get("problem"), str(answer.get("detail", "")).strip()
    if problem == "old-python":
        raise RemoteError(_old_python(address, probe.python))
    if problem == "write":
        raise RemoteError(
            gettext("cannot install CL Studio on {machine} in {folder}: {reason}").format(
                machine=address.name, folder=probe.folder, reason=detail
            )
        )
    if problem == "pip":
        raise RemoteError(
            gettext(
                "{machine} lacks {modules}, and its pip could not install them into {folder}: "
                "{reason}"
            ).format(
                machine=address.name,
                modules=", ".join(probe.missing) or "?",
                folder=probe.folder,
                reason=detail or gettext("pip gave no reason"),
            )
        )
    if not probe.current:
        raise RemoteError(
            gettext("CL Studio on {machine} is still not this version after set-up").format(
                machine=address.name
            )
        )
    return probe


def _orders(mode: str) -> bytes:
    orders = {
        "mode": mode,
        "version": __version__,
        "digest": package_digest(),
        "modules": sorted(REQUIREMENTS),
        "requirements": REQUIREMENTS,
    }
    return json.dumps(orders).encode() + b"\n"


def _script() -> bytes:
    return Path(__file__).with_name("setup_script.py").read_bytes()


def _run_script(
    address: RemoteAddress,
    batch: bool,
    orders: bytes,
    payload: bytes,
    limit_s: float,
    stopped: Stopped,
) -> dict[str, object]:
    script = _script()
    stdin = str(len(script)).encode() + b"\n" + script + orders + payload
    command = address.ssh_command(python_command(_RUNNER), batch)
    done = _ssh_run(address, command, stdin, limit_s, stopped)
    said = last_line(done.stderr.decode("utf-8", errors="replace"))
    if done.returncode == _SSH_FAILED:
        raise RemoteError(
            gettext("cannot connect to {machine}: {reason}").format(
                machine=address.name, reason=said or gettext("ssh gave no reason")
            )
        )
    if done.returncode == _NOT_FOUND:
        raise RemoteError(
            gettext("{machine} has no python3 (CL Studio needs Python {version} there)").format(
                machine=address.name, version=".".join(map(str, MINIMUM_PYTHON))
            )
        )
    lines = done.stdout.decode("utf-8", errors="replace").strip().splitlines()
    try:
        answer = json.loads(lines[-1]) if lines else None
    except ValueError:
        answer = None
    if done.returncode != 0 or not isinstance(answer, dict):
        raise RemoteError(
            gettext("set-up failed on {machine}: {reason}").format(
                machine=address.name,
                reason=said or (lines[-1][:200] if lines else gettext("it answered nothing")),
            )
        )
    return answer


def _ssh_run(
    address: RemoteAddress, command: list[str], stdin: bytes, limit_s: float, stopped: Stopped
) -> subprocess.CompletedProcess[bytes]:
    """ssh's run of `command`, killed when it passes `limit_s` or the user stops it."""
    if stopped():
        raise RemoteError(stopped_message(address))
    try:
        process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
    except FileNotFoundError as exc:
        raise RemoteError(
            gettext("the ssh command was not found: install OpenSSH's client")
        ) from exc
    # communicate() cannot be retried after a timeout while input is left to write (the
    # rest is never sent), so it runs whole on a thread; a kill ends it.
    # Never Thread.join here: on a Qt pool thread it leaves a _DummyThread behind.
    answer: list[tuple[bytes, bytes]] = []
    ended = threading.Event()

    def talk() -> None:
        try:
            answer.append(process.communicate(stdin))
        finally:
            ended.set()

    threading.Thread(target=talk, daemon=True).start()
    deadline = time.monotonic() + limit_s
    while not ended.wait(_STOP_POLL_S):
        if stopped() or time.monotonic() > deadline:
            process.kill()
            ended.wait()
            if stopped():
                raise RemoteError(stopped_message(address))
            raise RemoteError(
                gettext("{machine} did not answer within {limit} s").format(
                    machine=address.name, limit=f"{limit_s:g}"
                )
            )
    if not answer:
        raise RemoteError(
            gettext("set-up failed on {machine}: {reason}").format(
                machine=address.name, reason=gettext("it answered nothing")
            )
        )
    out, err = answer[0]
    return subprocess.CompletedProcess(command, process.returncode, out, err)


def stopped_message(address: RemoteAddress) -> str:
    """What a connection the user stopped ends with."""
    return gettext("the connection to {machine} was stopped").format(machine=address.name)


def _read_probe(answer: dict[str, object]) -> Probe:
    python = answer.get("python")
    missing = answer.get("missing")
    digest = answer.get("digest")
    return Probe(
        tuple(int(n) for n in python) if isinstance(python, list) else (0,),
        str(answer.get("folder", "")),
        digest if isinstance(digest, str) else None,
        tuple(str(m) for m in missing) if isinstance(missing, list) else (),
    )


def _old_python(address: RemoteAddress, python: tuple[int, ...]) -> str:
    return gettext(
        "{machine} has Python {theirs}; CL Studio needs Python {needed} or newer there"
    ).format(
        machine=address.name,
        theirs=".".join(map(str, python)),
        needed=".".join(map(str, MINIMUM_PYTHON)),
    )
