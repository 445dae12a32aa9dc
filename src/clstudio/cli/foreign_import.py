"""`clstudio import FOLDER|SCRIPT` for captures made elsewhere: an opencl-intercept-layer
dump or a pyopencl capture_call script, read as data (never run) and written as a capture
folder: a session per launch and capture.json (docs/capture.md)."""

from __future__ import annotations

import argparse
import sys
from contextlib import closing
from pathlib import Path

from clstudio.capture import INDEX_FILE, CaptureError, LaunchEntry, reason_text
from clstudio.capture.foreign_captures import read_foreign_capture
from clstudio.capture.foreign_launches import ForeignCapture, ForeignCaptureError
from clstudio.capture.foreign_sessions import save_foreign_capture
from clstudio.common import gettext
from clstudio.devices import DeviceSelector, is_simulator, parse_device_spec
from clstudio.worker.client import WorkerClient


def import_capture(options: argparse.Namespace) -> int:
    if options.json or options.kernel or options.force:
        said = gettext("--json, --kernel and --force are for host files, not for captures")
        return _fail(said)
    try:
        capture = read_foreign_capture(options.file)
    except ForeignCaptureError as exc:
        return _fail(str(exc))
    if options.list:
        print(list_text(capture))
        return 0
    output: Path = options.output or Path(options.file.resolve().name + "-sessions")
    try:
        with closing(WorkerClient()) as worker:
            devices = _devices(worker, options.device)
            index = save_foreign_capture(capture, output, worker, devices, _tell)
    except CaptureError as exc:
        return _fail(str(exc))
    saved = sum(entry.captured for entry in index.launches)
    said = gettext("{count} launches, {saved} made sessions; see {index}")
    print(said.format(count=len(index.launches), saved=saved, index=output / INDEX_FILE))
    return 0 if saved == len(index.launches) else 1


def _devices(worker: WorkerClient, spec: str | None) -> list[DeviceSelector]:
    """The devices to try, in order: the one --device names, or every device but the
    simulator's (as the import of a host file chooses)."""
    wanted = parse_device_spec(spec) if spec else None
    inventory = worker.devices()
    found = []
    for info in inventory.devices():
        if wanted is None and is_simulator(info.platform_name):
            continue
        if wanted is not None and inventory.select(wanted) != info:
            continue
        found.append(DeviceSelector(info.platform_name, info.name))
    return found


def list_text(capture: ForeignCapture) -> str:
    """Each launch of the capture, one a line, as read; nothing is built or written."""
    said = gettext("{place}: launch {number}, kernel {kernel}, global {size}, {count} arguments")
    return "\n".join(
        said.format(
            place=launch.place,
            number=launch.number,
            kernel=launch.kernel,
            size="×".join(map(str, launch.global_size)),
            count=len(launch.args),
        )
        for launch in capture.launches
    )


def _tell(entry: LaunchEntry) -> None:
    if entry.session is not None:
        said = gettext("launch {number}, {kernel} ({place}): {session}")
        print(
            said.format(
                number=entry.number,
                kernel=entry.kernel,
                place=entry.call_site,
                session=entry.session,
            )
        )
        return
    said = gettext("launch {number}, {kernel} ({place}): not imported: {reason}")
    text = said.format(
        number=entry.number, kernel=entry.kernel, place=entry.call_site, reason=reason_text(entry)
    )
    print(text, file=sys.stderr)


def _fail(message: str) -> int:
    print(gettext("clstudio import: {problem}").format(problem=message), file=sys.stderr)
    return 1
