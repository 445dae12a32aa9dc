"""The `.icd` files the ICD loader reads, and each one that gives it no platform, with why.

The loader skips a broken entry without a word: a library that is missing, that cannot
load (a dependency is missing), that is not an OpenCL driver, or whose driver reports no
platform. Asking each entry the loader's own questions names the cause, so the device
tree can show the driver as unavailable instead of leaving it out.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from clstudio.common import gettext

__all__ = ["DriverProblem", "driver_problems", "icd_files", "vendor_folder_files"]

DEFAULT_VENDORS = Path("/etc/OpenCL/vendors")
ICD_ENTRY_POINT = "clIcdGetPlatformIDsKHR"  # what an installable driver offers the loader
_PLATFORM_NOT_FOUND_KHR = -1001


@dataclass(frozen=True)
class DriverProblem:
    """An `.icd` entry that gave no platform: the file, the library it names, and why."""

    icd_file: str
    library: str
    reason: str


def vendor_folder_files(environ: Mapping[str, str]) -> list[Path]:
    """The `.icd` files of OCL_ICD_VENDORS, or of the default folder when it is not set."""
    return _icds_in(Path(environ.get("OCL_ICD_VENDORS") or DEFAULT_VENDORS))


def icd_files(environ: Mapping[str, str]) -> list[Path]:
    """Every `.icd` file the loader reads: the vendors folder's, then pyopencl's own.

    The loader in pyopencl's wheel also reads `$PYOPENCL_HOME/.libs`, where PoCL and
    Oclgrind from PyPI put theirs.
    """
    found = vendor_folder_files(environ)
    if environ.get("PYOPENCL_HOME"):
        found += _icds_in(Path(environ["PYOPENCL_HOME"]) / ".libs")
    return found


def _icds_in(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix == ".icd" and p.is_file())


def driver_problems(environ: Mapping[str, str] | None = None) -> tuple[DriverProblem, ...]:
    """Every `.icd` entry whose driver gives the loader no platform."""
    environ = os.environ if environ is None else environ
    problems = []
    for icd in icd_files(environ):
        library, reason = _check_entry(icd)
        if reason:
            problems.append(DriverProblem(str(icd.resolve()), library, reason))
    return tuple(problems)


def _check_entry(icd: Path) -> tuple[str, str]:
    try:
        library = icd.read_text(encoding="utf-8", errors="replace").strip().splitlines()[0]
    except (OSError, IndexError):
        return "", gettext("the .icd file is empty or unreadable")
    beside = icd.parent / library
    # A bare name is found beside the loader; here, beside the .icd (pyopencl's .libs).
    target = str(beside) if "/" not in library and beside.is_file() else library
    try:
        handle = ctypes.CDLL(target)
    except OSError as exc:
        return library, gettext("cannot be loaded: {error}").format(error=exc)
    # The loader's own way in: drivers need not export the entry point itself.
    try:
        lookup = handle.clGetExtensionFunctionAddress
    except AttributeError:
        return library, gettext("not an OpenCL driver (it has no clGetExtensionFunctionAddress)")
    lookup.argtypes = [ctypes.c_char_p]
    lookup.restype = ctypes.c_void_p
    address = lookup(ICD_ENTRY_POINT.encode())
    if not address:
        return library, gettext(
            "not an installable OpenCL driver (it offers no {entry_point})"
        ).format(entry_point=ICD_ENTRY_POINT)
    get_platform_ids = _GET_PLATFORM_IDS(address)
    count = ctypes.c_uint32(0)
    status = get_platform_ids(0, None, ctypes.byref(count))
    if status == _PLATFORM_NOT_FOUND_KHR or (status == 0 and count.value == 0):
        return library, gettext("the driver found no platform on this machine")
    if status != 0:
        return library, gettext("the driver failed to list its platforms (error {status})").format(
            status=status
        )
    return library, ""


_GET_PLATFORM_IDS = ctypes.CFUNCTYPE(
    ctypes.c_int32, ctypes.c_uint32, ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint32)
)
