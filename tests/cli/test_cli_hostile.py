"""`clstudio run` facing a user's Ctrl-C, hostile text and readers of its output files."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from clstudio.cli import main
from clstudio.common.terminal_text import escape_controls
from clstudio.exercises import exercises_dir
from clstudio.measurements import measure_peaks
from session.session_data import saved_session
from special_files import SPECIAL_KINDS, make_special

SPIN = {
    "format": "clstudio-session",
    "version": 1,
    "kernel": "spin",
    "source": "__kernel void spin(__global float* c, int forever) "
    "{ while (forever || c[0] < 0) { c[1] += 1; } }",
    "global_size": [1],
    "timeout_s": 60,
    "args": {
        "c": {"kind": "buffer", "dtype": "float32", "shape": [4]},
        "forever": {"kind": "scalar", "value": 1},
    },
}


def children_of(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except (OSError, ValueError):
            continue
        if entry.isdigit() and stat.rsplit(") ", 1)[1].split()[1] == str(pid):
            found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def until(condition: Callable[[], object], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.mark.opencl
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("moment", ["while the kernel spins", "while the worker boots"])
def test_ctrl_c_during_run_exits_130_in_one_line_and_leaves_nothing(
    tmp_path: Path, moment: str
) -> None:
    session = tmp_path / "spin.json"
    session.write_text(json.dumps(SPIN), encoding="utf-8")
    # A terminal sends Ctrl-C to the whole foreground process group: so does this test.
    command = subprocess.Popen(
        [sys.executable, "-m", "clstudio", "run", str(session)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )

    def scratch() -> list[Path]:
        return list(Path(tempfile.gettempdir()).glob(f"clstudio-worker-{command.pid}-*"))

    if moment == "while the kernel spins":
        assert until(scratch, 30)
        time.sleep(1.5)  # booted, built and spinning
    else:  # the resource tracker and the worker have been started
        assert until(lambda: len(children_of(command.pid)) >= 2, 30)
    helpers = children_of(command.pid)
    os.killpg(command.pid, signal.SIGINT)
    out, err = command.communicate(timeout=30)
    assert command.returncode == 130, err
    assert err.decode() == "clstudio: interrupted\n"
    assert out == b""
    assert until(lambda: not any(alive(pid) for pid in helpers), 10), "a process was left"
    assert not scratch(), "a scratch folder was left"


def write_session(folder: Path, data: dict[str, Any]) -> Path:
    return saved_session(folder / "session.json", data)


def test_escape_codes_in_a_session_are_shown_not_obeyed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    hostile = {**SPIN, "\x1b]0;pwned\x07\x1b[2J\rok": 1}
    assert main(["run", str(write_session(tmp_path, hostile))]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\r" not in out and "\x07" not in out
    assert "\\x1b]0;pwned\\x07\\x1b[2J\\x0dok: unknown key" in out
    assert out.endswith("FAILED\n")


@pytest.mark.opencl
def test_escape_codes_a_kernel_prints_are_shown_not_obeyed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    printing = {
        **SPIN,
        "kernel": "say",
        "source": '__kernel void say(__global float* c) { printf("\\033[1A\\033[2Kok\\n"); }',
        "timeout_s": 10,
        "args": {"c": {"kind": "buffer", "dtype": "float32", "shape": [4]}},
    }
    path = write_session(tmp_path, printing)
    assert main(["run", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out
    assert "    \\x1b[1A\\x1b[2Kok\n" in out
    assert main(["run", str(path), "--json"]) == 0  # JSON escapes them by itself
    assert json.loads(capsys.readouterr().out)["printf"] == "\x1b[1A\x1b[2Kok\n"


def test_escape_controls_keeps_newlines_and_tabs_and_text() -> None:
    assert escape_controls("a\tb\nc\u00e9\u4e2d") == "a\tb\nc\u00e9\u4e2d"
    assert escape_controls("\x00\x7f\x9b\u202e") == "\\x00\\x7f\\x9b\\u202e"


def clstudio(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The command in its own process: a read that blocks fails the test by its timeout."""
    return subprocess.run(
        [sys.executable, "-m", "clstudio", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
    )


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_a_fifo_or_a_device_as_the_learners_kernel_is_a_message(tmp_path: Path, kind: str) -> None:
    kernel = tmp_path / "mine.cl"
    make_special(kernel, kind)
    done = clstudio("exercise", "check", "vector_add", str(kernel))
    assert done.returncode == 1
    said = "named pipe (FIFO)" if kind == "fifo" else "character device"
    assert said in done.stdout + done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("name", ["exercise.json", "statement.md"])
@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_a_fifo_or_a_device_in_an_exercises_folder_is_a_message(
    tmp_path: Path, name: str, kind: str
) -> None:
    folder = tmp_path / "exercises"
    shutil.copytree(exercises_dir() / "vector_add", folder / "vector_add")
    path = folder / "vector_add" / name
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to(kind)
    done = clstudio("exercise", "list", env={"CLSTUDIO_EXERCISES": str(folder)})
    said = "named pipe (FIFO)" if kind == "fifo" else "character device"
    assert f"{name}: cannot read: " in done.stdout + done.stderr
    assert said in done.stdout + done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("command", [["run"], ["check"], ["export", "--lang", "c", "-o", "out"]])
def test_a_lone_surrogate_in_a_session_is_a_message_in_every_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    path = tmp_path / "session.json"
    text = json.dumps({**SPIN, "description": "SURROGATE"}).replace("SURROGATE", "\\ud800")
    path.write_text(text, encoding="utf-8")
    rest = [str(tmp_path / "out") if word == "out" else word for word in command[1:]]
    status = main([command[0], str(path), *rest])
    assert status == 1
    said = capsys.readouterr()
    assert "description: not valid Unicode: a lone surrogate (\\ud800)" in said.out + said.err
    assert not (tmp_path / "out").exists()


@pytest.mark.opencl
def test_peaks_sets_a_damaged_store_aside_and_never_rewrites_a_newer_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The store is what is tested: the second command is given the first one's figures
    # rather than measuring the device again.
    measured: list[Any] = []

    def measure_once(*args: Any, **kwargs: Any) -> Any:
        if not measured:
            measured.append(measure_peaks(*args, **kwargs))
        return measured[0]

    monkeypatch.setattr("clstudio.cli.peaks_command.measure_peaks", measure_once)
    store = Path(os.environ["CLSTUDIO_DATA_DIR"]) / "peaks.json"
    store.parent.mkdir(parents=True, exist_ok=True)
    store.write_text('{"format": "clstudio-peak-store", "version": 1, "measurements": 5}')
    assert main(["peaks", "--quick", "--device", "cpu"]) == 0
    err = capsys.readouterr().err
    (copy,) = store.parent.glob("peaks.json.damaged-*")
    assert f"it was set aside as {copy.name}" in err and err.count("\n") == 1
    assert len(json.loads(store.read_text())["measurements"]) == 1  # the new measurement

    newer = '{"format": "clstudio-peak-store", "version": 2, "measurements": ["kept"]}'
    store.write_text(newer)
    assert main(["peaks", "--quick", "--device", "cpu"]) == 1
    err = capsys.readouterr().err
    assert "version 2 is newer than this CL Studio writes (1); a newer CL Studio keeps it" in err
    assert store.read_text() == newer
