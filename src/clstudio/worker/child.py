"""The worker process: one warm Engine answering requests from the app, one at a time.

The app imports this module only to name `main` as the process target, and the fork
server to have it loaded in the workers it forks (worker/fork_server.py); the engine,
pyopencl and the OpenCL driver load in the worker alone (see `main`).
"""

from __future__ import annotations

import ctypes
import dataclasses
import functools
import os
import select
import shutil
import signal
import sys
import tempfile
import threading
import time
import traceback
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, cast

import numpy as np

from clstudio.checkmode import LOG_NAME
from clstudio.common import STEP_NUMBERS, RunResult, StepOutcome, gettext, hold_language
from clstudio.worker.block_pool import WorkerBlocks
from clstudio.worker.kept_inputs import SentInputs
from clstudio.worker.native_output import POCL_CACHE_VARIABLE, REMARKS_VARIABLE, NativeOutput
from clstudio.worker.protocol import (
    DRIVERS_AT_BOOT,
    BuildRequest,
    CheckRequest,
    CompileRequest,
    CountRequest,
    DevicesRequest,
    Failure,
    PeakRequest,
    Progress,
    Ready,
    Released,
    Reply,
    Request,
    RunRequest,
    Stepped,
    StepRequest,
    TrafficRequest,
    WarmRequest,
    WithReleased,
)
from clstudio.worker.repeated_results import SentResults
from clstudio.worker.series_wait import SeriesWait
from clstudio.worker.shared_arrays import block_prefix

if TYPE_CHECKING:
    from clstudio.engine import Engine
    from clstudio.session import Session

PRINTF_LIMIT = 64 * 1024
STDERR_NAME = "stderr.log"
ORPHAN_CHECK_S = 1.0
PROGRESS_INTERVAL_S = 0.05  # a run of 100,000 short repeats must not flood the pipe


class Channel(Protocol):
    """The worker's end of its link to the app: a pipe, or frames over ssh (clstudio.remote)."""

    def send(self, obj: object) -> None: ...

    def recv(self) -> object:
        """The next message; EOFError once the app has gone."""
        ...


class Flag(Protocol):
    """The app's cancel: a shared Event, or one set by a message."""

    def is_set(self) -> bool: ...


class Slot(Protocol):
    """A number the app reads while the worker runs: the run step, the launch."""

    value: int


class PrintfCapture:
    """Sends fd 1 to a file during a run: PoCL prints a kernel's printf output there.

    The file is cut back to PRINTF_LIMIT after every repeat, so a printf flood over
    many repeats never fills the disk; the bytes cut are counted for the note.
    """

    def __init__(self, limit: int = PRINTF_LIMIT) -> None:
        self._limit = limit
        # An unlinked temporary file, open for the worker's life: nothing to clean up.
        self._fd, path = tempfile.mkstemp(prefix="clstudio-printf-")
        os.unlink(path)
        self._cut = 0
        self._saved_fd = -1
        self._mark: tuple[int, int] | None = None  # where the last launch's line starts, ends
        # Known empty: the last text() found nothing printed, and fd 1 has not pointed at
        # the file since. A tiny run then spends no system call on the file but the dups.
        self._empty = True

    def __enter__(self) -> PrintfCapture:
        sys.stdout.flush()
        fd = self._fd
        if not self._empty:
            if os.fstat(fd).st_size:  # truncating, even an empty file, is slow on some
                os.ftruncate(fd, 0)  # file systems
            os.lseek(fd, 0, os.SEEK_SET)
        self._empty = False
        self._cut = 0
        self._mark = None
        self._saved_fd = os.dup(1)
        os.dup2(fd, 1)
        return self

    def __exit__(self, *exc: object) -> None:
        _flush_c_stdout()
        sys.stdout.flush()
        os.dup2(self._saved_fd, 1)
        os.close(self._saved_fd)
        self._saved_fd = -1

    def trim(self, flushed: bool = False) -> None:
        """Keep the file within the limit; fd 1 shares its offset, so writing continues.

        `flushed`: C stdio was flushed just before (by mark_launch)."""
        fd = self._fd
        if not flushed:
            _flush_c_stdout()
        size = os.fstat(fd).st_size
        if size > self._limit:
            self._cut += size - self._limit
            os.ftruncate(fd, self._limit)
            os.lseek(fd, self._limit, os.SEEK_SET)

    def mark_launch(self, done: int, total: int) -> None:
        """Between launches of a run of several: "── launch 2 of 5" heads what follows.

        The line of a launch that printed nothing is taken back, so quiet repeats add none.
        """
        _flush_c_stdout()
        fd = self._fd
        end = os.lseek(fd, 0, os.SEEK_CUR)
        if self._mark is not None and self._mark[1] == end:
            os.ftruncate(fd, self._mark[0])
            end = os.lseek(fd, self._mark[0], os.SEEK_SET)
        self._mark = None
        if total > 1 and done < total:
            heading = gettext("── launch {number} of {total}").format(number=done + 1, total=total)
            os.write(fd, f"{heading}\n".encode())
            self._mark = (end, os.lseek(fd, 0, os.SEEK_CUR))

    def take_end(self, limit: int) -> str:
        """The last `limit` bytes written since the capture began or the last take, which
        are then let go: the file starts empty again."""
        _flush_c_stdout()
        fd = self._fd
        end = os.lseek(fd, 0, os.SEEK_CUR)
        start = max(0, end - limit)
        data = os.pread(fd, end - start, start)
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        self._mark = None
        return data.decode("utf-8", errors="replace")

    def text(self) -> str:
        """What the kernel printed, up to the limit, with a note when some was cut."""
        self.mark_launch(0, 0)
        fd = self._fd
        if not self._cut and os.lseek(fd, 0, os.SEEK_CUR) == 0:
            # Nothing printed, and once fd 1 is back nothing will be, until __enter__.
            self._empty = self._saved_fd < 0
            return ""
        self.trim(flushed=True)
        data = os.pread(fd, self._limit, 0)
        text = data.decode("utf-8", errors="replace")
        if self._cut:
            cut = gettext("[output cut: {count} more bytes]").format(count=self._cut)
            text += f"\n{cut}\n"
        return text


