"""`clstudio capture`: the learner's program run as it is, with the hook on its Python's
path, and its launches turned into sessions while it runs.

The program keeps its own input, output and exit status; only PYTHONPATH (the hook's folder
put first) and the capture's settings variable are added to its environment. The journal
is read every fraction of a second, so capture.json lists each launch soon after it ran,
and once more when the program ends, however it ends.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from clstudio.backend import Builder
from clstudio.capture.capture_index import CaptureIndex, LaunchEntry, ProgramEntry, write_index
from clstudio.capture.journal import JOURNAL_FOLDER, JournalLaunch, JournalReader, Reason
from clstudio.capture.launch_sessions import LaunchSessions, NotReproducible
from clstudio.capture.program_session import CapturedLaunch, save_program
from clstudio.common import gettext
from clstudio.session import SessionError

HOOK_FOLDER = Path(__file__).with_name("hook")
SETTINGS_VARIABLE = "CLSTUDIO_CAPTURE"  # the hook's sitecustomize reads it
DEFAULT_FIRST = 16
DEFAULT_MAX_BYTES = 256 << 20
POLL_S = 0.2
# capture.json is rewritten whole: at once when a launch has a new session, else at most
# every second, and less often as long as writing it takes (a tenth of the time at most),
# so that a program of many launches does not share its CPU with the writing.
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


@dataclass(frozen=True)
class CaptureResult:
    exit_status: int  # the program's, as a shell reports it (128 + N for signal N)
    index: CaptureIndex


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


def program_environment(request: CaptureRequest, journal: Path) -> dict[str, str]:
    """The program's environment: its own, with the hook first on PYTHONPATH."""
    env = dict(os.environ)
    paths = [str(HOOK_FOLDER), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    settings = {
        "journal": str(journal),
        "kernels": list(request.kernels),
        "launches": list(request.launches),
        "first": request.first,
        "max_bytes": request.max_bytes,
    }
    env[SETTINGS_VARIABLE] = json.dumps(settings)
    return env


def run_capture(
    request: CaptureRequest,
    builder: Builder,
    told: Callable[[LaunchEntry], None],
    stop: Callable[[], bool] | None = None,
) -> CaptureResult:
    """Run the program to its end, capturing; `told` hears of each launch once it is
    listed. Once `stop` says so the program is killed, and what it launched until then is
    kept as if it had crashed there."""
    if not request.command:
        raise CaptureError(gettext("no command to run: give it after --"))
    if shutil.which(request.command[0], path=_path_from(request)) is None:
        said = gettext("cannot run {command}: no such program")
        raise CaptureError(said.format(command=request.command[0]))
    prepare_folder(request.folder)
    journal = request.folder / JOURNAL_FOLDER
    journal.mkdir()
    index = CaptureIndex(request.command, str(request.working_folder))
    write_index(request.folder, index)
    reader = JournalReader(journal)
    sessions = LaunchSessions(builder, reader, request.folder)
    environment = program_environment(request, journal)
    program = subprocess.Popen(request.command, cwd=request.working_folder, env=environment)
    captured: list[CapturedLaunch] = []
    status = None
    written_at, writing_s, unwritten = time.monotonic(), 0.0, False
    while status is None:
        try:
            status = program.wait(timeout=POLL_S)
        except subprocess.TimeoutExpired:
            pass
        except KeyboardInterrupt:
            continue  # Ctrl-C reached the program too; it decides when it ends
        if stop is not None and stop():
            program.kill()
        sessions_before = len(captured)
        unwritten |= _list_new(reader, sessions, request, index, told, captured)
        now = time.monotonic()
        due = now - written_at >= max(INDEX_EVERY_S, 10 * writing_s)
        if unwritten and (len(captured) > sessions_before or due):
            write_index(request.folder, index)
            written_at, unwritten = time.monotonic(), False
            writing_s = written_at - now
    index.state = "finished"
    index.exit_status = status if status >= 0 else 128 - status
    index.program = _program(captured, reader, request, builder)
    write_index(request.folder, index)
    shutil.rmtree(journal)
    return CaptureResult(index.exit_status, index)


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
    told: Callable[[LaunchEntry], None],
    captured: list[CapturedLaunch],
) -> bool:
    """List the launches the journal holds since the last call; whether there were any."""
    launches = reader.new_launches()
    for launch in launches:
        entry = _entry(launch, sessions, request, captured)
        index.launches.append(entry)
        told(entry)
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
    captured.append(CapturedLaunch(launch, saved))
    session = saved.path.relative_to(request.folder).as_posix()
    return replace(listed, session=session)
