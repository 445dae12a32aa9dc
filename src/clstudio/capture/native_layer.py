"""The capture of C and C++ programs: CL Studio's OpenCL loader layer, built on the learner's
machine, and the variables that load it into the program.

A C program that links the system's OpenCL loader (ocl-icd, or Khronos' loader) loads every
library named in OPENCL_LAYERS before its drivers; the same library in LD_PRELOAD records
the programs whose loader is older than layers (ocl-icd before 2.3, as Ubuntu 22.04 ships
it). The layer (layer/clstudio_capture_layer.c) writes the same journal as the Python hook,
so the same code turns its launches into sessions. It is compiled once per version of its
source with the compiler the learner has (`$CC`, `cc`, `gcc`, `clang`; else `python -m
ziglang cc` from the `clstudio[c-capture]` extra) into CL Studio's own cache folder, never
into the installed package.

CL Studio's devices from pip (PoCL in pyopencl's wheel, Intel's CPU runtime) are offered to
the program through a vendors folder of the capture's own in OCL_ICD_VENDORS, as the
workers get them (devices.pip_runtimes); the folder links the drivers the loader would
have read. Python processes of the command get their own OCL_ICD_VENDORS back from the
hook: pyopencl's loader finds PoCL by itself and would list it twice.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from clstudio import __version__
from clstudio.cache_folder import cache_folder
from clstudio.common import gettext
from clstudio.devices.oclgrind_home import pyopencl_libs
from clstudio.devices.pip_runtimes import worker_environment

LAYER_SOURCE = Path(__file__).with_name("layer") / "clstudio_capture_layer.c"
LIBRARY_NAME = "libclstudio_capture.so"
LAYERS_VARIABLE = "OPENCL_LAYERS"
PRELOAD_VARIABLE = "LD_PRELOAD"  # the route for loaders older than layers
VENDORS_VARIABLE = "OCL_ICD_VENDORS"
JOURNAL_VARIABLE = "CLSTUDIO_CAPTURE_JOURNAL"  # the layer's journal folder
SETTINGS_FILE = "layer-settings.txt"  # the layer reads its selection here, in the journal
VENDORS_FOLDER = "vendors"
FLAGS = ("-std=c11", "-O2", "-shared", "-fPIC", "-fvisibility=hidden")
COMPILE_TIMEOUT_S = 300


class LayerUnavailable(RuntimeError):
    """The layer could not be built here; the message says why and what to install."""


def compilers(environ: Mapping[str, str]) -> list[list[str]]:
    """The C compilers to try, in order: `$CC`, the usual names, then ziglang's from pip."""
    found = []
    if environ.get("CC"):
        found.append(shlex.split(environ["CC"]))
    for name in ("cc", "gcc", "clang"):
        path = shutil.which(name, path=environ.get("PATH"))
        if path is not None:
            found.append([path])
    if importlib.util.find_spec("ziglang") is not None:
        found.append([sys.executable, "-m", "ziglang", "cc"])
    return found


def layer_library(environ: Mapping[str, str] | None = None) -> Path:
    """The layer's library, built first when this version of its source has none yet."""
    environ = os.environ if environ is None else environ
    source = LAYER_SOURCE.read_bytes()
    key = hashlib.sha256(source + __version__.encode()).hexdigest()[:16]
    folder = cache_folder(environ) / "capture-layer" / f"{__version__}-{key}"
    library = folder / LIBRARY_NAME
    if library.is_file():
        return library
    tried = compilers(environ)
    if not tried:
        raise LayerUnavailable(
            gettext(
                "no C compiler found to build the capture layer; install one (cc), "
                "or ziglang: pip install 'clstudio[c-capture]'"
            )
        )
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        said = gettext("cannot make the folder {folder}: {error}")
        raise LayerUnavailable(said.format(folder=folder, error=exc.strerror)) from exc
    errors = []
    for compiler in tried:
        # Built beside and renamed: two captures starting at once never load half a file.
        handle, part = tempfile.mkstemp(prefix=".build-", suffix=".so", dir=folder)
        os.close(handle)
        command = [*compiler, *FLAGS, str(LAYER_SOURCE), "-o", part, "-lpthread", "-ldl"]
        try:
            done = subprocess.run(
                command, capture_output=True, text=True, timeout=COMPILE_TIMEOUT_S, check=False
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            errors.append(f"{compiler[0]}: {exc}")
            Path(part).unlink(missing_ok=True)
            continue
        if done.returncode == 0:
            os.replace(part, library)
            return library
        Path(part).unlink(missing_ok=True)
        errors.append(f"{shlex.join(compiler)}: {done.stderr.strip()[-400:]}")
    said = gettext("the capture layer did not build: {errors}")
    raise LayerUnavailable(said.format(errors="; ".join(errors)))


def write_settings(
    journal: Path, kernels: Sequence[str], launches: Sequence[int], first: int, max_bytes: int
) -> None:
    """The selection, one `KEY VALUE` a line, which the layer reads at its start."""
    lines = [f"first {first}", f"max_bytes {max_bytes}"]
    # A name with a line break matches no kernel, as in the hook: it must not become two.
    lines += [f"kernel {' '.join(name.splitlines())}" for name in kernels]
    lines += [f"launch {number}" for number in launches]
    (journal / SETTINGS_FILE).write_text("\n".join(lines) + "\n", encoding="utf-8")


def pip_drivers() -> list[Path]:
    """The drivers in pyopencl's wheel (PoCL), which only pyopencl's own loader finds."""
    libs = pyopencl_libs()
    if libs is None:
        return []
    found = []
    for icd in sorted(libs.glob("*.icd")):
        words = icd.read_text(encoding="utf-8", errors="replace").split()
        library = libs / words[0] if words else None
        if library is not None and library.is_file() and "oclgrind" not in library.name:
            found.append(library.resolve())
    return found


def layer_environment(
    journal: Path, library: Path | None, environ: Mapping[str, str]
) -> dict[str, str]:
    """The variables that load the layer into the program, when it was built, and show the
    program CL Studio's devices, whether it was or not.

    Oclgrind is left out: the loader would list its simulator first, and a program that
    takes the first platform would then run on it.
    """
    added = {}
    if library is not None:
        layers = [str(library), *filter(None, environ.get(LAYERS_VARIABLE, "").split(":"))]
        # Absolute: the program runs in its own folder, and may change it.
        added = {LAYERS_VARIABLE: ":".join(layers), JOURNAL_VARIABLE: os.path.abspath(journal)}
        # The same library, preloaded, records where the loader is too old for layers (it
        # passes the calls on where the loader loaded it). The dynamic linker splits the
        # list at spaces and colons, so a library path holding one keeps the loader's route.
        if not any(c in str(library) for c in " :\t\n"):
            preloads = environ.get(PRELOAD_VARIABLE, "").strip()
            added[PRELOAD_VARIABLE] = f"{library}:{preloads}" if preloads else str(library)
    vendors = worker_environment(journal / VENDORS_FOLDER, environ, private=pip_drivers())
    if VENDORS_VARIABLE in vendors:
        added[VENDORS_VARIABLE] = vendors[VENDORS_VARIABLE]
    return added
