"""`clstudio run SESSION [--json] [--count] [--save-outputs DIR] [--device SPEC]...`: run, check.

With several --device, the session runs on each in turn and their outputs are compared;
--save-outputs DIR then writes the outputs of the K-th device to DIR/device-K.
"""

from __future__ import annotations

import argparse
import json
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import numpy as np

from clstudio.cli import remote_options
from clstudio.cli import session_commands as shared
from clstudio.common import N_, BuildResult, RunError, RunResult, gettext, save_array_atomically
from clstudio.counts import CountResult
from clstudio.devices import parse_device_spec
from clstudio.measurements import run_on_devices
from clstudio.remote import RemoteError
from clstudio.reporting import (
    counts_to_json,
    device_runs_to_json,
    format_comparison,
    format_counts,
    format_summary,
    result_to_json,
)
from clstudio.session import Session, SessionError, SourceMap, load_session
from clstudio.validation.portability import shortfalls_text
from clstudio.worker.client import WorkerClient
from clstudio.worker.count_client import CountClient

NAME = "run"
HELP = N_("build and run a session file")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    shared.add_session_argument(parser)
    shared.add_json_argument(parser)
    parser.add_argument(
        "--save-outputs",
        type=Path,
        metavar="DIR",
        help=gettext(
            "write each output buffer to DIR/NAME.npy; with several --device, the K-th "
            "device's to DIR/device-K/NAME.npy"
        ),
    )
    parser.add_argument(
        "--count",
        action="store_true",
        help=gettext(
            "also run the session once on Oclgrind and report the operations and bytes it "
            "executed (a sample of work-groups for a large range)"
        ),
    )
    parser.add_argument(
        "--device",
        action="append",
        metavar="SPEC",
        help=gettext(
            "run on this device (DEVICE or PLATFORM:DEVICE, substrings) instead of the "
            "session's; repeat it to run on several and compare their outputs"
        ),
    )
    remote_options.add_remote_arguments(parser)


def execute(options: argparse.Namespace) -> int:
    try:
        if options.count and options.remote is not None:
            raise RemoteError(
                gettext("--count runs on this machine's Oclgrind: leave out --remote")
            )
        worker = remote_options.worker_client(options)
    except RemoteError as exc:
        return remote_options.refused(exc)
    with worker:
        return _execute(options, worker)


def _execute(options: argparse.Namespace, worker: WorkerClient) -> int:
    source_map = SourceMap(())
    try:
        session = load_session(options.session)
    except SessionError as exc:
        result = RunResult(ok=False, error=RunError("load", str(exc)))
    else:
        source_map = session.source_map
        if options.device and len(options.device) > 1:
            return several_devices(session, options, worker)
        if options.device:
            session = replace(session, device=parse_device_spec(options.device[0]))
        # In a worker process, like the app: a kernel that hangs or crashes ends as a
        # result with stage "timeout" or "crash", never as a dead command.
        result = worker.run(session)
    if options.save_outputs is not None:
        result = _saved(result, options.save_outputs)
    counted = _counted(session) if options.count and result.error is None else None
    if options.json:
        report = result_to_json(result)
        if options.count:
            report["counts"] = None if counted is None else counts_to_json(counted)
        print(json.dumps(report, indent=2))
    else:
        print(format_summary(result, source_map))
        failed_build = result.build is not None and not result.build.ok
        if failed_build and (why := _shortfalls(worker, session, result.build)):
            print(why)
        if counted is not None:
            print(format_counts(counted))
    return 0 if result.ok and (counted is None or counted.ok) else 1


def _shortfalls(worker: WorkerClient, session: Session, build: BuildResult | None) -> str:
    """After a failed build: what the kernel needs that the device lacks, if anything."""
    device = worker.devices().select(session.device)
    if device is None or build is None:
        return ""
    return shortfalls_text(session.source, build.options, device)


def _counted(session: Session) -> CountResult:
    """The session counted on Oclgrind, in a worker of its own (the run's stays warm)."""
    with closing(CountClient()) as client:
        return client.count(session)


def several_devices(session: Session, options: argparse.Namespace, worker: WorkerClient) -> int:
    """Run on each --device in turn; print every result, then how their outputs differ."""
    selectors = [parse_device_spec(spec) for spec in options.device]
    results = run_on_devices(worker, session, selectors)
    if options.save_outputs is not None:
        results = [
            _saved(r, options.save_outputs / f"device-{i}") for i, r in enumerate(results, 1)
        ]
    if options.json:
        print(json.dumps(device_runs_to_json(results), indent=2))
    else:
        for result in results:
            print(format_summary(result, session.source_map))
            print()
        print(format_comparison(results))
    return 0 if all(r.ok for r in results) else 1


def _saved(result: RunResult, folder: Path) -> RunResult:
    """The result after its outputs were written to folder/NAME.npy; failed if they could not be."""
    if not result.outputs:
        return result
    problem = _save_outputs(result.outputs, folder)
    return result if problem is None else replace(result, ok=False, error=problem)


def _save_outputs(outputs: dict[str, np.ndarray], folder: Path) -> RunError | None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, array in outputs.items():
            save_array_atomically(folder / f"{name}.npy", array)
    except OSError as exc:
        said = gettext("cannot save the outputs in {folder}: {reason}")
        return RunError("run", said.format(folder=folder, reason=exc.strerror or exc))
    return None
