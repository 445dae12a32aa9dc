"""The app's side of a worker on another machine: one life is one ssh connection.

`RemoteWorker` is a WorkerLife (clstudio.worker.life), so WorkerClient's limits, cancel
and restarts work as for a local worker: a timeout or a cancel kills ssh, which ends the
remote worker; a lost connection ends the request with a message naming it, and the next
request connects again.
"""

from __future__ import annotations

import contextlib
import os
import queue
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable

from clstudio import __version__
from clstudio.common import gettext
from clstudio.remote.address import RemoteAddress, last_line, python_command
from clstudio.remote.agent import EXIT_MARK
from clstudio.remote.frames import PROTOCOL, FrameError, read_frame, read_hello, write_frame
from clstudio.remote.messages import CancelNow, Number, Start, Where
from clstudio.remote.package_files import package_digest
from clstudio.worker.client import WorkerClient
from clstudio.worker.life import WorkerDied
from clstudio.worker.protocol import (
    Failure,
    Progress,
    Ready,
    Released,
    Reply,
    Request,
    Response,
    Stepped,
)

# Told of a connection lost during a request (its machine, the message the request ends
# with), from the thread that found it: the window marks the machine's row.
LostConnection = Callable[[RemoteAddress, str], None]
_CLOSE_WAIT_S = 2.0
_STDERR_TAIL = 4096
_ANSWERS = (Ready, Progress, Stepped, Reply, Failure, Where)
_ENDED = object()
# The variables that choose the language of a worker's messages: the app's go along.
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
# Run on the remote machine by its login shell: CL Studio's private folder first on the
# path, then one of its modules with its arguments (`argv`). The version, the module and
# the arguments are CL Studio's own making; no user text is in them.
BOOTSTRAP = (
    "import os,sys,runpy;"
    "h=os.path.join(os.environ.get('XDG_CACHE_HOME') or os.path.expanduser('~/.cache'),"
    "'clstudio',{version!r});"
    "p=[os.path.join(h,'lib'),os.path.join(h,'deps')];"
    "sys.path[:0]=p;"
    "os.environ['PYTHONPATH']=os.pathsep.join(p+[os.environ.get('PYTHONPATH','')]).rstrip(os.pathsep);"
    "sys.argv={argv!r};"
    "runpy.run_module({module!r},run_name='__main__',alter_sys=True)"
)


def agent_command() -> str:
    """The remote command: Python running the agent from CL Studio's private folder."""
    return python_command(
        BOOTSTRAP.format(
            version=__version__, module="clstudio.remote.agent", argv=["clstudio.remote.agent"]
        )
    )


class RemoteCancel:
    """The cancel flag of a remote life: setting it sends CancelNow."""

    def __init__(self, worker: RemoteWorker) -> None:
        self._worker = worker
        self._set = False

    def set(self) -> None:
        self._set = True
        self._worker.send_cancel()

    def clear(self) -> None:
        self._set = False

    def is_set(self) -> bool:
        return self._set


class InlineArrays:
    """A remote worker's arrays come inside its replies: nothing to map or give back."""

    def take(self, payload: object) -> object:
        return payload

    def released(self) -> Released | None:
        return None

    def close(self) -> None:
        pass


