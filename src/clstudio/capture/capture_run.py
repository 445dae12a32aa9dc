"""`clstudio capture`: the learner's program run as it is, with the hook on its Python's
path and the layer in its OpenCL loader, and its launches turned into sessions while it runs.

The program keeps its own input, output and exit status; only PYTHONPATH (the hook's folder
put first), the capture's settings variable and the layer's variables (native_layer) are
added to its environment. Whichever records it, a Python program through the hook or a C
program through the layer, writes the same journal. The journal is looked at every
fraction of a second: a captured launch is listed soon after it ran, the launches that are
not captured in batches, and whatever is left when the program ends, however it ends.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import stat
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from clstudio.backend import Builder
from clstudio.capture.capture_index import CaptureIndex, LaunchEntry, ProgramEntry, write_index
from clstudio.capture.journal import JOURNAL_FOLDER, JournalLaunch, JournalReader, Reason
from clstudio.capture.launch_sessions import LaunchSessions, NotReproducible
from clstudio.capture.native_layer import (
    VENDORS_VARIABLE,
    LayerUnavailable,
    layer_environment,
    layer_library,
    write_settings,
)
from clstudio.capture.program_session import CapturedLaunch, save_program
from clstudio.common import gettext
from clstudio.session import SessionError

HOOK_FOLDER = Path(__file__).with_name("hook")
SETTINGS_VARIABLE = "CLSTUDIO_CAPTURE"  # the hook's sitecustomize reads it
DEFAULT_FIRST = 16
DEFAULT_MAX_BYTES = 256 << 20
POLL_S = 0.2
STOP_GRACE_S = 5.0  # after SIGTERM, a program that has not ended is killed
# Launches that are not captured are listed in batches, and capture.json rewritten whole:
# at once when a launch has a new session, else at most every second, and less often as
# long as listing and writing take (a tenth of the time at most), so that a program of many
# launches does not share its CPU with CL Studio's process.
INDEX_EVERY_S = 1.0


class CaptureError(ValueError):
    """A capture refused before the program runs; the message names the cause."""


@dataclass(frozen=True)
class CaptureRequest:
    command: tuple[str, ...]
    folder: Path
    working_folder: Path
    kernels: tuple[str, ...] = ()  # empty: every kernel
    launches: tuple[int, ...] = ()  # launch numbers, from 1; empty: the first of each kernel
    first: int = DEFAULT_FIRST
    max_bytes: int = DEFAULT_MAX_BYTES
    time_limit_s: float | None = None  # then the program is stopped, what it launched kept


@dataclass(frozen=True)
class CaptureResult:
    exit_status: int  # the program's, as a shell reports it (128 + N for signal N)
    index: CaptureIndex
    notes: tuple[str, ...] = ()  # what the capture could not do, such as C programs' layer
    damaged_lines: int = 0  # journal lines that were no launch (a program writing there)


def prepare_folder(folder: Path) -> None:
    """Make the output folder, refusing anything but a new or empty folder."""
    try:
        info = folder.lstat()
    except FileNotFoundError:
        try:
            folder.mkdir(parents=True)
        except OSError as exc:
            said = gettext("cannot make the output folder {folder}: {error}")
            raise CaptureError(said.format(folder=folder, error=exc.strerror)) from exc
        return
    if stat.S_ISLNK(info.st_mode):
        said = gettext("{folder} is a symbolic link; name a new or empty folder")
        raise CaptureError(said.format(folder=folder))
    if not stat.S_ISDIR(info.st_mode):
        said = gettext("{folder} exists and is not a folder; name a new or empty folder")
        raise CaptureError(said.format(folder=folder))
    if any(folder.iterdir()):
        said = gettext("{folder} is not empty; a capture writes only into a new or empty folder")
        raise CaptureError(said.format(folder=folder))


def program_environment(
    request: CaptureRequest, journal: Path, layer: Path | None
) -> dict[str, str]:
    """The program's environment: its own, with the hook first on PYTHONPATH, CL Studio's
    devices offered to C programs and, when it was built, the layer that captures them."""
    env = dict(os.environ)
    paths = [str(HOOK_FOLDER), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    settings = {
        "journal": os.path.abspath(journal),  # the program may change its folder
        "kernels": list(request.kernels),
        "launches": list(request.launches),
        "first": request.first,
        "max_bytes": request.max_bytes,
        # What the hook gives back to Python processes: their loader needs no help.
        "environment": {VENDORS_VARIABLE: env.get(VENDORS_VARIABLE)},
        # The layer records Python programs too, where it was built; the hook helps it.
        "layer": None if layer is None else str(layer),
    }
    env[SETTINGS_VARIABLE] = json.dumps(settings)
    write_settings(journal, request.kernels, request.launches, request.first, request.max_bytes)
    env.update(layer_environment(journal, layer, os.environ))
    return env


def run_capture(
    request: CaptureRequest,
    builder: Builder,
    told: Callable[[Sequence[LaunchEntry]], None],
    stop: Callable[[], bool] | None = None,
) -> CaptureResult:
    """Run the program to its end, its time limit or `stop()`, capturing; `told` hears of
    the launches listed at each look, in order. A stopped program keeps what it launched
    until then, as if it had crashed there. A folder that cannot be written (a full disk)
    ends in CaptureError once the program has ended, capture.json left saying `running`."""
    if not request.command:
        raise CaptureError(gettext("no command to run: give it after --"))
    if shutil.which(request.command[0], path=_path_from(request)) is None:
        said = gettext("cannot run {command}: no such program")
        raise CaptureError(said.format(command=request.command[0]))
    prepare_folder(request.folder)
    journal = request.folder / JOURNAL_FOLDER
    index = CaptureIndex(request.command, str(request.working_folder))
    try:
        journal.mkdir()
        write_index(request.folder, index)
    except OSError as exc:
        raise _unwritable(request, exc) from exc
    reader = JournalReader(journal)
    sessions = LaunchSessions(builder, reader, request.folder)
    notes: tuple[str, ...] = ()
    try:
        layer: Path | None = layer_library()
    except LayerUnavailable as exc:
        layer = None
        said = gettext("launches of C and C++ programs are not captured: {why}")
        notes = (said.format(why=exc),)
    environment = program_environment(request, journal, layer)
    program = subprocess.Popen(request.command, cwd=request.working_folder, env=environment)
    deadline = None if request.time_limit_s is None else time.monotonic() + request.time_limit_s
    captured: list[CapturedLaunch] = []
    status = None
    failure: OSError | None = None
    written_at, busy_s, unwritten = time.monotonic(), 0.0, False
    while status is None:
        try:
            status = program.wait(timeout=POLL_S)
        except subprocess.TimeoutExpired:
            if index.stopped is None and stop is not None and stop():
                index.stopped = "stop"
            elif index.stopped is None and deadline is not None and time.monotonic() > deadline:
                index.stopped = "time_limit"
            if index.stopped is not None:
                status = _end(program)
        except KeyboardInterrupt:
            continue  # Ctrl-C reached the program too; it decides when it ends
        try:
            now = time.monotonic()
            due = status is not None or now - written_at >= max(INDEX_EVERY_S, 10 * busy_s)
            sessions_before = len(captured)
            unwritten |= _list_new(reader, sessions, request, index, told, captured, due)
            if unwritten and (len(captured) > sessions_before or due):
                write_index(request.folder, index)
                written_at, unwritten = time.monotonic(), False
                busy_s = written_at - now
        except OSError as exc:
            failure = failure or exc  # capture.json stays as last written
    index.state = "finished"
    index.exit_status = status if status >= 0 else 128 - status
    try:
        if failure is not None:
            raise failure
        index.program = _program(captured, reader, request, builder)
        write_index(request.folder, index)
    except OSError as exc:
        raise _unwritable(request, exc) from exc
    finally:
        shutil.rmtree(journal, ignore_errors=True)
    return CaptureResult(index.exit_status, index, notes, reader.damaged)


def _end(program: subprocess.Popen[bytes]) -> int:
    """Stop the program: SIGTERM, and SIGKILL if it has not ended STOP_GRACE_S later."""
    program.send_signal(signal.SIGTERM)
    try:
        return program.wait(timeout=STOP_GRACE_S)
    except subprocess.TimeoutExpired:
        program.kill()
        return program.wait()


def _unwritable(request: CaptureRequest, exc: OSError) -> CaptureError:
    said = gettext(
        "cannot write the capture into {folder}: {error}; it is incomplete "
        "(its capture.json, if any, still says running)"
    )
    return CaptureError(said.format(folder=request.folder, error=exc.strerror or exc))


def _path_from(request: CaptureRequest) -> str | None:
    """Where a command without a folder is looked for; one with a folder is relative to
    the working folder."""
    if os.sep in request.command[0]:
        return str(request.working_folder)
    return os.environ.get("PATH")


def _list_new(
    reader: JournalReader,
    sessions: LaunchSessions,
    request: CaptureRequest,
    index: CaptureIndex,
    told: Callable[[Sequence[LaunchEntry]], None],
    captured: list[CapturedLaunch],
    due: bool,
) -> bool:
    """List the launches the journal holds since the last call, those not captured only
    when `due`; whether there were any."""
    launches = reader.new_launches(later_if_uncaptured=not due)
    batch: list[LaunchEntry] = []
    for launch in launches:
        entry = _entry(launch, sessions, request, captured)
        index.launches.append(entry)
        batch.append(entry)
        if entry.session is not None:  # saving it took a while: say so at once
            told(tuple(batch))
            batch.clear()
    if batch:
        told(tuple(batch))
    return bool(launches)


def _program(
    captured: list[CapturedLaunch],
    reader: JournalReader,
    request: CaptureRequest,
    builder: Builder,
) -> ProgramEntry | None:
    """program.json, once the program has ended; its entry in capture.json says why not
    when its launches cannot be one session."""
    said = gettext("The captured launches of {command}, in order")
    description = said.format(command=" ".join(request.command))
    try:
        return save_program(
            captured, reader, request.folder, builder, " ".join(description.split())
        )
    except (SessionError, ValueError) as exc:
        launches = tuple(c.launch.number for c in captured)
        return ProgramEntry(None, launches, str(exc))


def _entry(
    launch: JournalLaunch,
    sessions: LaunchSessions,
    request: CaptureRequest,
    captured: list[CapturedLaunch],
) -> LaunchEntry:
    listed = LaunchEntry(
        number=launch.number,
        kernel=launch.kernel,
        device=launch.device,
        global_size=launch.global_size,
        local_size=launch.local_size,
        call_site=launch.call_site,
        session=None,
        reason=launch.reason,
        detail=launch.detail,
        time_ns=launch.time_ns,
        timed_by=launch.timed_by,
    )
    if not launch.captured:
        return listed
    said = gettext("Launch {number} of {command}, at {place}")
    description = said.format(
        number=launch.number,
        command=" ".join(request.command),
        place=launch.call_site or gettext("an unknown place"),
    )
    try:
        saved = sessions.save(launch, " ".join(description.split()))
    except NotReproducible as exc:
        reason: Reason = "no_source" if launch.program is None else "not_reproducible"
        return replace(listed, reason=reason, detail=str(exc))
    except (OSError, ValueError) as exc:  # a full disk; a journal file the hook never wrote
        detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return replace(listed, reason="capture_failed", detail=detail)
    captured.append(CapturedLaunch(launch, saved))
    session = saved.path.relative_to(request.folder).as_posix()
    return replace(listed, session=session)
