"""The debug process sees the drivers a worker sees: once a worker has started, Oclgrind's
`.icd` is private to CL Studio (devices.oclgrind_icd), and a debug process started with the
app's own environment found no simulator ("Debug needs Oclgrind") on every later start."""

from pathlib import Path

import pytest

import clstudio
from clstudio.debugger import plan_debug
from clstudio.debugger.pipe import debug_process_environment
from clstudio.devices import pip_runtimes
from clstudio.session import load_session

KERNELS = Path(__file__).parents[2] / "kernels"


def test_the_debug_process_reads_oclgrinds_private_icd(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    private = tmp_path / "clstudio-only" / "oclgrind.icd"
    private.parent.mkdir()
    private.write_text("/somewhere/liboclgrind-rt-icd.so\n")
    monkeypatch.setattr(pip_runtimes, "private_icds", lambda: (private,))
    monkeypatch.setattr(pip_runtimes, "installed_runtimes", lambda: ())
    plan = plan_debug(load_session(KERNELS / "reduction.json"), (26,), (0,))
    environ = {"PATH": "/usr/bin", "PYTHONPATH": "elsewhere"}
    environment = debug_process_environment(plan, tmp_path / "icd", environ)
    vendors = Path(environment["OCL_ICD_VENDORS"])
    assert private.resolve() in [link.resolve() for link in vendors.iterdir()]
    assert environment["OCLGRIND_INTERACTIVE"] == "1" and environment["PATH"] == "/usr/bin"
    package_root = str(Path(clstudio.__file__).resolve().parent.parent)
    assert environment["PYTHONPATH"].split(":") == [package_root, "elsewhere"]