class RemoteWorker:
    """One life of a worker on `address`, over its own ssh process."""

    def __init__(
        self,
        address: RemoteAddress,
        generation: int,
        environment: tuple[tuple[str, str], ...] = (),
        batch: bool = True,
        on_lost: LostConnection | None = None,
    ) -> None:
        self.tag = f"{os.getpid()}.r{generation}"
        self.address = address
        self._on_lost = on_lost
        self.cancel = RemoteCancel(self)
        self.step = Number(-1)
        self.launch = Number(0)
        self.ready = False
        self.blocks = InlineArrays()
        self.started_at = time.monotonic()
        self._problem: str | None = None  # what was wrong with what it answered
        self._request_id = 0
        self._send_lock = threading.Lock()
        self._messages: queue.Queue[object] = queue.Queue()
        # ssh's stderr, for the life: closed by close()
        self._log = tempfile.TemporaryFile(prefix="clstudio-ssh-")  # noqa: SIM115
        languages = tuple((n, os.environ[n]) for n in LANGUAGE_VARIABLES if n in os.environ)
        self._process = subprocess.Popen(
            address.ssh_command(agent_command(), batch),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._log,
            start_new_session=True,  # Ctrl-C in a terminal is the app's, not ssh's
        )
        # Waited on by an Event, not Thread.join: joined from a Qt pool thread, a thread
        # leaves a _DummyThread behind.
        self._read_ended = threading.Event()
        threading.Thread(target=self._read_forever, daemon=True).start()
        with contextlib.suppress(WorkerDied):
            self._write(Start((*languages, *environment), self.tag))

    @property
    def pid(self) -> int | None:
        return self._process.pid

    def send(self, request: Request) -> None:
        self._request_id = request.id
        self._write(request)

    def send_cancel(self) -> None:
        with contextlib.suppress(WorkerDied):
            self._write(CancelNow())

    def receive(self, timeout_s: float) -> Response | None:
        try:
            message = self._messages.get(timeout=max(timeout_s, 0.0))
        except queue.Empty:
            return None
        if message is _ENDED:
            self._messages.put(_ENDED)  # every later call hears it too
            raise WorkerDied
        if isinstance(message, Where):
            if message.id == self._request_id:
                self.step.value, self.launch.value = message.step, message.launch
            return None
        if isinstance(message, Ready):
            self.ready = True
        assert isinstance(message, Ready | Progress | Stepped | Reply | Failure)
        return message

    def alive(self) -> bool:
        return self._process.poll() is None

    def exitcode(self) -> int | None:
        """The remote worker's exit status as the agent told it, else ssh's."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._process.wait(_CLOSE_WAIT_S)
        told = self._told_exit()
        return told if told is not None else self._process.returncode

    def stderr_text(self) -> str:
        return "\n".join(
            line for line in self._log_text().splitlines() if not line.startswith(EXIT_MARK)
        ).strip()

    def lost(self, doing: str) -> str | None:
        machine = self.address.name
        if self._problem is not None:
            return gettext(
                "the worker on {machine} answered what CL Studio cannot read while {doing}: "
                "{problem}"
            ).format(machine=machine, doing=doing, problem=self._problem)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._process.wait(_CLOSE_WAIT_S)
        if self._told_exit() is not None:
            return None  # the worker itself ended there: its exit says how
        said = last_line(self.stderr_text())
        if not self.ready:
            message = gettext("cannot start the worker on {machine} while {doing}").format(
                machine=machine, doing=doing
            )
        else:
            message = gettext("the connection to {machine} was lost while {doing}").format(
                machine=machine, doing=doing
            )
        if said:
            message += gettext(' (ssh said: "{said}")').format(said=said)
        message += gettext(". The next request connects again.")
        if self.ready and self._on_lost is not None:
            self._on_lost(self.address, message)
        return message

    def kill(self) -> None:
        with contextlib.suppress(OSError):
            self._process.kill()

    def close(self) -> None:
        if self._process.stdin is not None:
            with contextlib.suppress(OSError):
                self._process.stdin.close()  # the remote worker ends when its input does
        try:
            self._process.wait(_CLOSE_WAIT_S)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self._read_ended.wait(_CLOSE_WAIT_S)
        if self._process.stdout is not None:
            self._process.stdout.close()
        self._log.close()

    def _write(self, message: object) -> None:
        stream = self._process.stdin
        assert stream is not None
        with self._send_lock:
            try:
                write_frame(stream, message)
            except (OSError, ValueError) as exc:  # a broken pipe, or closed
                raise WorkerDied from exc

    def _read_forever(self) -> None:
        stream = self._process.stdout
        assert stream is not None
        try:
            self._greeted(read_hello(stream))
            while True:
                message = read_frame(stream)
                if not isinstance(message, _ANSWERS):
                    raise FrameError(
                        gettext("a message of the kind {kind}, not an answer").format(
                            kind=type(message).__name__
                        )
                    )
                self._messages.put(message)
        except FrameError as exc:
            self._problem = str(exc)
            self.kill()
        except (EOFError, OSError, ValueError):
            pass
        self._messages.put(_ENDED)
        self._read_ended.set()

    def _greeted(self, hello: tuple[int, str, str]) -> None:
        protocol, version, digest = hello
        if protocol != PROTOCOL or version != __version__ or digest != package_digest():
            raise FrameError(
                gettext(
                    "it runs CL Studio {theirs} ({their_files}), this is {ours} ({our_files}); "
                    "set it up again to install this one there"
                ).format(
                    theirs=version,
                    their_files=digest,
                    ours=__version__,
                    our_files=package_digest(),
                )
            )

    def _log_text(self) -> str:
        try:
            self._log.flush()
            size = os.fstat(self._log.fileno()).st_size
            return os.pread(self._log.fileno(), _STDERR_TAIL, max(0, size - _STDERR_TAIL)).decode(
                "utf-8", errors="replace"
            )
        except (OSError, ValueError):
            return ""

    def _told_exit(self) -> int | None:
        for line in reversed(self._log_text().splitlines()):
            if line.startswith(EXIT_MARK):
                with contextlib.suppress(ValueError):
                    return int(line[len(EXIT_MARK) :])
        return None


def remote_client(
    address: RemoteAddress,
    batch: bool = True,
    environment: tuple[tuple[str, str], ...] = (),
    on_lost: LostConnection | None = None,
) -> WorkerClient:
    """A WorkerClient whose every life is a worker on `address` (set up: clstudio.remote.setup);
    `on_lost` hears of each connection lost during a request."""

    def new_life(generation: int, environment: tuple[tuple[str, str], ...]) -> RemoteWorker:
        return RemoteWorker(address, generation, environment, batch, on_lost)

    return WorkerClient(environment=environment, new_life=new_life)
