"""Helpers of the debugger's tests: the gallery's kernels and the debugger's own sessions,
recorded transcripts, and a skip where Oclgrind is absent."""

import os
from pathlib import Path

import numpy as np
import pytest

from clstudio.session import BufferArg, Session, initial_contents

KERNELS = Path(__file__).parents[2] / "kernels"
SESSIONS = Path(__file__).parent / "sessions"
TRANSCRIPTS = Path(__file__).parent / "transcripts"


def _has_oclgrind() -> bool:
    try:
        import pyopencl as cl

        return any("oclgrind" in p.name.lower() for p in cl.get_platforms())
    except Exception:  # any driver failure means the same thing here: no simulator
        return False


needs_oclgrind = pytest.mark.skipif(
    not _has_oclgrind(),
    reason="Oclgrind is not installed in CL Studio's folder: make oclgrind",
)


def inputs(session: Session, name: str) -> np.ndarray:
    """What the session puts in buffer `name` before the launch (seeded, so it repeats)."""
    spec = session.args[name]
    assert isinstance(spec, BufferArg)
    return initial_contents(name, spec, session.seed, session.base_dir)


def transcript(name: str) -> list[tuple[str, str, str]]:
    """A recorded run (record_transcripts.py): (command, stdout answer, stderr) in order."""
    blocks: list[tuple[str, list[str], list[str]]] = []
    for row in (TRANSCRIPTS / f"{name}.txt").read_text(encoding="utf-8").splitlines():
        if row.startswith("$ "):
            blocks.append((row[2:], [], []))
        elif row.startswith("! ") or row == "!":
            blocks[-1][2].append(row[2:])
        else:
            blocks[-1][1].append(row)
    return [(c, "\n".join(out), "\n".join(err)) for c, out, err in blocks]


def answer(name: str, command: str, occurrence: int = 0) -> str:
    """The answer to the `occurrence`-th `command` of transcript `name`."""
    found = [a for c, a, _ in transcript(name) if c == command]
    return found[occurrence]


def gone(pid: int | None) -> bool:
    """Whether the process `pid` (which must be known) has ended: a debug run leaves none."""
    assert pid is not None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False
