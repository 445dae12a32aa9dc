"""Intel's CPU runtime from pip: found when installed, set up for the worker, listed last."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from clstudio.devices import (
    PipRuntime,
    added_platforms_last,
    installed_runtimes,
    missing_runtime_hint,
    worker_environment,
)

FAKE_INTEL = PipRuntime("Intel's runtime", "Intel(R) OpenCL", Path("/v/lib/libintelocl.so"))
# The tests below pass `private=()`: whether this machine's set-up installed Oclgrind
# (devices/oclgrind_home.py, tested there) is no matter of theirs.
LIST_PLATFORMS = (
    "import json; from clstudio.devices.discovery import discover; "
    "print(json.dumps([p.name for p in discover().platforms]))"
)


def test_without_a_pip_driver_the_worker_environment_is_left_alone(tmp_path: Path) -> None:
    assert worker_environment(tmp_path / "vendors", {}, runtimes=(), private=()) == {}
    assert not (tmp_path / "vendors").exists()


def test_the_icd_names_the_library_by_its_absolute_path_and_its_folder_is_on_the_path(
    tmp_path: Path,
) -> None:
    env = worker_environment(
        tmp_path / "v", {"LD_LIBRARY_PATH": "/opt/x"}, runtimes=[FAKE_INTEL], private=()
    )
    assert env == {"OCL_ICD_VENDORS": str(tmp_path / "v"), "LD_LIBRARY_PATH": "/v/lib:/opt/x"}
    icds = list((tmp_path / "v").glob("*.icd"))
    assert [icd.read_text() for icd in icds] == ["/v/lib/libintelocl.so\n"]


def test_the_drivers_of_the_users_own_vendors_folder_stay_visible(tmp_path: Path) -> None:
    # OCL_ICD_VENDORS replaces the folder the loader reads, so its drivers are linked in.
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "gpu.icd").write_text("libgpu.so\n")
    (mine / "notes.txt").write_text("not a driver")
    folder = tmp_path / "v"
    worker_environment(folder, {"OCL_ICD_VENDORS": str(mine)}, runtimes=[FAKE_INTEL], private=())
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["clstudio-libintelocl.icd", "gpu.icd"]
    assert (folder / "gpu.icd").read_text() == "libgpu.so\n"
    # A second worker's set-up over the same folder works the same.
    worker_environment(folder, {"OCL_ICD_VENDORS": str(mine)}, runtimes=[FAKE_INTEL], private=())
    assert sorted(p.name for p in folder.iterdir()) == names


def test_a_runtime_the_users_folder_already_names_is_not_listed_twice(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "intel.icd").write_text("/v/lib/libintelocl.so\n")
    folder = tmp_path / "v"
    worker_environment(folder, {"OCL_ICD_VENDORS": str(mine)}, runtimes=[FAKE_INTEL], private=())
    assert [p.name for p in folder.iterdir()] == ["intel.icd"]


@dataclass
class _Platform:
    name: str


def test_pip_platforms_go_last_so_the_default_device_stays_pocl() -> None:
    loader_order = [_Platform("Intel(R) OpenCL"), _Platform("Portable Computing Language")]
    ordered = added_platforms_last(loader_order)
    assert [p.name for p in ordered] == ["Portable Computing Language", "Intel(R) OpenCL"]


def test_a_session_asking_for_a_missing_runtime_is_told_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import clstudio.devices.pip_runtimes as pip_runtimes

    monkeypatch.setattr(pip_runtimes, "installed_runtimes", lambda: ())
    hint = missing_runtime_hint("intel")
    assert "Intel's OpenCL CPU runtime is not installed" in hint
    assert ".venv/bin/pip install -e '.[intel]'" in hint
    assert missing_runtime_hint("NVIDIA") == "" and missing_runtime_hint("") == ""


@pytest.mark.skipif(not installed_runtimes(), reason="Intel's CPU runtime is not installed")
def test_with_the_environment_the_loader_sees_intel_and_still_pocl(tmp_path: Path) -> None:
    # The loader in pyopencl's wheel reads pyopencl's own .libs beside OCL_ICD_VENDORS:
    # PoCL (and Oclgrind, when installed) stay visible.
    env = {**os.environ, **worker_environment(tmp_path / "v", os.environ)}
    done = subprocess.run(
        [sys.executable, "-c", LIST_PLATFORMS], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    names = json.loads(done.stdout)
    assert "Portable Computing Language" in names
    assert names[-1] == "Intel(R) OpenCL"
    assert not missing_runtime_hint("Intel")
