"""What the capture tests share: the opening of a learner's pyopencl program on PoCL, the
environment that runs `python -m clstudio` from this tree, and the capture's index."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

SRC = Path(__file__).parents[2] / "src"

# A learner's program opens so: PoCL's platform by name, one device, one queue.
PREAMBLE = """
import numpy as np
import pyopencl as cl

platform = next(p for p in cl.get_platforms() if "Portable" in p.name)
ctx = cl.Context(platform.get_devices()[:1])
queue = cl.CommandQueue(ctx)
mf = cl.mem_flags
"""


# What the `recorder` fixture (conftest.py) changes in the environment of the commands run.
RECORDER_ENVIRONMENT: dict[str, str] = {}


def environment() -> dict[str, str]:
    """This process's environment, with this tree's clstudio first on the path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(SRC)
    env.update(RECORDER_ENVIRONMENT)
    return env


def clstudio(
    args: list[str], cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`python -m clstudio ARGS` from this tree, run in `cwd` as a learner runs it, in
    `env` (else environment())."""
    command = [sys.executable, "-m", "clstudio", *args]
    return subprocess.run(
        command, cwd=cwd, env=env or environment(), capture_output=True, text=True, timeout=300
    )


def index_of(folder: Path) -> dict[str, Any]:
    """The capture.json that `clstudio capture -o out` left in `folder`."""
    index: dict[str, Any] = json.loads((folder / "out" / "capture.json").read_text())
    return index


def kernels_listed(folder: Path) -> list[tuple[str, bool, str | None]]:
    """Each launch capture.json lists: its kernel, whether it was captured, and why not."""
    return [(e["kernel"], e["captured"], e["reason"]) for e in index_of(folder)["launches"]]


def printed(done: subprocess.CompletedProcess[str]) -> str:
    """What the program printed under capture, which must have ended well (else: its errors)."""
    assert done.returncode == 0, done.stderr
    return done.stdout


def no_compiler_path(folder: Path) -> str:
    """A PATH with no C compiler on it, and the linker PoCL links its kernels with."""
    tools = folder / "no-compiler"
    tools.mkdir()
    linker = shutil.which("ld")
    if linker is not None:
        (tools / "ld").symlink_to(linker)
    return str(tools)
