"""Loops until done exported: both programs read the condition back after each round, as
real host code does, stop where the app stopped and leave the same outputs; one that runs
out of rounds says which condition, after how many, and exits 1."""

from __future__ import annotations

import subprocess
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from clstudio.common import KernelSignature, RunResult
from clstudio.engine import Engine
from clstudio.session import LaunchGroup, Session
from hostcode.exported_programs import export_both
from loop_kernels import bfs_session, components_session, rodinia_bfs_cpu, rodinia_graph

pytestmark = pytest.mark.opencl

GRAPH = rodinia_graph(80, seed=3)


def signatures(result: RunResult) -> dict[str, KernelSignature]:
    assert result.build is not None
    return {kernel.name: kernel for kernel in result.build.kernels}


def run_both(session: Session, root: Path) -> tuple[RunResult, dict[str, tuple[int, str]]]:
    """The app's run, and each exported program's exit status and output (OUT saved)."""
    result = Engine().run(session)
    assert result.error is None, result.error
    known = signatures(result)
    commands = export_both(session, known[session.kernel], root, known)
    done = {}
    for language, command in commands.items():
        ran = subprocess.run(
            [*command, "--save-outputs", str(root / language / "OUT")],
            capture_output=True,
            text=True,
        )
        assert "Traceback" not in ran.stderr, ran.stderr
        done[language] = (ran.returncode, ran.stdout)
    return result, done


def assert_same_outputs(result: RunResult, root: Path, language: str) -> None:
    for name, expected in result.outputs.items():
        saved = np.load(root / language / "OUT" / f"{name}.npy")
        np.testing.assert_array_equal(saved, expected, err_msg=f"{language}: {name}")


def test_rodinias_bfs_exported_loops_until_its_flag_stays_0_as_the_app_did(
    tmp_path: Path,
) -> None:
    costs, rounds = rodinia_bfs_cpu(GRAPH)
    result, done = run_both(bfs_session(GRAPH), tmp_path)
    assert result.ok and result.outputs["g_cost"].tolist() == costs
    said = f"launches 1 to 2: {rounds} rounds, until `g_over` equals 0"
    for language, (status, stdout) in done.items():
        assert status == 0, (language, stdout)
        assert said in stdout.splitlines(), (language, stdout)
        assert_same_outputs(result, tmp_path, language)


def test_connected_components_exported_stop_when_the_labels_stop_changing(
    tmp_path: Path,
) -> None:
    result, done = run_both(components_session(GRAPH), tmp_path)
    assert result.ok
    for language, (status, stdout) in done.items():
        assert status == 0, (language, stdout)
        assert "until `labels` stops changing" in stdout, (language, stdout)
        assert_same_outputs(result, tmp_path, language)


def test_an_exported_loop_that_runs_out_of_rounds_says_so_and_exits_1(tmp_path: Path) -> None:
    _, rounds = rodinia_bfs_cpu(GRAPH)
    session = bfs_session(GRAPH)
    group = session.launches[0]
    assert isinstance(group, LaunchGroup)
    short = replace(session, launches=(replace(group, iterations=rounds - 3),))
    result, done = run_both(short, tmp_path)
    assert not result.ok and not result.loops[0].held
    said = (
        f"launches 1 to 2: `g_over` equals 0 still did not hold after the most rounds, "
        f"{rounds - 3}; the loop stopped there"
    )
    assert said == result.loops[0].words()
    for language, (status, stdout) in done.items():
        assert status == 1, (language, stdout)
        assert said in stdout.splitlines(), (language, stdout)
        assert_same_outputs(result, tmp_path, language)
