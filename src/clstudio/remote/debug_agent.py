"""The remote machine's side of a debug run over ssh: `python3 -m clstudio.remote.debug_agent`.

The debugger's conversation is Oclgrind's own text on stdin and stdout (as for a local
debug process, clstudio.debugger.pipe), so the agent gives the debug process the ssh
channel's stdout and stderr, and forwards its stdin; an ssh connection carries three
streams, so how the run ended comes last on stderr (STATUS_MARK). When the connection
ends (Stop kills ssh, or the network goes), stdin ends and the agent kills the debug
process's group, even inside an endless kernel.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import IO

from clstudio.debugger.pipe import STATUS_MARK, start_debug_process
from clstudio.devices import worker_environment

_READ_BYTES = 65536


def main(orders_text: str) -> int:
    """`orders_text`: base64 of {"session": the session's JSON, "environment": [[k, v]…]},
    made by the app (clstudio.remote.debugging)."""
    orders = json.loads(base64.b64decode(orders_text))
    scratch = Path(tempfile.mkdtemp(prefix="clstudio-debug-"))
    try:
        session_path = scratch / "session.json"
        session_path.write_text(json.dumps(orders["session"]), encoding="utf-8")
        environment = dict(os.environ)
        environment.update(worker_environment(scratch / "icd", os.environ))
        environment.update({str(k): str(v) for k, v in orders["environment"]})
        # Its stdout and stderr are the agent's: the ssh channel's.
        process, plan_write, status_read = start_debug_process(environment, scratch, piped=False)
        # Its orders, at once: the session (nothing reads them if it has died already).
        with contextlib.suppress(OSError), os.fdopen(plan_write, "wb") as orders_pipe:
            orders_pipe.write(json.dumps({"session": str(session_path)}).encode("utf-8"))
        assert process.stdin is not None
        threading.Thread(target=_forward, args=(process, process.stdin), daemon=True).start()
        process.wait()
        with os.fdopen(status_read, "rb") as stream:
            status = stream.read().decode("utf-8", "replace").strip()
        with contextlib.suppress(OSError):  # the connection may be gone: no one to tell
            sys.stderr.write(f"\n{STATUS_MARK}{status or 'null'}\n")
            sys.stderr.flush()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


def _forward(process: subprocess.Popen[bytes], into: IO[bytes]) -> None:
    """The app's commands to the debug process; at their end, the process's end."""
    try:
        while chunk := os.read(0, _READ_BYTES):
            into.write(chunk)
            into.flush()
    except OSError:
        pass
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
