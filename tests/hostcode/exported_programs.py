"""A session exported in both languages on PoCL, the C built with -Werror, for tests that
run the exported programs against the app; the signature they are exported for."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from clstudio.common import KernelSignature, RunResult
from clstudio.hostcode import export_program
from clstudio.hostcode.bundled_pocl import POCL_PLATFORM
from clstudio.session import Session
from hostcode.pocl_gallery import ON_POCL


def export_both(
    session: Session,
    signature: KernelSignature,
    root: Path,
    signatures: Mapping[str, KernelSignature] | None = None,
) -> dict[str, list[str]]:
    """Each language's command that runs the exported program; C built with -Werror.
    `signatures` holds every kernel of a program of several."""
    export_program(session, signature, "python", root / "py", ON_POCL, signatures=signatures)
    export_program(
        session,
        signature,
        "c",
        root / "c",
        ON_POCL,
        platform_name=POCL_PLATFORM,
        signatures=signatures,
    )
    build = subprocess.run(
        ["make", "-s", "-C", str(root / "c"), "CFLAGS=-O2 -Wall -Wextra -Werror"],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr
    return {
        "python": [sys.executable, str(root / "py" / "main.py")],
        "c": [str(root / "c" / "run.sh")],
    }


def signature_of(result: RunResult, name: str) -> KernelSignature:
    """The signature of kernel `name` from the build that `result` ran."""
    signature = result.build.kernel(name) if result.build is not None else None
    assert signature is not None, name
    return signature


def run_saving_outputs(command: list[str], out: Path) -> subprocess.CompletedProcess[str]:
    """Run an exported program with `--save-outputs out`; it must succeed."""
    done = subprocess.run([*command, "--save-outputs", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, (command, done.stdout + done.stderr)
    return done
