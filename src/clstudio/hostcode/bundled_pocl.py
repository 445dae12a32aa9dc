"""PoCL as pyopencl's wheel carries it, for C programs that use the system's ICD loader.

The system loader finds drivers through .icd files: one naming the absolute path of
the wheel's libpocl, in a folder given as OCL_ICD_VENDORS, is enough (checked with clinfo).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

POCL_PLATFORM = "Portable Computing Language"
ICD_NAME = "pocl.icd"

RUN_SCRIPT = """\
#!/bin/sh
# Runs the program on the PoCL that came with pyopencl: the system's ICD loader finds
# it through pocl.icd in this folder. Arguments go to the program (--save-outputs OUT).
HERE="$(cd "$(dirname "$0")" && pwd)"
OCL_ICD_VENDORS="$HERE" exec "$HERE/main" "$@"
"""


def bundled_pocl_library() -> Path | None:
    """The libpocl inside pyopencl's (or pocl-binary-distribution's) wheel, if there is one."""
    for package in ("pyopencl", "pocl_binary_distribution"):
        spec = importlib.util.find_spec(package)  # finds the folder without importing it
        if spec is None or spec.origin is None:
            continue
        folder = Path(spec.origin).parent
        for libs in (folder / ".libs", folder.parent / f"{package}.libs", folder):
            found = sorted(libs.glob("libpocl*.so*")) if libs.is_dir() else []
            if found:
                return found[0].resolve()
    return None


def is_bundled_pocl(platform_name: str | None) -> bool:
    """Whether the chosen device's platform is PoCL and the wheel's library is here."""
    return (
        platform_name is not None
        and POCL_PLATFORM.casefold() in platform_name.casefold()
        and bundled_pocl_library() is not None
    )
