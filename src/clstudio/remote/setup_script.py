"""Run on the remote machine by set-up (clstudio.remote.installation), sent as text over ssh.

It reads one JSON line of orders from stdin: "probe" answers which Python the machine
has, which CL Studio its private folder holds and which modules are missing; "install"
then unpacks the gzipped tar that follows on stdin into that folder, and installs the
missing modules with pip into the folder alone. Its answer is one JSON line on stdout.
It must run on old Pythons too (3.7 on), to say that they are too old, and imports no
CL Studio.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tarfile
import typing

MINIMUM_PYTHON = (3, 11)
DIGEST_FILE = "digest"
PIP_TAIL = 1500
# Pythons that know extraction filters get the strictest; the check above holds for all.
SAFE: dict[str, typing.Any] = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}


def _missing(modules: list[str]) -> list[str]:
    return [name for name in modules if importlib.util.find_spec(name) is None]


def _read(path: str) -> str | None:
    try:
        with open(path) as stream:
            return stream.read().strip()
    except OSError:
        return None


def _unpack(stream: typing.BinaryIO, home: str, digest: str) -> None:
    """Unpack into a new folder beside the old one, then swap: never half a package."""
    os.makedirs(home, exist_ok=True)
    lib = os.path.join(home, "lib")
    new = lib + ".new"
    shutil.rmtree(new, ignore_errors=True)
    with tarfile.open(fileobj=stream, mode="r|gz") as archive:
        for member in archive:
            name = member.name
            if not member.isfile() or name.startswith("/") or ".." in name.split("/"):
                raise OSError("the package holds an unexpected member " + repr(name))
            archive.extract(member, new, set_attrs=False, **SAFE)
    with open(os.path.join(new, DIGEST_FILE), "w") as stream_out:
        stream_out.write(digest)
    shutil.rmtree(lib, ignore_errors=True)
    os.rename(new, lib)


def main() -> None:
    stdin = sys.stdin.buffer
    order = json.loads(stdin.readline().decode("utf-8"))
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    home = os.path.join(cache, "clstudio", order["version"])
    deps = os.path.join(home, "deps")
    sys.path[:0] = [os.path.join(home, "lib"), deps]
    missing = _missing(order["modules"])
    answer: dict[str, object] = {
        "python": list(sys.version_info[:3]),
        "folder": home,
        "digest": _read(os.path.join(home, "lib", DIGEST_FILE)),
        "missing": missing,
    }
    if order["mode"] == "install":
        if tuple(sys.version_info[:2]) < MINIMUM_PYTHON:
            answer["problem"] = "old-python"
        else:
            try:
                _unpack(stdin, home, order["digest"])
                answer["digest"] = order["digest"]
            except (OSError, tarfile.TarError) as exc:
                answer["problem"] = "write"
                answer["detail"] = str(exc)
        if "problem" not in answer and missing:
            wanted = [order["requirements"][name] for name in missing]
            pip = [sys.executable, "-m", "pip", "install", "--target", deps, "--no-input"]
            pip += ["--disable-pip-version-check", *wanted]
            done = subprocess.run(pip, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            importlib.invalidate_caches()
            answer["missing"] = missing = _missing(order["modules"])
            if done.returncode != 0 or missing:
                answer["problem"] = "pip"
                answer["detail"] = done.stdout.decode("utf-8", "replace")[-PIP_TAIL:]
    sys.stdout.write(json.dumps(answer) + "\n")


if __name__ == "__main__":  # sent to the remote machine, run there as a script
    main()
