"""The debug process sees the drivers a worker sees: Oclgrind lives in CL Studio's own
folder (devices.oclgrind_home), where no loader looks by itself, and a debug process started
with the app's own environment would find no simulator ("Debug needs Oclgrind")."""

from pathlib import Path

import pytest

import clstudio
from clstudio.debugger import plan_debug
from clstudio.debugger.pipe import debug_process_environment
from clstudio.devices import pip_runtimes
from clstudio.session import load_session

KERNELS = Path(__file__).parents[2] / "kernels"


def test_the_debug_process_is_shown_the_oclgrind_of_clstudios_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    private = Path("/somewhere/liboclgrind-rt-icd.so")
    monkeypatch.setattr(pip_runtimes, "worker_oclgrind", lambda environ: (private,))
    monkeypatch.setattr(pip_runtimes, "installed_runtimes", lambda: ())
    plan = plan_debug(load_session(KERNELS / "reduction.json"), (26,), (0,))
    environ = {"PATH": "/usr/bin", "PYTHONPATH": "elsewhere"}
    environment = debug_process_environment(plan.environment, tmp_path / "icd", environ)
    vendors = Path(environment["OCL_ICD_VENDORS"])
    assert [icd.read_text() for icd in vendors.iterdir()] == [f"{private}\n"]
    assert environment["OCLGRIND_INTERACTIVE"] == "1" and environment["PATH"] == "/usr/bin"
    package_root = str(Path(clstudio.__file__).resolve().parent.parent)
    assert environment["PYTHONPATH"].split(":") == [package_root, "elsewhere"]
