"""The `clstudio` command: the app by default, `devices` and `run` for the terminal."""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

from clstudio import __version__
from clstudio.common import RunError, RunResult
from clstudio.devices import format_inventory, inventory_to_json
from clstudio.reporting import format_summary, result_to_json
from clstudio.session import SessionError, load_session
from clstudio.worker.client import WorkerClient

COMMANDS = ("gui", "devices", "run")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="clstudio",
        description="CL Studio, an OpenCL explorer and kernel playground. "
        "With no command it opens the app.",
    )
    parser.add_argument("--version", action="version", version=f"clstudio {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    gui = commands.add_parser("gui", help="open the app (the default)")
    gui.add_argument("session", nargs="?", type=Path, help="a session file to open")
    devices = commands.add_parser("devices", help="list OpenCL platforms and devices, like clinfo")
    devices.add_argument("--json", action="store_true", help="print machine-readable JSON")
    run = commands.add_parser("run", help="build and run a session file")
    run.add_argument("session", type=Path, help="the session file (.json)")
    run.add_argument("--json", action="store_true", help="print the whole result as JSON")
    run.add_argument(
        "--save-outputs", type=Path, metavar="DIR", help="write each output buffer to DIR/NAME.npy"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or (args[0] not in COMMANDS and not args[0].startswith("-")):
        args.insert(0, "gui")
    options = _parser().parse_args(args)
    try:
        if options.command == "devices":
            return _devices(options.json)
        if options.command == "run":
            return _run(options.session, options.json, options.save_outputs)
    except BrokenPipeError:
        # The reader went away (`clstudio devices | head`): stop quietly, as Python's
        # docs advise, so that the interpreter's exit does not report it again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    from clstudio.ui.app import run_app

    return run_app(options.session)


def _devices(as_json: bool) -> int:
    # In a worker process: a driver that crashes on a query cannot take this one down.
    with WorkerClient() as worker:
        inventory = worker.devices()
    if as_json:
        print(json.dumps(inventory_to_json(inventory), indent=2))
    else:
        print(format_inventory(inventory))
    return 0


def _run(path: Path, as_json: bool, save_outputs: Path | None) -> int:
    try:
        session = load_session(path)
    except SessionError as exc:
        result = RunResult(ok=False, error=RunError("load", str(exc)))
    else:
        # In a worker process, like the app: a kernel that hangs or crashes ends as a
        # result with stage "timeout" or "crash", never as a dead command.
        with WorkerClient() as worker:
            result = worker.run(session)
    if save_outputs is not None and result.outputs:
        problem = _save_outputs(result.outputs, save_outputs)
        if problem:
            result = replace(result, ok=False, error=problem)
    if as_json:
        print(json.dumps(result_to_json(result), indent=2))
    else:
        print(format_summary(result))
    return 0 if result.ok else 1


def _save_outputs(outputs: dict[str, np.ndarray], folder: Path) -> RunError | None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, array in outputs.items():
            np.save(folder / f"{name}.npy", array, allow_pickle=False)
    except OSError as exc:
        return RunError("run", f"cannot save the outputs in {folder}: {exc.strerror or exc}")
    return None
