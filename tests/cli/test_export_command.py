"""`clstudio export`: a program that reproduces `clstudio run`, and clear refusals."""

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from clstudio.cli import main
from hostcode.exported_programs import run_saving_outputs

KERNELS = Path(__file__).parents[2] / "kernels"


@pytest.mark.opencl
def test_the_exported_program_saves_what_clstudio_run_saves(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    session = KERNELS / "saxpy.json"
    assert main(["export", str(session), "--lang", "python", "-o", str(tmp_path / "prog")]) == 0
    said = capsys.readouterr().out
    assert "wrote 4 files" in said and f"{sys.executable} main.py" in said
    assert main(["run", str(session), "--save-outputs", str(tmp_path / "app")]) == 0
    program = [sys.executable, str(tmp_path / "prog" / "main.py")]
    done = run_saving_outputs(program, tmp_path / "mine")
    assert "y: ok" in done.stdout
    np.testing.assert_allclose(
        np.load(tmp_path / "mine" / "y.npy"), np.load(tmp_path / "app" / "y.npy"), rtol=1e-6
    )


@pytest.mark.opencl
def test_both_languages_go_into_a_new_folder_with_commands_that_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`--lang both` writes python/ and c/; the printed commands, pasted into a shell without
    CL Studio's environment, build and run each program."""
    folder = tmp_path / "new" / "saxpy"
    assert main(["export", str(KERNELS / "saxpy.json"), "--lang", "both", "-o", str(folder)]) == 0
    said = capsys.readouterr().out
    assert (folder / "python" / "main.py").is_file() and (folder / "c" / "main.c").is_file()
    commands = [line.strip() for line in said.splitlines() if line.startswith("    ")]
    assert f"cd {folder / 'python'}" in commands and f"{sys.executable} main.py" in commands
    assert f"cd {folder / 'c'}" in commands and "make" in commands and "./main" not in commands
    env = {k: v for k, v in os.environ.items() if k != "OCL_ICD_VENDORS"}
    python_part, c_part = (" && ".join(commands[:2]), " && ".join(commands[2:]))
    for script in (python_part, c_part):
        done = subprocess.run(script, shell=True, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "y: ok" in done.stdout


@pytest.mark.opencl
def test_a_non_empty_folder_is_refused_without_force(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "homework.c").write_text("mine")
    argv = ["export", str(KERNELS / "vector_add.json"), "--lang", "c", "-o", str(tmp_path)]
    assert main(argv) == 1
    assert "is not empty; choose an empty folder, or give --force" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir()] == ["homework.c"]
    assert main([*argv, "--force"]) == 0
    assert (tmp_path / "homework.c").read_text() == "mine"
    assert (tmp_path / "main.c").exists()


@pytest.mark.opencl
def test_a_kernel_that_does_not_build_is_not_exported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    session = tmp_path / "broken.json"
    session.write_text(
        '{"format": "clstudio-session", "version": 1, "kernel": "k", "global_size": [4],'
        ' "source": "__kernel void k(__global float *x) { x[0] = oops; }"}'
    )
    assert main(["export", str(session), "--lang", "python", "-o", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "the kernel does not build: line 1:" in err and "oops" in err
    assert not (tmp_path / "out").exists()


def test_a_missing_session_is_a_message_not_a_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["export", str(tmp_path / "none.json"), "--lang", "c", "-o", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("clstudio export: ") and "cannot read" in err