@functools.cache
def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None)


def _flush_c_stdout() -> None:
    """A driver printing through C stdio may hold output in its buffer; flush it."""
    _libc().fflush(None)


class _Handler:
    """Answers each request with the warm engine; unexpected exceptions become Failures."""

    def __init__(
        self,
        conn: Channel,
        cancel: Flag,
        step: Slot,
        tag: str,
        launch: Slot | None = None,
        inline: bool = False,
    ) -> None:
        # Imported here, in the worker only: pyopencl and the driver never load in the app.
        from clstudio.devices.discovery import discover
        from clstudio.engine import (
            Engine,
            StepKeeper,
            check_session,
            count_session,
            measure_traffic,
            reading_back_into,
        )

        self._engine: Engine = Engine()
        # A one-shot worker, often booted ahead of its request: the drivers (and the
        # compiler view's readers of listings) load while the user reads, not after the
        # click. (PoCL reads its switches as it loads: they are set by now.)
        if os.environ.get(DRIVERS_AT_BOOT[0]) == DRIVERS_AT_BOOT[1]:
            self._engine.load_drivers()
        if os.environ.get(REMARKS_VARIABLE) == "1":
            from clstudio.compiler import load_readers

            load_readers()
        self._conn = conn
        self._cancel = cancel
        self._step = step
        self._launch = launch
        self._tag = tag
        self._steps = StepKeeper(lambda session: self._engine.stepper(session, self._entering))
        self._discover = discover
        self._check_session = check_session
        self._count_session = count_session
        self._measure_traffic = measure_traffic
        self._reading_back_into = reading_back_into
        self._printf = PrintfCapture()
        self._log_offset = 0  # how much of Oclgrind's log earlier checks have read
        self._inputs = SentInputs()
        self._results = SentResults()
        self._blocks = WorkerBlocks(inline)
        self._last_run: Session | None = None  # the session of the last run (RunRequest)

    def answer(self, request: Request) -> None:
        blocks = self._blocks.reply(block_prefix(self._tag, request.id))
        try:
            sending: dict[str, np.ndarray] = {}
            payload: object
            if isinstance(request, RunRequest):
                with self._reading_back_into(blocks.empty):  # outputs land on shared memory
                    result = self._run(request)
                payload, sending = self._inputs.strip(self._results.tell(result))
            else:
                payload = self._payload(request)
            shared = blocks.share(payload)
            self._conn.send(Reply(request.id, shared, blocks.made))
            self._inputs.sent(sending)
            if isinstance(request, RunRequest):
                self._results.sent()
        except Exception:
            blocks.unsent()
            self._conn.send(Failure(request.id, traceback.format_exc()))

    def release(self, message: Released) -> None:
        self._blocks.release(message)

    def _payload(self, request: Request) -> object:
        if isinstance(request, DevicesRequest):
            return self._discover()
        if isinstance(request, BuildRequest | WarmRequest):
            return self._engine.build(
                request.source, request.options, request.selector, self._entering
            )
        if isinstance(request, CheckRequest):
            return self._check(request)
        if isinstance(request, CountRequest):
            return self._count(request)
        if isinstance(request, TrafficRequest):
            return self._traffic(request)
        if isinstance(request, PeakRequest):
            return self._engine.measure_peak(request.selector, request.probe, request.plan)
        if isinstance(request, StepRequest):
            return self._advance(request)
        assert isinstance(request, CompileRequest)  # runs are answered by _run
        return self._compile(request)

    def _advance(self, request: StepRequest) -> object:
        def stepped(outcome: StepOutcome) -> None:
            if outcome.run is None:  # step 11's arrays travel in the reply's shared memory
                self._conn.send(Stepped(request.id, outcome))

        with self._printf:  # a kernel's printf must not reach the app's terminal
            return self._steps.step(
                request.session, request.first, request.count, self._cancel.is_set, stepped
            )

    def _check(self, request: CheckRequest) -> object:
        def progress(done: int, total: int) -> None:
            self._conn.send(Progress(request.id, done, total))

        def read_log() -> tuple[str, str]:
            # Kernel reports go to the log file, which grows over the worker's checks;
            # API errors may go to stderr, emptied before each request, among other lines.
            sys.stderr.flush()
            reports = _read_bytes(LOG_NAME, self._log_offset)
            self._log_offset += len(reports)
            chatter = _read_bytes(STDERR_NAME)
            return (
                reports.decode("utf-8", errors="replace"),
                chatter.decode("utf-8", errors="replace"),
            )

        with self._printf:
            started = self._launch_started if self._launch is not None else None
            return self._check_session(
                self._engine, request.plan, read_log, progress, self._cancel.is_set, started
            )

    def _count(self, request: CountRequest) -> object:
        def progress(done: int, total: int) -> None:
            self._conn.send(Progress(request.id, done, total))

        with self._printf:  # Oclgrind prints its counts on stdout, with the kernel's printf
            return self._count_session(
                self._engine, request.plan, self._printf.take_end, progress, self._cancel.is_set
            )

    def _traffic(self, request: TrafficRequest) -> object:
        def progress(done: int, total: int) -> None:
            self._conn.send(Progress(request.id, done, total))

        with self._printf:
            return self._measure_traffic(
                self._engine, request.plan, progress, self._cancel.is_set, self._entering
            )

    def _run(self, request: RunRequest) -> RunResult:
        # Only runs that take a while hear of their repeats; the client completes the
        # progress with the reply (a message less to wake the app for in a tiny run).
        last_sent = time.monotonic()

        def progress(done: int, total: int) -> None:
            nonlocal last_sent
            self._printf.mark_launch(done, total)
            self._printf.trim(flushed=True)
            now = time.monotonic()
            if now - last_sent >= PROGRESS_INTERVAL_S:
                last_sent = now
                self._conn.send(Progress(request.id, done, total))

        session = self._last_run if request.session is None else request.session
        assert session is not None, "a run without a session came first"
        self._last_run = session
        with self._printf:
            result = self._engine.run(
                session,
                progress,
                self._cancel.is_set,
                self._entering,
                snapshots=request.snapshots,
                started=self._launch_started if self._launch is not None else None,
            )
        printed = self._printf.text()
        return dataclasses.replace(result, printf=printed) if printed else result

    def _compile(self, request: CompileRequest) -> object:
        from clstudio.compiler import compile_view

        # Two channels: PoCL's LLVM prints its remarks through C stdio's stdout stream,
        # which NativeOutput takes; PoCL writes the kernel's printf to fd 1, which the
        # printf capture takes. Whatever the kernel prints, it never reads as a remark.
        with self._printf, NativeOutput() as printed:
            # The launch's start ends the build's allowance (request_ends.Job).
            started = self._launch_started if self._launch is not None else None
            build = self._engine.build_for_view(request.session, self._entering, started)
        # LLVM prints some remarks on stderr, which goes to STDERR_NAME, emptied before
        # each request; a kernel's printf never goes there.
        sys.stderr.flush()
        stdio = printed.text()
        kernel_output = self._printf.text()
        if not build.pocl:  # other drivers print a kernel's printf through C stdio
            kernel_output += stdio
            stdio = ""
        text = stdio + _read_bytes(STDERR_NAME).decode("utf-8", errors="replace")
        cache = os.environ.get(POCL_CACHE_VARIABLE)
        view = compile_view(build, text, Path(cache).resolve() if cache else None)
        return dataclasses.replace(view, printf=kernel_output)

    def _entering(self, step: str) -> None:
        self._step.value = STEP_NUMBERS[step]

    def _launch_started(self, number: int) -> None:
        # From the driver's callback threads, in no set order: the highest number is the
        # launch running now, since the queue runs them in order.
        assert self._launch is not None
        self._launch.value = max(self._launch.value, number)


