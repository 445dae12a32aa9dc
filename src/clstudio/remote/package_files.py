"""The files of this CL Studio that a worker on another machine needs, and their digest.

The digest tells two copies apart even when their version numbers are the same (a
developer's tree): a remote worker greets with it, and set-up installs when it differs.
"""

from __future__ import annotations

import functools
import hashlib
import io
from pathlib import Path

import clstudio

# The window's code never runs in a worker.
_LEFT_OUT = ("ui",)


def package_root() -> Path:
    return Path(clstudio.__file__).resolve().parent


def package_files(root: Path | None = None) -> list[tuple[str, Path]]:
    """(path inside the package, file), sorted; compiled bytecode and the window left out."""
    root = package_root() if root is None else root
    found = []
    for path in root.rglob("*"):
        relative = path.relative_to(root)
        if relative.parts[0] in _LEFT_OUT or "__pycache__" in relative.parts:
            continue
        if path.is_file() and path.suffix != ".pyc":
            found.append((relative.as_posix(), path))
    return sorted(found)


@functools.cache
def package_digest() -> str:
    """A short hash of every file's path and bytes."""
    digest = hashlib.sha256()
    for name, path in package_files():
        digest.update(name.encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def package_tar() -> bytes:
    """The package as a gzipped tar whose members are clstudio/..., for set-up to unpack."""
    import tarfile  # set-up on a machine only: the window imports this module at its start

    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, path in package_files():
            info = tarfile.TarInfo(f"clstudio/{name}")
            data = path.read_bytes()
            info.size = len(data)
            info.mode = 0o644
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()
