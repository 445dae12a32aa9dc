"""One life of the worker: its process, its pipe, its cancel flag and its scratch folder.

A life ends by close, kill or crash; the client then starts a new one. Nothing is
shared between lives: a worker killed while holding the lock of its cancel flag
must not leave the next worker's flag locked.

The worker runs inside its scratch folder, which holds its stderr log and whatever
the driver drops into the current folder (PoCL writes `broken.dot` files there when
its kernel compiler aborts); the folder goes when the life ends.
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from multiprocessing import resource_tracker
from multiprocessing.context import ForkServerContext, SpawnContext
from pathlib import Path

from clstudio.devices import worker_environment
from clstudio.devices.pip_runtimes import VENDORS_FOLDER
from clstudio.session import Session
from clstudio.worker.block_pool import AppBlocks
from clstudio.worker.fork_server import context_for
from clstudio.worker.life import WorkerDied
from clstudio.worker.protocol import Ready, Request, Response, RunRequest, WithReleased

SCRATCH_PREFIX = "clstudio-worker-"  # then the app's process id
_STDERR_TAIL = 4096
_CLOSE_WAIT_S = 2.0
_ENVIRONMENT_LOCK = threading.Lock()


class SharedFlag:
    """The app's cancel: a byte of plain shared memory. A worker killed while reading it
    locks nothing, and a worker that starts after its app has gone opens nothing by name
    (a named semaphore's name goes with the app, and the worker's start failed on it
    with a traceback on the app's terminal)."""

    def __init__(self, context: ForkServerContext | SpawnContext) -> None:
        self._value = context.RawValue("b", 0)

    def set(self) -> None:
        self._value.value = 1

    def clear(self) -> None:
        self._value.value = 0

    def is_set(self) -> bool:
        return bool(self._value.value)


class WorkerProcess:
    """A worker process, forked from the fork server or spawned; it boots in the
    background until it sends Ready."""

    def __init__(self, generation: int, environment: tuple[tuple[str, str], ...] = ()) -> None:
        self.tag = f"{os.getpid()}.{generation}"
        self._scratch = Path(tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-"))
        with _child_environment(self._scratch / VENDORS_FOLDER) as environ:
            context = context_for(environ)
            self._start(context, generation, environment, environ)
        self.ready = False
        self.blocks = AppBlocks()  # the shared-memory blocks of this life's replies
        # One poll object for the life, on the pipe and the process's sentinel: a
        # multiprocessing wait() builds a selector per call, and Connection.poll another.
        self._last_run: Session | None = None  # the session of the last run sent
        self._poll = select.poll()
        self._poll.register(self._conn.fileno(), select.POLLIN)
        self._poll.register(self._process.sentinel, select.POLLIN)

    def _start(
        self,
        context: ForkServerContext | SpawnContext,
        generation: int,
        environment: tuple[tuple[str, str], ...],
        environ: dict[str, str],
    ) -> None:
        """Start the process in `environ`, the app's environment with the worker's own."""
        from clstudio.worker import child  # the worker's side: the window loads it only here

        self.cancel = SharedFlag(context)
        # The number of the run step (clstudio.common.RUN_STEPS) the worker is in, or -1:
        # plain shared memory, so a worker killed while writing it locks nothing.
        self.step = context.RawValue("i", -1)
        # The number of the program's launch last seen running in this request (1 the
        # first of the first repeat), 0 for none: a crash or timeout names it.
        self.launch = context.RawValue("q", 0)
        self._stderr_path = self._scratch / child.STDERR_NAME
        self._conn, child_conn = context.Pipe()
        self._process = context.Process(
            target=child.main,
            args=(
                child_conn,
                self.cancel,
                self.step,
                str(self._scratch),
                self.tag,
                environment,
                self.launch,
                environ,
                os.getpid(),
            ),
            name=f"clstudio-worker-{generation}",
            daemon=True,  # never outlives the app, even one that forgets to close it
        )
        self.started_at = time.monotonic()
        # Ctrl-C in a terminal reaches the whole process group. The worker leaves it as
        # it starts, but a SIGINT during its boot would print a traceback: it is born
        # with SIGINT blocked, and drops any that came in once it has left the group.
        # The fork server, started here with the first worker, keeps the mask it was
        # born with, so the workers forked from it are born with SIGINT blocked too.
        # multiprocessing's resource tracker unblocks SIGINT in the thread that starts
        # it, so it is started before.
        resource_tracker.ensure_running()
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            self._process.start()
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)  # a pending Ctrl-C raises here
        except BaseException:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
            if self._process.pid is not None:  # started, but no one would ever close it
                self._process.kill()
                self._process.join()
            shutil.rmtree(self._scratch, ignore_errors=True)
            raise
        finally:
            child_conn.close()

    @property
    def pid(self) -> int | None:
        return self._process.pid

    def send(self, request: Request) -> None:
        """Send `request`, after the blocks given back since the last one; a run of the same
        session as this life's last run goes without it (protocol.RunRequest)."""
        if isinstance(request, RunRequest):
            session = request.session
            if session is not None and (session is self._last_run or session == self._last_run):
                request = replace(request, session=None)
            else:
                self._last_run = request.session
        released = self.blocks.released()
        try:
            self._conn.send(request if released is None else WithReleased(released, request))
        except OSError as exc:  # a broken pipe: the worker died while idle
            raise WorkerDied from exc

    def receive(self, timeout_s: float) -> Response | None:
        """The next message, or None if none came within `timeout_s`.

        Raises WorkerDied once the process is gone and its last message has been read.
        """
        ready = self._poll.poll(max(timeout_s, 0.0) * 1000)
        if any(fd == self._conn.fileno() for fd, _ in ready):
            try:
                message: Response = self._conn.recv()
            except (EOFError, OSError) as exc:
                raise WorkerDied from exc
            if isinstance(message, Ready):
                self.ready = True
            return message
        if not self._process.is_alive():
            raise WorkerDied
        return None

    def alive(self) -> bool:
        return self._process.is_alive()

    def exitcode(self) -> int | None:
        """How the process ended: negative for a signal; None if it has not ended."""
        self._process.join(_CLOSE_WAIT_S)
        return self._process.exitcode

    def stderr_text(self) -> str:
        """The end of what the worker wrote to stderr during its last request."""
        try:
            with self._stderr_path.open("rb") as stream:
                stream.seek(max(0, stream.seek(0, os.SEEK_END) - _STDERR_TAIL))
                return stream.read().decode("utf-8", errors="replace")
        except OSError:
            return ""

    def lost(self, doing: str) -> str | None:
        """A process on this machine has no connection to lose: its exit says it all."""
        return None

    def kill(self) -> None:
        """SIGKILL: the only way out of a kernel that never returns. Safe from any thread."""
        with contextlib.suppress(OSError, ValueError):
            self._process.kill()

    def close(self) -> None:
        """End this life: let the worker exit when its pipe closes, kill it if it lingers."""
        self._conn.close()
        self._process.join(_CLOSE_WAIT_S)
        if self._process.is_alive():
            self._process.kill()
            self._process.join()
        self._process.close()
        self.blocks.close()
        shutil.rmtree(self._scratch, ignore_errors=True)


@contextlib.contextmanager
def _child_environment(vendors: Path) -> Iterator[dict[str, str]]:
    """The environment of a worker being started, given whole: the app's with what the pip
    OpenCL drivers need.

    A spawned process, and the fork server started with the first worker, take this
    process's environment, and LD_LIBRARY_PATH counts only from a process's start; the
    app's own environment is restored at once after.
    """
    with _ENVIRONMENT_LOCK:
        added = worker_environment(vendors, os.environ)
        saved = {name: os.environ.get(name) for name in added}
        os.environ.update(added)
        try:
            yield dict(os.environ)
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
