"""Drivers the loader skips without a word are named, with the reason, beside what works."""

from __future__ import annotations

import ctypes.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from clstudio.devices.icd_entries import driver_problems, icd_files

DISCOVER = (
    "import json; from clstudio.devices import inventory_to_json; "
    "from clstudio.devices.discovery import discover; "
    "print(json.dumps(inventory_to_json(discover())))"
)


def _vendors(tmp_path: Path, **entries: str) -> Path:
    folder = tmp_path / "vendors"
    folder.mkdir()
    for name, library in entries.items():
        (folder / f"{name}.icd").write_text(f"{library}\n")
    return folder


def test_the_loader_reads_the_vendors_folder_then_pyopencls_own(tmp_path: Path) -> None:
    folder = _vendors(tmp_path, a="liba.so")
    libs = tmp_path / "pyopencl" / ".libs"
    libs.mkdir(parents=True)
    (libs / "pocl.icd").write_text("libpocl.so\n")
    env = {"OCL_ICD_VENDORS": str(folder), "PYOPENCL_HOME": str(tmp_path / "pyopencl")}
    assert icd_files(env) == [folder / "a.icd", libs / "pocl.icd"]


def test_missing_and_foreign_libraries_are_named_with_their_reason(tmp_path: Path) -> None:
    zlib = ctypes.util.find_library("z") or "libz.so.1"
    folder = _vendors(tmp_path, gone="/nonexistent/libnothing.so", zlib=zlib)
    (folder / "empty.icd").write_text("")
    problems = {Path(p.icd_file).name: p for p in driver_problems({"OCL_ICD_VENDORS": str(folder)})}
    assert set(problems) == {"gone.icd", "zlib.icd", "empty.icd"}
    assert problems["gone.icd"].reason.startswith("cannot be loaded: ")
    assert "No such file" in problems["gone.icd"].reason
    assert problems["zlib.icd"].library == zlib
    assert problems["zlib.icd"].reason.startswith("not an OpenCL driver")
    assert "empty" in problems["empty.icd"].reason


@pytest.mark.opencl
def test_pocl_itself_is_no_problem() -> None:
    import pyopencl  # noqa: F401  (it sets PYOPENCL_HOME, where PoCL's .icd lives)

    assert driver_problems({"PYOPENCL_HOME": os.environ["PYOPENCL_HOME"]}) == ()


@pytest.mark.opencl
def test_a_fake_driver_entry_is_reported_and_pocl_still_works(tmp_path: Path) -> None:
    zlib = ctypes.util.find_library("z") or "libz.so.1"
    env = {**os.environ, "OCL_ICD_VENDORS": str(_vendors(tmp_path, fake=zlib))}
    done = subprocess.run(
        [sys.executable, "-c", DISCOVER], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    names = [platform["name"] for platform in answer["platforms"]]
    assert "Portable Computing Language" in names  # Oclgrind, when installed, may come first
    assert answer["platforms"][0]["devices"]
    [fake] = answer["unavailable_drivers"]
    assert fake["icd_file"].endswith("fake.icd") and fake["library"] == zlib
    assert "not an OpenCL driver" in fake["reason"]


def test_with_no_driver_at_all_discovery_says_how_to_get_one() -> None:
    # pyopencl's loader always reads $PYOPENCL_HOME/.libs (PoCL's home): point it elsewhere
    # after the import, before the loader's first call, for a machine with no driver.
    script = (
        "import json, os, pyopencl; os.environ['PYOPENCL_HOME'] = '/nonexistent'; "
        "os.environ['OCL_ICD_VENDORS'] = '/nonexistent'; " + DISCOVER.removeprefix("import json; ")
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["platforms"] == []
    assert "No OpenCL platform is installed" in answer["problem"]
    assert "pip install pocl-binary-distribution" in answer["problem"]
