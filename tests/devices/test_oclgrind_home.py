"""Oclgrind is CL Studio's check and debug device, installed in CL Studio's own folder: a
learner's own pyopencl script in the same environment gets PoCL by default, CL Studio's
workers find the simulator, and nothing inside an installed package moves."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from clstudio.devices.oclgrind_home import (
    HOME_VARIABLE,
    OCLGRIND_SETUP,
    oclgrind_home,
    oclgrind_libraries,
    pyopencl_libs,
    undo_older_move,
    worker_oclgrind,
)

KERNELS = Path(__file__).parents[2] / "kernels"
SOURCES = Path(__file__).parents[2] / "src"
LEARNER_SCRIPT = (
    "import pyopencl as cl\n"
    "print([p.name.strip() for p in cl.get_platforms()])\n"
    "print(cl.create_some_context(interactive=False).devices[0].platform.name.strip())\n"
)
PIP_ENTRY = b"liboclgrind-rt-icd-9fd49082.so"  # as pip wrote it: the bare name, no newline
PIP_HASH = "sha256=52dNHIBqzfXA7bAcc6Li3oQfk5Ej8IOMqspEYxyUvJ4"  # its line in pip's RECORD


def _as_a_user_runs(argv: list[str], cwd: Path) -> subprocess.Popen[str]:
    """A process started as from a shell: without the drivers the suite shows itself."""
    env = {k: v for k, v in os.environ.items() if k != "OCL_ICD_VENDORS"}
    env["PYTHONPATH"] = str(SOURCES)
    return subprocess.Popen(argv, env=env, cwd=cwd, stdout=subprocess.PIPE, text=True)


def _output(process: subprocess.Popen[str]) -> str:
    out, _ = process.communicate(timeout=300)
    assert process.returncode == 0, out
    return out


def _needs_the_setup() -> None:
    if not oclgrind_libraries():
        pytest.skip(f"Oclgrind is not in CL Studio's folder ({oclgrind_home()}): {OCLGRIND_SETUP}")


@pytest.mark.opencl
def test_a_learners_script_gets_pocl_while_clstudio_finds_oclgrind(tmp_path: Path) -> None:
    _needs_the_setup()
    learner = _output(_as_a_user_runs([sys.executable, "-c", LEARNER_SCRIPT], tmp_path))
    platforms, default = learner.splitlines()
    assert "Oclgrind" not in platforms, f"pip's Oclgrind beside pyopencl: {OCLGRIND_SETUP}"
    assert default == "Portable Computing Language"

    devices = [sys.executable, "-m", "clstudio", "devices", "--json"]
    shown = json.loads(_output(_as_a_user_runs(devices, tmp_path)))
    names = [platform["name"].strip() for platform in shown["platforms"]]
    assert names[0] == "Portable Computing Language" and names.count("Oclgrind") == 1


def _installed_files() -> dict[Path, bool]:
    """Every file pip's records name, in the environment of this Python, and whether it is
    there; and every other file in the packages' folders (a file that no record names)."""
    listed: dict[Path, bool] = {}
    folders: set[Path] = set()
    for distribution in metadata.distributions():
        if distribution.read_text("RECORD") is None:
            continue  # not installed by pip (the editable checkout's egg-info lists sources)
        for file in distribution.files or []:
            path = Path(str(file.locate())).resolve()
            listed[path] = path.exists()
            if len(file.parts) > 1 and not file.parts[0].endswith((".dist-info", "..")):
                folders.add(path.parents[len(file.parts) - 2])
    for folder in folders:
        for path in folder.rglob("*"):
            unrecorded = path.is_file() and "__pycache__" not in path.parts
            if unrecorded and path.resolve() not in listed:
                listed[path.resolve()] = True
    return listed


@pytest.mark.opencl
def test_running_checking_and_debugging_leave_every_installed_file_where_pip_put_it(
    tmp_path: Path,
) -> None:
    _needs_the_setup()
    before = _installed_files()
    session = str(KERNELS / "saxpy.json")
    cli = [sys.executable, "-m", "clstudio"]
    # All at once: two checks' workers, a run's and a debug process start side by side,
    # each writing its drivers' list in a folder of its own.
    run = _as_a_user_runs([*cli, "run", session], tmp_path)
    checks = [_as_a_user_runs([*cli, "check", session, "--json"], tmp_path) for _ in range(2)]
    debug = _as_a_user_runs([*cli, "debug", session, "--break", "17", "--json"], tmp_path)
    _output(run)
    for check in checks:
        assert json.loads(_output(check))["ok"] is True
    assert json.loads(_output(debug))["stops"]

    assert _installed_files() == before  # nothing moved, renamed, added or removed
    missing = sorted(str(path) for path, there in before.items() if not there)
    assert missing == [], f"named by pip's records but not there: {OCLGRIND_SETUP} repairs it"


def test_the_set_up_puts_back_what_an_older_clstudio_moved(tmp_path: Path) -> None:
    libs = tmp_path / ".libs"
    (libs / "clstudio-only").mkdir(parents=True)
    (libs / "clstudio-only" / "oclgrind.icd").write_text(f"{libs}/{PIP_ENTRY.decode()}\n")
    done = undo_older_move(libs, PIP_HASH)
    assert (libs / "oclgrind.icd").read_bytes() == PIP_ENTRY  # byte for byte as pip's record
    assert not (libs / "clstudio-only").exists()
    assert len(done) == 2
    assert undo_older_move(libs, PIP_HASH) == []  # once repaired, nothing to do


def test_an_entry_pip_no_longer_records_is_not_put_back(tmp_path: Path) -> None:
    """Oclgrind uninstalled from beside pyopencl: only CL Studio's leftover goes."""
    libs = tmp_path / ".libs"
    (libs / "clstudio-only").mkdir(parents=True)
    (libs / "clstudio-only" / "oclgrind.icd").write_text(f"/x/{PIP_ENTRY.decode()}\n")
    undo_older_move(libs, None)
    assert list(libs.iterdir()) == []


def test_the_workers_are_shown_the_library_of_clstudios_folder_by_its_whole_path(
    tmp_path: Path,
) -> None:
    libs = tmp_path / "pyopencl" / ".libs"
    libs.mkdir(parents=True)
    (libs / "liboclgrind-rt-icd.so").write_bytes(b"")
    (libs / "oclgrind.icd").write_text("liboclgrind-rt-icd.so")
    environ = {HOME_VARIABLE: str(tmp_path)}
    assert oclgrind_libraries(environ) == ((libs / "liboclgrind-rt-icd.so").resolve(),)
    real = pyopencl_libs()
    pip_layout = real is not None and (real / "oclgrind.icd").is_file()
    assert worker_oclgrind(environ) == (() if pip_layout else oclgrind_libraries(environ))


def test_before_the_set_up_there_is_no_oclgrind_to_show(tmp_path: Path) -> None:
    assert oclgrind_libraries({HOME_VARIABLE: str(tmp_path / "none")}) == ()