def _read_bytes(path: str, offset: int = 0) -> bytes:
    try:
        with open(path, "rb") as stream:
            stream.seek(offset)
            return stream.read()
    except OSError:
        return b""


def _end_with_the_app(app_pid: int, scratch: str) -> None:
    """An orphaned worker ends itself, even inside an endless kernel (which releases the GIL).

    Otherwise an app that crashed during such a kernel would leave it spinning forever.
    A worker forked from the fork server is not the app's child, and the server lives as
    long as its workers do: such a worker waits on a pidfd of the app's process (Linux
    5.3 on), or asks once a second whether it is still there.
    """
    if os.getppid() == app_pid:
        while os.getppid() == app_pid:
            time.sleep(ORPHAN_CHECK_S)
    else:
        try:
            select.select([os.pidfd_open(app_pid)], [], [])  # readable once it has ended
        except ProcessLookupError:
            pass  # gone already
        except OSError:  # no pidfds here
            while _exists(app_pid):
                time.sleep(ORPHAN_CHECK_S)
    shutil.rmtree(scratch, ignore_errors=True)  # the app that would remove it is gone
    os._exit(0)


def _exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return False  # another user's process took the number: the app is gone
    return True


def main(
    conn: Connection,
    cancel: Flag,
    step: Slot,
    scratch: str,
    tag: str,
    environment: tuple[tuple[str, str], ...] = (),
    launch: Slot | None = None,
    environ: dict[str, str] | None = None,
    app_pid: int | None = None,
) -> None:
    """The worker's loop, run inside the folder `scratch`; it ends when the app closes the pipe,
    and removes `scratch` then, whether the app closed it or died.

    `environ` is the app's environment at the worker's start, and `app_pid` its process,
    which a worker forked from the fork server (worker/fork_server.py) must be told;
    `environment` is set after `environ`, before any OpenCL call (Oclgrind's switches
    for a check); `launch` holds the number of the program's launch running now, for the
    app to name.

    The worker's stderr goes to `scratch`/stderr.log, emptied before each request,
    so that after a crash the app can quote the dying words (`LLVM ERROR: ...`,
    `double free or corruption`) in its message.
    """
    if environ is not None:
        os.environ.clear()
        os.environ.update(environ)
    enter_scratch(scratch, environment, app_pid)
    serve(SeriesWait(conn), cancel, step, scratch, tag, launch)


