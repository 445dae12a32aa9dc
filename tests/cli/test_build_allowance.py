"""The build's allowance ends when the build does: `clstudio traffic` and `clstudio compile`
stop an endless kernel after about its own time limit, not after the unused build allowance
too (issue 44: 125 to 140 s for `timeout_s: 3`)."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

from clstudio.cli import main

ENDLESS = Path(__file__).parents[1] / "faults" / "infinite_loop"
FAR_BELOW_THE_BUILD_ALLOWANCE_S = 60.0  # the build alone may take 120 s


def endless_session(folder: Path) -> Path:
    shutil.copy(ENDLESS / "kernel.cl", folder / "kernel.cl")
    data = json.loads((ENDLESS / "session.json").read_text(encoding="utf-8"))
    # Short, since traffic's limit is six of these; the build's own allowance is apart.
    data["timeout_s"] = 1.5
    path = folder / "session.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.opencl
@pytest.mark.parametrize("command", [["traffic"], ["compile"]])
def test_an_endless_kernel_stops_long_before_the_build_allowance_ends(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    started = time.monotonic()
    status = main([*command, str(endless_session(tmp_path)), "--json"])
    took = time.monotonic() - started
    report = json.loads(capsys.readouterr().out)
    assert status != 0 and report["ok"] is False
    error = report["error"]  # traffic's error is its message, compile's has a stage too
    message = error if isinstance(error, str) else error["message"]
    assert "kernel 'spin' did not finish" in message
    assert took < FAR_BELOW_THE_BUILD_ALLOWANCE_S
