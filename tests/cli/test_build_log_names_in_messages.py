"""A failed build's message names the session's source, never PoCL's temporary copy of it
(issue 43, point 10): `export`'s message, `import`'s printed log and the run's (and check
mode's) build error rewrite `/tmp/.../tempfile_Ab12Cd.cl:3:5` as the Build log tab does.

PoCL's logs name the copy only in messages the compiler's parser cannot place (a driver's
own line, the first words of a log without a located error), so the builds here are a
real worker's with that log put in their place.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clstudio.cli import export_command, import_command, main
from clstudio.common import BuildResult, Diagnostic
from clstudio.devices import DeviceSelector
from clstudio.engine.host_steps import build_program
from clstudio.engine.run_record import Record, StepFailed
from clstudio.session import load_session
from clstudio.worker.client import WorkerClient

pytestmark = pytest.mark.opencl

COPY = "/tmp/tmp.x1/pocl-cache/tempfile_Ab12Cd.cl"
UNPLACED = f"{COPY}:3:5: the driver gave up here"
KERNEL = "__kernel void k(__global float *a)\n{\n    a[0] = 1.0f;\n}\n"


def failed(located: bool) -> BuildResult:
    """A failed build whose log names the driver's copy: with the line-zero error the
    engine makes of a log's first words, or (`located` false) with no error at all."""
    errors = (Diagnostic(0, 0, "error", UNPLACED),) if located else ()
    return BuildResult(False, UNPLACED + "\n", errors, (), 0.01)


def worker_whose_builds_fail(located: bool) -> type[WorkerClient]:
    class DriverCopyWorker(WorkerClient):
        def build(
            self, source: str, options: str = "", selector: DeviceSelector | None = None
        ) -> BuildResult:
            return failed(located)

    return DriverCopyWorker


@pytest.fixture(params=[True, False])
def failing_builds(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """`export` and `import` build on a worker whose builds fail, the log located (the
    fixture's parameter) or not."""
    worker = worker_whose_builds_fail(request.param)
    monkeypatch.setattr(export_command, "WorkerClient", worker)
    monkeypatch.setattr(import_command, "WorkerClient", worker)


@pytest.mark.usefixtures("failing_builds")
def test_export_names_the_sessions_source(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "saxpy.cl").write_text(KERNEL, encoding="utf-8")
    session = tmp_path / "s.json"
    data = {"format": "clstudio-session", "version": 1, "kernel": "k", "global_size": [1]}
    session.write_text(json.dumps(data | {"source_file": "saxpy.cl"}), encoding="utf-8")
    assert main(["export", str(session), "--lang", "c", "-o", str(tmp_path / "out")]) == 1
    said = capsys.readouterr().err
    assert "the kernel does not build" in said and "saxpy.cl:3:5" in said
    assert "tempfile_" not in said


@pytest.mark.usefixtures("failing_builds")
def test_import_names_the_host_files_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    host = tmp_path / "hello.c"
    host.write_text(
        "#include <stdio.h>\n"
        'const char *KernelSource = "\\n" \\\n'
        '"__kernel void square(__global float *x)\\n" \\\n'
        '"{ x[get_global_id(0)] *= 2.0f; }\\n";\n'
        "int main(void) { return 0; }\n"
    )
    assert main(["import", str(host), "-o", str(tmp_path / "s.json")]) == 1
    said = capsys.readouterr().err
    # Kernel line 3 is the host file's line 4 (the string's third line).
    assert f"{host}:4:5: the driver gave up here" in said
    assert "tempfile_" not in said


class OneContext:
    """The engine's contexts, as far as building goes: the build fails as PoCL's does."""

    def program(self, state: object, source: str, options: str) -> tuple[BuildResult, None, bool]:
        return failed(located=False), None, False


@pytest.mark.parametrize("source_file", ["saxpy.cl", None])
def test_the_runs_build_error_names_the_sessions_source(
    tmp_path: Path, source_file: str | None
) -> None:
    (tmp_path / "saxpy.cl").write_text(KERNEL, encoding="utf-8")
    data = {"format": "clstudio-session", "version": 1, "kernel": "k", "global_size": [1]}
    given = {"source_file": source_file} if source_file else {"source": KERNEL}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data | given), encoding="utf-8")
    with pytest.raises(StepFailed) as stopped:
        build_program(OneContext(), load_session(path), object(), Record("k"))  # type: ignore[arg-type]
    said = stopped.value.error.message
    assert said.startswith("the kernel source does not build: ")
    assert f"{source_file or 'kernel.cl'}:3:5: the driver gave up here" in said
    assert "tempfile_" not in said