def enter_scratch(
    scratch: str, environment: tuple[tuple[str, str], ...], app_pid: int | None = None
) -> None:
    """Set up the worker's process: its own group, the environment, the scratch folder
    as its current folder and stderr's file, and its end when the app goes (`app_pid`,
    else its parent)."""
    # A process group of its own: Ctrl-C in a terminal is the app's to handle, not the
    # worker's (LLVM installs a SIGINT handler that would end the worker).
    os.setpgrp()
    # Born with SIGINT blocked (see WorkerProcess): ignoring it discards one that came
    # during the boot, before the group was left.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    # Older C libraries write "double free or corruption" to the terminal, not to stderr.
    os.environ["LIBC_FATAL_STDERR_"] = "1"
    os.environ.update(environment)
    hold_language()  # the environment is set: reading it for every message costs a tiny run
    app = os.getppid() if app_pid is None else app_pid
    threading.Thread(target=_end_with_the_app, args=(app, scratch), daemon=True).start()
    os.chdir(scratch)
    log = os.open(STDERR_NAME, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    os.dup2(log, 2)
    os.close(log)


def serve(
    conn: Channel,
    cancel: Flag,
    step: Slot,
    scratch: str,
    tag: str,
    launch: Slot | None = None,
    inline: bool = False,
) -> None:
    """Answer requests until the app goes; `inline` keeps arrays in the replies (a
    worker on another machine shares no memory with the app)."""
    handler = _Handler(conn, cancel, step, tag, launch, inline)
    conn.send(Ready(os.getpid()))
    while True:
        try:
            request = conn.recv()
        except EOFError:  # the app closed the pipe, or was killed: no one else removes it
            shutil.rmtree(scratch, ignore_errors=True)
            return
        if isinstance(request, WithReleased):
            handler.release(request.released)
            request = request.request
        sys.stderr.flush()
        if os.fstat(2).st_size:  # a tiny run need not pay for truncating an empty file
            os.ftruncate(2, 0)
        handler.answer(cast(Request, request))
