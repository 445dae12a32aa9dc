"""Exported programs choose their device as the course teaches: `--list` numbers the
devices, `--device N|NAME` picks one, and without it a device of the type the session ran
on comes before the first device, when the exporting machine's device is not here."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from clstudio.devices import DeviceSelector
from clstudio.devices.oclgrind_home import oclgrind_libraries
from clstudio.hostcode import export_program
from clstudio.hostcode.bundled_pocl import POCL_PLATFORM
from hostcode.test_host_program import SESSION, SIGNATURE

pytestmark = pytest.mark.opencl

ELSEWHERE = DeviceSelector("A platform not on this machine", "Its device")
LISTED = re.compile(r"^(\d+): (.+) \(([A-Z |]+), (\d+) compute units\) on (.+)$")


Run = Callable[..., "subprocess.CompletedProcess[str]"]
Program = tuple[Run, Path]


def _python(folder: Path, *options: str) -> subprocess.CompletedProcess[str]:
    main = [sys.executable, str(folder / "main.py"), *options]
    return subprocess.run(main, capture_output=True, text=True, timeout=300)


def _c(folder: Path, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(folder / "run.sh"), *options], capture_output=True, text=True, timeout=300
    )


@pytest.fixture(scope="module", params=["python", "c"])
def program(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Program:
    """(run, folder): the scale session exported for a device this machine lacks, of the
    type CPU; the C program also sees Oclgrind, as a learner's machine with it does."""
    language: str = request.param
    folder = tmp_path_factory.mktemp(language)
    export_program(
        SESSION, SIGNATURE, language, folder, ELSEWHERE, POCL_PLATFORM, device_type="CPU"
    )
    if language == "python":
        return _python, folder
    subprocess.run(["make", "-s", "-C", str(folder)], check=True, capture_output=True)
    for simulator in oclgrind_libraries():
        (folder / "oclgrind.icd").write_text(f"{simulator}\n")
    return _c, folder


def _listed(run: Run, folder: Path) -> list[tuple[str, ...]]:
    done = run(folder, "--list")
    assert done.returncode == 0, done.stderr
    rows = [LISTED.match(line) for line in done.stdout.splitlines()]
    assert rows and all(rows), done.stdout
    return [row.groups() for row in rows if row]


def test_list_numbers_every_device_with_its_type_and_compute_units(program: Program) -> None:
    rows = _listed(*program)
    assert [int(number) for number, *_ in rows] == list(range(len(rows)))
    pocl = [row for row in rows if row[4] == POCL_PLATFORM]
    assert pocl and pocl[0][2] == "CPU" and int(pocl[0][3]) >= 1


def test_device_by_number_and_by_name_say_what_was_chosen(program: Program) -> None:
    run, folder = program
    rows = _listed(run, folder)
    for number, name, kinds, units, platform in rows:
        done = run(folder, "--device", number)
        assert done.returncode == 0, done.stderr
        chosen = f"device: {name} ({kinds}, {units} compute units) on {platform}"
        assert chosen in done.stdout.splitlines()
        assert "queue: ok" in done.stdout
    _, name, kinds, units, platform = next(row for row in rows if row[4] == POCL_PLATFORM)
    done = run(folder, "--device", "portable computing")
    assert f"device: {name} ({kinds}, {units} compute units) on {platform}" in done.stdout


def test_without_the_exporting_machines_device_one_of_its_type_comes_first(
    program: Program,
) -> None:
    """Oclgrind reports every type; PoCL only CPU: the CPU session gets PoCL, not the
    simulator, even where the simulator is listed first."""
    run, folder = program
    done = run(folder)
    assert done.returncode == 0, done.stderr
    chosen = done.stdout.splitlines()[0]
    assert chosen.startswith("device: ") and "(CPU, " in chosen, chosen
    assert chosen.endswith(f"on {POCL_PLATFORM}"), chosen


def test_a_device_that_is_not_there_is_a_message(program: Program) -> None:
    run, folder = program
    rows = _listed(run, folder)
    for wanted in (str(len(rows)), "no such device"):
        done = run(folder, "--device", wanted)
        assert done.returncode == 2
        assert f"no device '{wanted}'; --list shows them" in done.stderr
