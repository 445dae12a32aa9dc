"""The debug process and the pipe to its debugger: commands out, fenced answers back.

The process has a process group of its own, so that a Stop (SIGKILL to the group)
ends it and anything it started, even inside an endless kernel; `kill` is safe from
any thread. Every wait has a limit, so no answer is waited for forever.

The process starts before its session is known: it imports what it needs (the engine,
pyopencl, numpy: most of its start) and then waits on a pipe of its own for the plan,
which `begin` sends. A window can so start one ahead of the user's Debug.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

import clstudio
from clstudio.debugger.answers import fence_answer, fence_token, split_fenced
from clstudio.debugger.debug_plan import DebugPlan, debug_environment
from clstudio.devices import worker_environment
from clstudio.session import session_to_dict

_READ_BYTES = 65536
_STATUS_WAIT_S = 5.0  # for the process to say how the run ended once its stdout closed
# Where a debug process has no status pipe (on another machine, over ssh: three streams
# only), its last line on stderr says how the run ended: this, then the JSON object.
STATUS_MARK = "clstudio-debug-status: "


class DebuggerEnded(Exception):
    """The debug process is gone; `text` is what it answered before it went."""

    def __init__(self, text: str) -> None:
        super().__init__("the debug process ended")
        self.text = text


class DebuggerTimeout(Exception):
    """No answer within the limit: the process was killed."""


Switches = tuple[tuple[str, str], ...]


def debug_process_environment(
    switches: Switches, vendors: Path, environ: Mapping[str, str]
) -> dict[str, str]:
    """What the debug process runs with: the drivers a worker sees (Oclgrind lives in CL
    Studio's own folder, where no loader looks by itself: devices.oclgrind_home), the plan's
    switches, and this package first on PYTHONPATH."""
    environment = dict(environ) | worker_environment(vendors, environ) | dict(switches)
    # The process starts in its scratch folder: a relative PYTHONPATH would miss.
    paths = [str(Path(clstudio.__file__).resolve().parent.parent)]
    environment["PYTHONPATH"] = os.pathsep.join(
        [*paths, *filter(None, environment.get("PYTHONPATH", "").split(os.pathsep))]
    )
    return environment


def start_debug_process(
    environment: Mapping[str, str], scratch: Path, piped: bool
) -> tuple[subprocess.Popen[bytes], int, int]:
    """The debug process (clstudio.debugger.process_main) in `scratch`, in a process group
    of its own, reading commands on a pipe to its stdin; its stdout and stderr are pipes
    too when `piped`, else ours. With it, the ends kept here: the pipe its plan goes on
    (to write) and the pipe it says how the run ended on (to read)."""
    status_read, status_write = os.pipe()
    plan_read, plan_write = os.pipe()
    output = subprocess.PIPE if piped else None
    command = [sys.executable, "-m", "clstudio.debugger.process_main"]
    try:
        process = subprocess.Popen(
            [*command, str(plan_read), str(status_write)],
            stdin=subprocess.PIPE,
            stdout=output,
            stderr=output,
            pass_fds=(plan_read, status_write),
            env=environment,
            cwd=scratch,
            start_new_session=True,
        )
    finally:
        os.close(status_write)
        os.close(plan_read)
    return process, plan_write, status_read


class DebuggerProcess:
    """One debug run: the process, its pipes, its scratch folder."""

    def __init__(self, switches: Switches | None = None) -> None:
        """Start the process with the plans' switches (debug_plan.debug_environment); it
        waits for `begin`."""
        self.switches = debug_environment() if switches is None else switches
        self._scratch = Path(tempfile.mkdtemp(prefix="clstudio-debug-"))
        self._plan_fd = -1  # where `begin` sends the plan; -1 once sent, or never to be
        self._process, self._status_fd = self._start()
        self._out = b""
        self._err = b""
        self._fences = 0
        self._fence = fence_token()
        self._lock = threading.Lock()
        self._killed = False
        self._stderr_open = True
        self._status_line: str | None = None  # STATUS_MARK's line, once read

    def _start(self) -> tuple[subprocess.Popen[bytes], int | None]:
        """The debug process, in a process group of its own, and the pipe it says how the
        run ended on (None: it says so on stderr, STATUS_MARK). Here: on this machine."""
        environment = debug_process_environment(self.switches, self._scratch / "icd", os.environ)
        process, self._plan_fd, status_read = start_debug_process(
            environment, self._scratch, piped=True
        )
        return process, status_read

    @property
    def pid(self) -> int:
        return self._process.pid

    def can_begin(self, plan: DebugPlan) -> bool:
        """Whether this process, still waiting, can run `plan` (started with its switches)."""
        return (
            self._plan_fd >= 0
            and self._process.poll() is None
            and (self.switches == plan.environment)
        )

    def begin(self, plan: DebugPlan) -> None:
        """Send the plan: the process builds the session and runs it under the debugger. A
        process that has gone meanwhile is heard of at the first `ask` (DebuggerEnded)."""
        session_path = self._scratch / "session.json"
        session_path.write_text(json.dumps(session_to_dict(plan.session)), encoding="utf-8")
        base_dir = str(plan.session.base_dir or Path.cwd())  # its own cwd is the scratch folder
        order = {"session": str(session_path), "base_dir": base_dir}
        with contextlib.suppress(OSError):  # BrokenPipeError: it has gone
            os.write(self._plan_fd, json.dumps(order).encode("utf-8"))
        self._close_plan_pipe()

    def _close_plan_pipe(self) -> None:
        if self._plan_fd >= 0:
            os.close(self._plan_fd)
            self._plan_fd = -1

    def ask(self, commands: Sequence[str], limit_s: float) -> tuple[str, ...]:
        """Each command's answer, in order. Raises DebuggerEnded or DebuggerTimeout."""
        first = self._fences + 1
        lines = []
        for command in commands:
            self._fences += 1
            lines += [command, f"{self._fence}-{self._fences}"]
        try:
            stdin = self._process.stdin
            assert stdin is not None
            stdin.write("".join(f"{line}\n" for line in lines).encode())
            stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            raise DebuggerEnded(self._take_all()) from None
        last = f"{fence_answer(self._fence, self._fences)}\n".encode()
        deadline = time.monotonic() + limit_s
        while last not in self._out:
            if not self._read(deadline):
                if self._process.poll() is None and time.monotonic() >= deadline:
                    self.kill()
                    raise DebuggerTimeout
                raise DebuggerEnded(self._take_all())
        end = self._out.index(last) + len(last)
        text, self._out = self._out[:end].decode("utf-8", "replace"), self._out[end:]
        answers = split_fenced(text, self._fence)
        if len(answers) != self._fences - first + 1:  # Oclgrind answered out of turn
            self.kill()
            raise DebuggerEnded(text)
        return answers

    def take_reports(self) -> str:
        """What the process wrote to stderr since the last call: Oclgrind's error reports."""
        self._drain_stderr()
        self._take_status_line()
        text, self._err = self._err.decode("utf-8", "replace"), b""
        return text

    def status(self) -> dict[str, object] | None:
        """How the run ended, as the process told it; None if it died without saying."""
        if self._status_fd is None:
            return self._status_from_stderr()
        ready, _, _ = select.select([self._status_fd], [], [], _STATUS_WAIT_S)
        if not ready:
            return None
        data = b""
        while chunk := os.read(self._status_fd, _READ_BYTES):
            data += chunk
        try:
            status = json.loads(data.decode("utf-8"))
        except ValueError:
            return None
        return status if isinstance(status, dict) else None

    def exit_code(self) -> int | None:
        with contextlib.suppress(subprocess.TimeoutExpired):
            return self._process.wait(_STATUS_WAIT_S)
        return None

    def kill(self) -> None:
        """SIGKILL to the process group. Safe from any thread, and more than once."""
        with self._lock:
            self._killed = True
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self._process.pid, signal.SIGKILL)

    @property
    def killed(self) -> bool:
        return self._killed

    def close(self) -> None:
        """End the process if it still runs, and remove its scratch folder."""
        self._close_plan_pipe()
        if self._process.poll() is None:
            self.kill()
        self._process.wait()
        for stream in (self._process.stdin, self._process.stdout, self._process.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        if self._status_fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._status_fd)
        shutil.rmtree(self._scratch)  # links to the drivers' `.icd` files, not the files

    def _read(self, deadline: float) -> bool:
        """Read what stdout or stderr has; False at end of stdout or past the deadline."""
        stdout, stderr = self._process.stdout, self._process.stderr
        assert stdout is not None and stderr is not None
        wait_s = deadline - time.monotonic()
        if wait_s <= 0:
            return False
        streams = [stdout, stderr] if self._stderr_open else [stdout]
        ready, _, _ = select.select(streams, [], [], wait_s)
        if not ready:
            return False
        for stream in ready:
            chunk = os.read(stream.fileno(), _READ_BYTES)
            if stream is stderr:
                self._err += chunk
                self._stderr_open = bool(chunk)
            elif not chunk:
                return False
            else:
                self._out += chunk
        return True

    def _status_from_stderr(self) -> dict[str, object] | None:
        """The status line at the end of stderr (STATUS_MARK), taken out of the reports."""
        stderr = self._process.stderr
        assert stderr is not None
        deadline = time.monotonic() + _STATUS_WAIT_S
        while self._status_line is None and self._stderr_open and time.monotonic() < deadline:
            if select.select([stderr], [], [], max(deadline - time.monotonic(), 0))[0]:
                chunk = os.read(stderr.fileno(), _READ_BYTES)
                self._err += chunk
                self._stderr_open = bool(chunk)
        self._take_status_line()
        if self._status_line is None:
            return None
        try:
            status = json.loads(self._status_line)
        except ValueError:
            return None
        return status if isinstance(status, dict) else None

    def _take_status_line(self) -> None:
        """Move STATUS_MARK's line out of stderr's text, once it has come."""
        if self._status_fd is not None or self._status_line is not None:
            return
        head, mark, tail = self._err.decode("utf-8", "replace").rpartition(STATUS_MARK)
        if mark:
            self._status_line, _, rest = tail.partition("\n")
            self._err = (head.rstrip("\n") + rest).encode()

    def _drain_stderr(self) -> None:
        stderr = self._process.stderr
        assert stderr is not None
        while self._stderr_open and select.select([stderr], [], [], 0)[0]:
            chunk = os.read(stderr.fileno(), _READ_BYTES)
            self._err += chunk
            self._stderr_open = bool(chunk)

    def _take_all(self) -> str:
        """Everything stdout still holds, up to its end, once the process has gone."""
        stdout = self._process.stdout
        assert stdout is not None
        with contextlib.suppress(OSError):
            while select.select([stdout], [], [], 1.0)[0]:
                chunk = os.read(stdout.fileno(), _READ_BYTES)
                if not chunk:
                    break
                self._out += chunk
        text, self._out = self._out.decode("utf-8", "replace"), b""
        return text


def start_debugger(plan: DebugPlan) -> DebuggerProcess:
    """A debug process on this machine, running `plan` from its start."""
    process = DebuggerProcess(plan.environment)
    process.begin(plan)
    return process
