"""`clstudio run SESSION [--json] [--save-outputs DIR]`: build, run, check the references."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path

import numpy as np

from clstudio.common import RunError, RunResult, save_array_atomically
from clstudio.reporting import format_summary, result_to_json
from clstudio.session import SessionError, load_session
from clstudio.worker.client import WorkerClient

NAME = "run"
HELP = "build and run a session file"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("session", type=Path, help="the session file (.json)")
    parser.add_argument("--json", action="store_true", help="print the whole result as JSON")
    parser.add_argument(
        "--save-outputs", type=Path, metavar="DIR", help="write each output buffer to DIR/NAME.npy"
    )


def execute(options: argparse.Namespace) -> int:
    try:
        session = load_session(options.session)
    except SessionError as exc:
        result = RunResult(ok=False, error=RunError("load", str(exc)))
    else:
        # In a worker process, like the app: a kernel that hangs or crashes ends as a
        # result with stage "timeout" or "crash", never as a dead command.
        with WorkerClient() as worker:
            result = worker.run(session)
    if options.save_outputs is not None and result.outputs:
        problem = _save_outputs(result.outputs, options.save_outputs)
        if problem:
            result = replace(result, ok=False, error=problem)
    if options.json:
        print(json.dumps(result_to_json(result), indent=2))
    else:
        print(format_summary(result))
    return 0 if result.ok else 1


def _save_outputs(outputs: dict[str, np.ndarray], folder: Path) -> RunError | None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, array in outputs.items():
            save_array_atomically(folder / f"{name}.npy", array)
    except OSError as exc:
        return RunError("run", f"cannot save the outputs in {folder}: {exc.strerror or exc}")
    return None
