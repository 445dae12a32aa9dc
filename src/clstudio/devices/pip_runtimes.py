"""OpenCL drivers from PyPI that the ICD loader cannot find by itself: Intel's CPU runtime,
and Oclgrind in CL Studio's own folder.

PoCL from PyPI puts its `.icd` file into pyopencl's own `.libs` folder, which the loader in
pyopencl's wheel reads in addition to the vendors folder (it is told where by
PYOPENCL_HOME), so it needs nothing. Intel's wheel (`clstudio[intel]`) ships an `.icd`
naming a build path that does not exist. A worker sees it when OCL_ICD_VENDORS names a
folder with an `.icd` holding the absolute path of the venv's `lib/libintelocl.so`, and that
`lib/` is on LD_LIBRARY_PATH before the process starts (the dynamic loader reads it only
then). Oclgrind is installed where no loader looks (devices.oclgrind_home) and named the
same way. OCL_ICD_VENDORS replaces the default vendors folder, so the folder written here
also gets a link to every `.icd` the loader would have read: GPU drivers stay visible.
Only CL Studio's workers get these variables; nothing is written outside `folder`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, TypeVar

from clstudio.common import N_, gettext
from clstudio.devices.icd_entries import vendor_folder_files
from clstudio.devices.oclgrind_home import worker_oclgrind
from clstudio.devices.selector import SIMULATOR_PLATFORM

__all__ = [
    "INTEL_EXTRA",
    "VENDORS_FOLDER",
    "PipRuntime",
    "added_platforms_last",
    "installed_runtimes",
    "missing_runtime_hint",
    "worker_environment",
]

# CL Studio is installed from its folder, so the extra is added there.
INTEL_EXTRA = ".venv/bin/pip install -e '.[intel]'"
# The folder in a worker's scratch that worker_environment fills, here or on a remote machine.
VENDORS_FOLDER = "opencl-vendors"


@dataclass(frozen=True)
class PipRuntime:
    """A driver installed by pip: what to call it, the platform it gives, its library."""

    title: str
    platform_name: str  # CL_PLATFORM_NAME
    library: Path  # absolute


@dataclass(frozen=True)
class _Known:
    title: str
    platform_name: str
    distribution: str
    library: str


_KNOWN = (
    _Known(
        N_("Intel's OpenCL CPU runtime"), "Intel(R) OpenCL", "intel-opencl-rt", "libintelocl.so"
    ),
)


def installed_runtimes() -> tuple[PipRuntime, ...]:
    """The known pip drivers installed in this Python environment."""
    found = []
    for known in _KNOWN:
        library = _library_of(known.distribution, known.library)
        if library is not None:
            found.append(PipRuntime(known.title, known.platform_name, library))
    return tuple(found)


def missing_runtime_hint(platform: str) -> str:
    """How to get the pip driver whose platform name holds `platform`; '' if none or installed."""
    wanted = platform.strip().casefold()
    installed = {runtime.platform_name for runtime in installed_runtimes()}
    for known in _KNOWN:
        named = bool(wanted) and wanted in known.platform_name.casefold()
        if named and known.platform_name not in installed:
            return gettext("{runtime} is not installed; in CL Studio's folder: {command}").format(
                runtime=gettext(known.title), command=INTEL_EXTRA
            )
    return ""


def _library_of(distribution: str, name: str) -> Path | None:
    # Imported here: importlib.metadata brings the email package, which start-up does not need.
    from importlib import metadata

    try:
        files = metadata.distribution(distribution).files or []
    except metadata.PackageNotFoundError:
        return None
    for file in files:
        if file.name == name:
            path = Path(str(file.locate())).resolve()
            if path.parent.name == "lib" and path.is_file():
                return path
    return None


def worker_environment(
    folder: Path,
    environ: Mapping[str, str],
    runtimes: Sequence[PipRuntime] | None = None,
    private: Sequence[Path] | None = None,
) -> dict[str, str]:
    """The variables a worker needs to see the pip drivers; `folder` gets their `.icd` files.

    `private` are the libraries only CL Studio's workers see (Oclgrind's, in CL Studio's
    folder: devices.oclgrind_home). Empty when there is neither: the worker then starts as
    it always did. `folder` is the worker's own, so two workers starting at once share no
    file.
    """
    runtimes = installed_runtimes() if runtimes is None else runtimes
    private = worker_oclgrind(environ) if private is None else private
    if not runtimes and not private:
        return {}
    folder.mkdir(parents=True, exist_ok=True)
    # OCL_ICD_VENDORS replaces the folder the loader would have read: keep its drivers.
    # Linked, not copied: a broken one is then reported under its own path.
    named = set()
    for icd in vendor_folder_files(environ):
        link = folder / icd.name
        link.unlink(missing_ok=True)
        link.symlink_to(icd.resolve())
        named.add(icd.read_text(encoding="utf-8", errors="replace").strip())
    for library in [*private, *(r.library for r in runtimes)]:
        if str(library) not in named:  # else it would be listed twice
            icd = folder / f"clstudio-{library.stem}.icd"
            icd.write_text(f"{library}\n", encoding="utf-8")
    added = {"OCL_ICD_VENDORS": str(folder)}
    if runtimes:
        library_dirs = dict.fromkeys(str(r.library.parent) for r in runtimes)
        old_path = environ.get("LD_LIBRARY_PATH", "")
        paths = [*library_dirs, *([old_path] if old_path else [])]
        added["LD_LIBRARY_PATH"] = os.pathsep.join(paths)
    return added


class _Named(Protocol):
    @property
    def name(self) -> str: ...


Platform = TypeVar("Platform", bound=_Named)


def added_platforms_last(platforms: Sequence[Platform]) -> list[Platform]:
    """The loader's order, with the pip drivers' platforms and the simulator moved to the end.

    The loader lists the OCL_ICD_VENDORS folder before pyopencl's own drivers, and sorts
    Oclgrind (whose device claims every type) first; installing the extra adds a device
    but must not change the default one (the first), PoCL, nor may the simulator.
    """
    added = {known.platform_name for known in _KNOWN} | {SIMULATOR_PLATFORM}
    return sorted(platforms, key=lambda p: p.name.strip() in added)
